package io.scyllaboot.driver.internal.routing;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * One tablet of a ScyllaDB table: the tokens {@code [firstToken, lastToken]} (inclusive both; the
 * server sends the first one exclusive) and its replicas, in the server's order, each with the
 * shard that holds it.
 *
 * @param version the tablet version of a {@code tablets-routing-v2} payload (a 64-bit hash of the
 *     ordered replica list), 0 for a {@code tablets-routing-v1} one
 * @param leaderFirst whether the replicas came from a {@code tablets-routing-v2} payload, whose
 *     first replica is the Raft leader of a strongly consistent tablet
 */
public record Tablet(
    long firstToken, long lastToken, List<Replica> replicas, long version, boolean leaderFirst) {

  /** The key of the tablet routing custom payload. */
  public static final String PAYLOAD_KEY = "tablets-routing-v1";

  /** The key of the experimental tablets routing v2 payload (ScyllaDB 2026). */
  public static final String PAYLOAD_KEY_V2 = "tablets-routing-v2";

  /** A tablet of a {@code tablets-routing-v1} payload: no version, no leader. */
  public Tablet(long firstToken, long lastToken, List<Replica> replicas) {
    this(firstToken, lastToken, replicas, 0, false);
  }

  /** A replica of a tablet: the node's host id and the shard. */
  public record Replica(UUID hostId, int shard) {}

  /**
   * The tablet version block of an EXECUTE under tablets routing v2: the high nibble is the block
   * index (0-15, from the least significant bits), the low nibble that 4-bit slice of the version.
   */
  public static int versionBlock(long version, int index) {
    int block = index & 0x0F;
    return block << 4 | (int) ((version >>> (block * 4)) & 0x0F);
  }

  public boolean contains(long token) {
    return token >= firstToken && token <= lastToken;
  }

  public boolean overlaps(Tablet other) {
    return firstToken <= other.lastToken && other.firstToken <= lastToken;
  }

  /**
   * Decodes a {@code tablets-routing-v1} payload: a CQL tuple (bigint first token, exclusive;
   * bigint last token; list of tuple(uuid host id, int shard)).
   *
   * @throws IllegalArgumentException if the bytes are not such a tuple or the range is empty
   */
  public static Tablet decode(ByteBuffer payload) {
    return decode(payload, false);
  }

  /**
   * Decodes a {@code tablets-routing-v2} payload: the v1 tuple with a fourth field, the bigint
   * tablet version; the replicas are in the order the version was computed from, the leader of a
   * strongly consistent tablet first.
   *
   * @throws IllegalArgumentException if the bytes are not such a tuple or the range is empty
   */
  public static Tablet decodeV2(ByteBuffer payload) {
    return decode(payload, true);
  }

  private static Tablet decode(ByteBuffer payload, boolean v2) {
    ByteBuffer in = payload.duplicate();
    try {
      long first = readLongField(in);
      long last = readLongField(in);
      if (last <= first) {
        throw new IllegalArgumentException("empty tablet range (" + first + ", " + last + "]");
      }
      int listLength = in.getInt();
      if (listLength < 4 || listLength > in.remaining()) {
        throw new IllegalArgumentException("replica list of " + listLength + " bytes");
      }
      int listStart = in.position();
      int count = in.getInt();
      if (count < 0 || count > (listLength - 4) / 32) {
        throw new IllegalArgumentException(count + " replicas in " + listLength + " bytes");
      }
      List<Replica> replicas = new ArrayList<>(count);
      for (int i = 0; i < count; i++) {
        expectLength(in.getInt(), 28, "replica tuple");
        expectLength(in.getInt(), 16, "host id");
        UUID hostId = new UUID(in.getLong(), in.getLong());
        expectLength(in.getInt(), 4, "shard");
        int shard = in.getInt();
        if (shard < 0) {
          throw new IllegalArgumentException("negative shard " + shard);
        }
        replicas.add(new Replica(hostId, shard));
      }
      in.position(listStart + listLength); // the version follows the list as announced
      long version = v2 ? readLongField(in) : 0;
      return new Tablet(first + 1, last, List.copyOf(replicas), version, v2);
    } catch (java.nio.BufferUnderflowException e) {
      throw new IllegalArgumentException("truncated tablet payload", e);
    }
  }

  private static long readLongField(ByteBuffer in) {
    expectLength(in.getInt(), 8, "token");
    return in.getLong();
  }

  private static void expectLength(int actual, int expected, String what) {
    if (actual != expected) {
      throw new IllegalArgumentException(what + " of " + actual + " bytes, expected " + expected);
    }
  }
}
