package io.scyllaboot.driver.internal.routing;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.scyllaboot.driver.api.metadata.Node;
import io.scyllaboot.driver.api.metadata.TokenMap;
import io.scyllaboot.driver.api.metadata.TokenRange;
import io.scyllaboot.driver.internal.protocol.codec.CodecRegistry;
import io.scyllaboot.driver.internal.protocol.codec.TypeCodec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The public view of the routing ring. Not on the request path: lookups allocate their lists. Keys
 * are encoded as the server hashes them: one component as its bytes, several as {@code [short
 * length][bytes][0]} each.
 */
public final class DefaultTokenMap implements TokenMap {
  private final io.scyllaboot.driver.internal.routing.TokenMap ring;

  public DefaultTokenMap(io.scyllaboot.driver.internal.routing.TokenMap ring) {
    this.ring = ring;
  }

  @Override
  public boolean isEmpty() {
    return ring.isEmpty();
  }

  @Override
  public long token(Object... partitionKey) {
    if (partitionKey == null || partitionKey.length == 0) {
      throw new IllegalArgumentException("a token needs the partition key's values, none given");
    }
    ByteBuf key = Unpooled.buffer(32);
    try {
      if (partitionKey.length == 1) {
        encode(partitionKey[0], 0, key);
      } else {
        for (int i = 0; i < partitionKey.length; i++) {
          int lengthIndex = key.writerIndex();
          key.writeShort(0);
          encode(partitionKey[i], i, key);
          key.setShort(lengthIndex, key.writerIndex() - lengthIndex - 2);
          key.writeByte(0);
        }
      }
      return Murmur3.token(key, key.readerIndex(), key.readableBytes());
    } finally {
      key.release();
    }
  }

  @SuppressWarnings({"rawtypes", "unchecked"})
  private static void encode(Object value, int index, ByteBuf out) {
    if (value == null) {
      throw new IllegalArgumentException("partition key value " + index + " is null");
    }
    TypeCodec codec = CodecRegistry.DEFAULT.codecForValue(value);
    if (codec == null) {
      throw new IllegalArgumentException(
          "partition key value "
              + index
              + " ("
              + value.getClass().getName()
              + ") has no CQL type the driver can infer");
    }
    codec.encode(value, out);
  }

  @Override
  public List<Node> replicas(String keyspace, long token) {
    return List.of(ring.replicas(keyspace, token));
  }

  @Override
  public List<TokenRange> ranges() {
    List<TokenRange> ranges = new ArrayList<>(ring.ringSize());
    for (int i = 0; i < ring.ringSize(); i++) {
      ranges.add(rangeEndingAt(i));
    }
    return List.copyOf(ranges);
  }

  @Override
  public List<TokenRange> primaryRanges(Node node) {
    List<TokenRange> ranges = new ArrayList<>();
    for (int i = 0; i < ring.ringSize(); i++) {
      if (ring.ownerAt(i) == node) {
        ranges.add(rangeEndingAt(i));
      }
    }
    return List.copyOf(ranges);
  }

  @Override
  public List<TokenRange> ranges(String keyspace, Node node) {
    List<TokenRange> ranges = new ArrayList<>();
    for (int i = 0; i < ring.ringSize(); i++) {
      if (Arrays.asList(ring.replicas(keyspace, ring.tokenAt(i))).contains(node)) {
        ranges.add(rangeEndingAt(i));
      }
    }
    return List.copyOf(ranges);
  }

  /** The range from the previous ring token (the last one, for the first) to this one. */
  private TokenRange rangeEndingAt(int index) {
    int previous = index == 0 ? ring.ringSize() - 1 : index - 1;
    return new TokenRange(ring.tokenAt(previous), ring.tokenAt(index));
  }

  @Override
  public String toString() {
    return "TokenMap(" + ring.ringSize() + " tokens)";
  }
}
