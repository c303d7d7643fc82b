package io.scyllaboot.driver.internal.connection;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** SUPPORTED parsing of the ScyllaDB extensions, and the source ports of the shard-aware port. */
class ScyllaFeaturesTest {

  private static Map<String, List<String>> scylla() {
    Map<String, List<String>> supported = new HashMap<>();
    supported.put("CQL_VERSION", List.of("3.3.1"));
    supported.put("COMPRESSION", List.of("lz4", "snappy"));
    supported.put("SCYLLA_SHARD", List.of("2"));
    supported.put("SCYLLA_NR_SHARDS", List.of("4"));
    supported.put("SCYLLA_SHARDING_ALGORITHM", List.of("biased-token-round-robin"));
    supported.put("SCYLLA_SHARDING_IGNORE_MSB", List.of("12"));
    supported.put("SCYLLA_PARTITIONER", List.of("org.apache.cassandra.dht.Murmur3Partitioner"));
    supported.put("SCYLLA_SHARD_AWARE_PORT", List.of("19042"));
    supported.put(
        "SCYLLA_LWT_ADD_METADATA_MARK", List.of("LWT_OPTIMIZATION_META_BIT_MASK=2147483648"));
    supported.put("SCYLLA_RATE_LIMIT_ERROR", List.of("ERROR_CODE=61440"));
    supported.put("TABLETS_ROUTING_V1", List.of(""));
    supported.put("SCYLLA_USE_METADATA_ID", List.of(""));
    return supported;
  }

  @Test
  void should_read_every_extension_of_a_scylla_node() {
    ScyllaFeatures features = ScyllaFeatures.parse(scylla());
    assertThat(features.isSharded()).isTrue();
    assertThat(features.shard()).isEqualTo(2);
    assertThat(features.sharder().shardCount()).isEqualTo(4);
    assertThat(features.sharder().ignoreMsb()).isEqualTo(12);
    assertThat(features.shardAwarePort()).isEqualTo(19042);
    assertThat(features.shardAwarePortSsl()).isZero();
    assertThat(features.lwtMask()).isEqualTo(0x80000000);
    assertThat(features.isLwt(0x80000001)).isTrue();
    assertThat(features.isLwt(0x00000001)).isFalse();
    assertThat(features.rateLimitErrorCode()).isEqualTo(0xF000);
    assertThat(features.tabletsRouting()).isTrue();
    assertThat(features.metadataId()).isTrue();
    assertThat(features.startupOptions())
        .containsEntry("SCYLLA_LWT_ADD_METADATA_MARK", "LWT_OPTIMIZATION_META_BIT_MASK=2147483648")
        .containsEntry("SCYLLA_RATE_LIMIT_ERROR", "")
        .containsEntry("TABLETS_ROUTING_V1", "")
        .containsEntry("SCYLLA_USE_METADATA_ID", "");
  }

  @Test
  void should_see_a_cassandra_node_as_one_shard_without_extensions() {
    ScyllaFeatures features =
        ScyllaFeatures.parse(
            Map.of("CQL_VERSION", List.of("3.4.7"), "COMPRESSION", List.of("lz4")));
    assertThat(features).isEqualTo(ScyllaFeatures.NONE);
    assertThat(features.startupOptions()).isEmpty();
    assertThat(features.sharder().shardOf(123)).isZero();
  }

  @Test
  void should_not_shard_on_missing_zero_or_unknown_sharding_keys() {
    for (String key :
        List.of(
            "SCYLLA_SHARD",
            "SCYLLA_NR_SHARDS",
            "SCYLLA_SHARDING_IGNORE_MSB",
            "SCYLLA_SHARDING_ALGORITHM",
            "SCYLLA_PARTITIONER")) {
      Map<String, List<String>> supported = scylla();
      supported.remove(key);
      assertThat(ScyllaFeatures.parse(supported).isSharded()).as("without %s", key).isFalse();
    }
    Map<String, List<String>> zero = scylla();
    zero.put("SCYLLA_NR_SHARDS", List.of("0"));
    assertThat(ScyllaFeatures.parse(zero).isSharded()).isFalse();
    Map<String, List<String>> algorithm = scylla();
    algorithm.put("SCYLLA_SHARDING_ALGORITHM", List.of("round-robin-v2"));
    assertThat(ScyllaFeatures.parse(algorithm).isSharded()).isFalse();
    Map<String, List<String>> partitioner = scylla();
    partitioner.put("SCYLLA_PARTITIONER", List.of("org.apache.cassandra.dht.RandomPartitioner"));
    assertThat(ScyllaFeatures.parse(partitioner).isSharded()).isFalse();
    Map<String, List<String>> shardOutOfRange = scylla();
    shardOutOfRange.put("SCYLLA_SHARD", List.of("4"));
    assertThat(ScyllaFeatures.parse(shardOutOfRange).isSharded()).isFalse();
    Map<String, List<String>> notANumber = scylla();
    notANumber.put("SCYLLA_NR_SHARDS", List.of("four"));
    assertThat(ScyllaFeatures.parse(notANumber).isSharded()).isFalse();
  }

  @Test
  void should_not_ask_for_a_rate_limit_code_it_cannot_decode() {
    Map<String, List<String>> supported = scylla();
    supported.put("SCYLLA_RATE_LIMIT_ERROR", List.of("ERROR_CODE=4242"));
    assertThat(ScyllaFeatures.parse(supported).startupOptions())
        .doesNotContainKey("SCYLLA_RATE_LIMIT_ERROR");
  }

  @Test
  void should_choose_source_ports_of_the_requested_shard_within_the_range() {
    ShardAwarePorts ports = new ShardAwarePorts(49152, 65535);
    for (int shard = 0; shard < 4; shard++) {
      ShardAwarePorts.Candidates candidates = ports.candidates(shard, 4);
      assertThat(candidates.size()).isEqualTo(4096);
      java.util.Set<Integer> seen = new java.util.HashSet<>();
      int port;
      while ((port = candidates.next()) >= 0) {
        assertThat(port % 4).isEqualTo(shard);
        assertThat(port).isBetween(49152, 65535);
        seen.add(port);
      }
      assertThat(seen).as("every port once").hasSize(4096);
    }
    // nr=4, shard=1: 49153, 49157 ... 65533, as the Rust driver lists them.
    ShardAwarePorts.Candidates shard1 = new ShardAwarePorts(49152, 49160).candidates(1, 4);
    java.util.List<Integer> all = new java.util.ArrayList<>();
    int port;
    while ((port = shard1.next()) >= 0) {
      all.add(port);
    }
    assertThat(all).containsExactlyInAnyOrder(49153, 49157);
    assertThat(new ShardAwarePorts(2000, 2002).candidates(3, 7).next()).isEqualTo(-1);
  }
}
