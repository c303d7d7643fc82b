package io.scyllaboot.driver.internal.connection;

import io.scyllaboot.driver.api.error.ErrorCodes;
import io.scyllaboot.driver.internal.routing.Sharder;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a node's SUPPORTED message says of the ScyllaDB protocol extensions, and what to ask for in
 * STARTUP. A node that lists none of them (Apache Cassandra) is one shard with no extension.
 * Parsing is strict where a wrong guess would misroute: sharding needs the shard, the shard count,
 * the ignore-msb bits, the {@code biased-token-round-robin} algorithm and the Murmur3 partitioner,
 * each with exactly one value, else the node is treated as not sharded.
 *
 * @param shard the shard this connection is served by, or -1 when the node is not sharded
 * @param sharder the node's token-to-shard function ({@link Sharder#SINGLE} when not sharded)
 * @param shardAwarePort the node's shard-aware port, 0 when it has none
 * @param shardAwarePortSsl the shard-aware port for TLS connections, 0 when none
 * @param lwtMask the bit of prepared metadata flags that marks a lightweight transaction, 0 when
 *     the extension is not offered
 * @param rateLimitErrorCode the error code of "rate limit reached", -1 when not offered
 * @param tabletsRouting whether the node sends tablet routing information ({@code
 *     TABLETS_ROUTING_V1})
 * @param metadataId whether the node sends result metadata ids on protocol v4 ({@code
 *     SCYLLA_USE_METADATA_ID})
 */
public record ScyllaFeatures(
    int shard,
    Sharder sharder,
    int shardAwarePort,
    int shardAwarePortSsl,
    int lwtMask,
    int rateLimitErrorCode,
    boolean tabletsRouting,
    boolean metadataId) {

  static final String SHARD = "SCYLLA_SHARD";
  static final String NR_SHARDS = "SCYLLA_NR_SHARDS";
  static final String ALGORITHM = "SCYLLA_SHARDING_ALGORITHM";
  static final String IGNORE_MSB = "SCYLLA_SHARDING_IGNORE_MSB";
  static final String PARTITIONER = "SCYLLA_PARTITIONER";
  static final String SHARD_AWARE_PORT = "SCYLLA_SHARD_AWARE_PORT";
  static final String SHARD_AWARE_PORT_SSL = "SCYLLA_SHARD_AWARE_PORT_SSL";
  static final String LWT = "SCYLLA_LWT_ADD_METADATA_MARK";
  static final String LWT_MASK = "LWT_OPTIMIZATION_META_BIT_MASK=";
  static final String RATE_LIMIT = "SCYLLA_RATE_LIMIT_ERROR";
  static final String RATE_LIMIT_CODE = "ERROR_CODE=";
  static final String TABLETS = "TABLETS_ROUTING_V1";
  static final String METADATA_ID = "SCYLLA_USE_METADATA_ID";

  /** A node without extensions. */
  public static final ScyllaFeatures NONE =
      new ScyllaFeatures(-1, Sharder.SINGLE, 0, 0, 0, -1, false, false);

  public boolean isSharded() {
    return shard >= 0;
  }

  /** Reads the extensions from a SUPPORTED multimap; never fails (unknown or bad keys: ignored). */
  public static ScyllaFeatures parse(Map<String, List<String>> supported) {
    int shard = -1;
    Sharder sharder = Sharder.SINGLE;
    Integer shardValue = integer(supported, SHARD);
    Integer count = integer(supported, NR_SHARDS);
    Integer ignoreMsb = integer(supported, IGNORE_MSB);
    if (shardValue != null
        && count != null
        && ignoreMsb != null
        && count > 0
        && shardValue >= 0
        && shardValue < count
        && ignoreMsb >= 0
        && ignoreMsb < 64
        && "biased-token-round-robin".equals(single(supported, ALGORITHM))
        && "org.apache.cassandra.dht.Murmur3Partitioner".equals(single(supported, PARTITIONER))) {
      shard = shardValue;
      sharder = new Sharder(count, ignoreMsb);
    }
    return new ScyllaFeatures(
        shard,
        sharder,
        port(supported, SHARD_AWARE_PORT),
        port(supported, SHARD_AWARE_PORT_SSL),
        lwtMask(supported.get(LWT)),
        rateLimitCode(supported.get(RATE_LIMIT)),
        supported.containsKey(TABLETS),
        supported.containsKey(METADATA_ID));
  }

  /**
   * The STARTUP entries that turn on the extensions this driver implements and the node offers (the
   * server enables an extension when its key is present): the LWT mark, the rate-limit error,
   * tablet routing and result metadata ids.
   */
  public Map<String, String> startupOptions() {
    Map<String, String> options = new LinkedHashMap<>();
    if (lwtMask != 0) {
      options.put(LWT, LWT_MASK + Integer.toUnsignedString(lwtMask));
    }
    // Only with the code the error decoder knows: then decoding needs no per-connection state.
    if (rateLimitErrorCode == ErrorCodes.SCYLLA_RATE_LIMIT) {
      options.put(RATE_LIMIT, "");
    }
    if (tabletsRouting) {
      options.put(TABLETS, "");
    }
    // Under v4, result metadata ids let EXECUTE skip the result metadata safely (a changed table
    // comes back as METADATA_CHANGED with the new columns), as under v5.
    if (metadataId) {
      options.put(METADATA_ID, "");
    }
    return options;
  }

  /** Whether prepared metadata flags carry the LWT mark. */
  public boolean isLwt(int preparedFlags) {
    return lwtMask != 0 && (preparedFlags & lwtMask) == lwtMask;
  }

  private static String single(Map<String, List<String>> supported, String key) {
    List<String> values = supported.get(key);
    return values == null || values.size() != 1 ? null : values.get(0);
  }

  private static Integer integer(Map<String, List<String>> supported, String key) {
    String value = single(supported, key);
    if (value == null) {
      return null;
    }
    try {
      return Integer.valueOf(value.trim());
    } catch (NumberFormatException e) {
      return null;
    }
  }

  private static int port(Map<String, List<String>> supported, String key) {
    Integer port = integer(supported, key);
    return port == null || port <= 0 || port > 65535 ? 0 : port;
  }

  /** {@code LWT_OPTIMIZATION_META_BIT_MASK=2147483648}: one bit of the 32-bit flags. */
  private static int lwtMask(List<String> values) {
    Long mask = prefixed(values, LWT_MASK);
    if (mask == null || mask <= 0 || mask > 0xFFFFFFFFL || Long.bitCount(mask) != 1) {
      return 0;
    }
    return (int) mask.longValue();
  }

  private static int rateLimitCode(List<String> values) {
    Long code = prefixed(values, RATE_LIMIT_CODE);
    return code == null || code < 0 || code > Integer.MAX_VALUE ? -1 : (int) code.longValue();
  }

  private static Long prefixed(List<String> values, String prefix) {
    if (values == null) {
      return null;
    }
    for (String value : values) {
      if (value.startsWith(prefix)) {
        try {
          return Long.valueOf(value.substring(prefix.length()).trim());
        } catch (NumberFormatException e) {
          return null;
        }
      }
    }
    return null;
  }
}
