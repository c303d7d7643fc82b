package io.scyllaboot.driver.internal.cql;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.util.concurrent.FastThreadLocal;
import io.scyllaboot.driver.api.cql.Unset;
import io.scyllaboot.driver.api.type.EmptyValue;
import io.scyllaboot.driver.internal.protocol.codec.TypeCodec;
import io.scyllaboot.driver.internal.routing.Murmur3;

/**
 * The token of a bound statement, from the partition key markers the server named in the prepared
 * metadata. The key is serialised into a per-thread scratch buffer (a composite key as {@code
 * [short length][bytes][0]} per component, as Cassandra does) and hashed in place: no allocation.
 */
public final class RoutingKey {
  private static final FastThreadLocal<ByteBuf> SCRATCH =
      new FastThreadLocal<>() {
        @Override
        protected ByteBuf initialValue() {
          return Unpooled.buffer(64);
        }
      };

  private RoutingKey() {}

  /** Whether the statement's partition key is fully bound, so that it has a token. */
  public static boolean isRoutable(DefaultBoundStatement statement) {
    int[] indices = statement.prepared().partitionKeyIndices();
    if (indices.length == 0) {
      return false;
    }
    CodecValues values = (CodecValues) statement.values();
    for (int index : indices) {
      Object value = values.value(index);
      if (value == null || value == Unset.VALUE) {
        return false;
      }
    }
    return true;
  }

  /** The Murmur3 token of a routable statement. */
  public static long token(DefaultBoundStatement statement) {
    int[] indices = statement.prepared().partitionKeyIndices();
    CodecValues values = (CodecValues) statement.values();
    ByteBuf scratch = SCRATCH.get();
    scratch.clear();
    if (indices.length == 1) {
      write(values.codec(indices[0]), values.value(indices[0]), scratch);
    } else {
      for (int index : indices) {
        int lengthIndex = scratch.writerIndex();
        scratch.writeShort(0);
        write(values.codec(index), values.value(index), scratch);
        scratch.setShort(lengthIndex, scratch.writerIndex() - lengthIndex - 2);
        scratch.writeByte(0);
      }
    }
    return Murmur3.token(scratch, 0, scratch.writerIndex());
  }

  /** The value's bytes; none for an empty value. */
  @SuppressWarnings({"rawtypes", "unchecked"})
  private static void write(TypeCodec codec, Object value, ByteBuf out) {
    if (value != EmptyValue.VALUE) {
      codec.encode(value, out);
    }
  }

  /** The keyspace of the statement's partition key, from its metadata, or null. */
  public static String keyspace(DefaultBoundStatement statement) {
    int[] indices = statement.prepared().partitionKeyIndices();
    return indices.length == 0 ? null : statement.prepared().variables().get(indices[0]).keyspace();
  }
}
