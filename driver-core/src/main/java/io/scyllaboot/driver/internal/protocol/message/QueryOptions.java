package io.scyllaboot.driver.internal.protocol.message;

import io.netty.buffer.ByteBuf;
import io.scyllaboot.driver.internal.protocol.Primitives;

/**
 * The {@code <query_parameters>} of QUERY and EXECUTE (section 4.1.4). {@code values} may be null;
 * {@code pageSize <= 0} means no paging; {@code serialConsistency < 0} and {@code timestamp ==
 * Long.MIN_VALUE} mean unset; {@code keyspace} is sent only under v5.
 */
public record QueryOptions(
    int consistency,
    Values values,
    boolean skipMetadata,
    int pageSize,
    byte[] pagingState,
    int serialConsistency,
    long timestamp,
    String keyspace) {

  static final int VALUES = 0x01;
  static final int SKIP_METADATA = 0x02;
  static final int PAGE_SIZE = 0x04;
  static final int PAGING_STATE = 0x08;
  static final int SERIAL_CONSISTENCY = 0x10;
  static final int DEFAULT_TIMESTAMP = 0x20;
  static final int KEYSPACE = 0x80;

  public static final long NO_TIMESTAMP = Long.MIN_VALUE;

  /** The protocol writes the value count as {@code [short]}. */
  public static final int MAX_VALUES = 0xFFFF;

  public QueryOptions {
    checkValueCount(values);
  }

  /** Refuses more values than {@code [short n]} can count, rather than truncating the count. */
  public static void checkValueCount(Values values) {
    if (values != null && values.count() > MAX_VALUES) {
      throw new IllegalArgumentException(
          values.count()
              + " values exceed the protocol's limit of "
              + MAX_VALUES
              + " bound values per statement");
    }
  }

  private int flags(int protocolVersion, Values values, long timestamp) {
    int flags = 0;
    if (values != null && values.count() > 0) {
      flags |= VALUES;
    }
    if (skipMetadata) {
      flags |= SKIP_METADATA;
    }
    if (pageSize > 0) {
      flags |= PAGE_SIZE;
    }
    if (pagingState != null) {
      flags |= PAGING_STATE;
    }
    if (serialConsistency >= 0) {
      flags |= SERIAL_CONSISTENCY;
    }
    if (timestamp != NO_TIMESTAMP) {
      flags |= DEFAULT_TIMESTAMP;
    }
    if (keyspace != null && protocolVersion >= 5) {
      flags |= KEYSPACE;
    }
    return flags;
  }

  public int encodedSize(int protocolVersion) {
    return encodedSize(protocolVersion, values, timestamp);
  }

  /**
   * The size of these parameters with {@code values} and {@code timestamp} instead of this object's
   * own: one shared instance then serves every request with the same other parameters.
   */
  public int encodedSize(int protocolVersion, Values values, long timestamp) {
    int flags = flags(protocolVersion, values, timestamp);
    int size = 2 + (protocolVersion >= 5 ? 4 : 1);
    if ((flags & VALUES) != 0) {
      size += 2 + values.encodedSize();
    }
    if ((flags & PAGE_SIZE) != 0) {
      size += 4;
    }
    if ((flags & PAGING_STATE) != 0) {
      size += Primitives.sizeOfBytes(pagingState);
    }
    if ((flags & SERIAL_CONSISTENCY) != 0) {
      size += 2;
    }
    if ((flags & DEFAULT_TIMESTAMP) != 0) {
      size += 8;
    }
    if ((flags & KEYSPACE) != 0) {
      size += Primitives.sizeOfString(keyspace);
    }
    return size;
  }

  public void encode(ByteBuf out, int protocolVersion) {
    encode(out, protocolVersion, values, timestamp);
  }

  /** Writes these parameters with {@code values} and {@code timestamp} instead of its own. */
  public void encode(ByteBuf out, int protocolVersion, Values values, long timestamp) {
    int flags = flags(protocolVersion, values, timestamp);
    out.writeShort(consistency);
    if (protocolVersion >= 5) {
      out.writeInt(flags);
    } else {
      out.writeByte(flags);
    }
    if ((flags & VALUES) != 0) {
      out.writeShort(values.count());
      values.encode(out);
    }
    if ((flags & PAGE_SIZE) != 0) {
      out.writeInt(pageSize);
    }
    if ((flags & PAGING_STATE) != 0) {
      Primitives.writeBytes(out, pagingState);
    }
    if ((flags & SERIAL_CONSISTENCY) != 0) {
      out.writeShort(serialConsistency);
    }
    if ((flags & DEFAULT_TIMESTAMP) != 0) {
      out.writeLong(timestamp);
    }
    if ((flags & KEYSPACE) != 0) {
      Primitives.writeString(out, keyspace);
    }
  }
}
