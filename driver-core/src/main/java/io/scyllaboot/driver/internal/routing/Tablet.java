package io.scyllaboot.driver.internal.routing;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * One tablet of a ScyllaDB table: the tokens {@code [firstToken, lastToken]} (inclusive both; the
 * server sends the first one exclusive) and its replicas, in the server's order, each with the
 * shard that holds it.
 */
public record Tablet(long firstToken, long lastToken, List<Replica> replicas) {

  /** The key of the tablet routing custom payload. */
  public static final String PAYLOAD_KEY = "tablets-routing-v1";

  /** A replica of a tablet: the node's host id and the shard. */
  public record Replica(UUID hostId, int shard) {}

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
      return new Tablet(first + 1, last, List.copyOf(replicas));
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
