package io.scyllaboot.driver.internal.protocol.message;

import io.netty.buffer.ByteBuf;
import io.scyllaboot.driver.internal.protocol.Opcodes;
import io.scyllaboot.driver.internal.protocol.Primitives;
import java.util.List;

/** BATCH (section 4.1.7): children by query string or prepared id, each with its values. */
public record Batch(
    int type, List<Child> children, int consistency, int serialConsistency, long timestamp)
    implements Request {

  /** The protocol writes counts as {@code [short]}: at most 65,535 children, values per child. */
  public static final int MAX_COUNT = 0xFFFF;

  private static final int SERIAL_CONSISTENCY = 0x10;
  private static final int DEFAULT_TIMESTAMP = 0x20;

  /** A child: exactly one of {@code query} and {@code preparedId} is set; values may be null. */
  public record Child(String query, byte[] preparedId, Values values) {
    public Child {
      QueryOptions.checkValueCount(values);
    }

    int encodedSize() {
      int size =
          1
              + (query != null
                  ? Primitives.sizeOfLongString(query)
                  : Primitives.sizeOfShortBytes(preparedId));
      return size + 2 + (values == null ? 0 : values.encodedSize());
    }

    void encode(ByteBuf out) {
      if (query != null) {
        out.writeByte(0);
        Primitives.writeLongString(out, query);
      } else {
        out.writeByte(1);
        Primitives.writeShortBytes(out, preparedId);
      }
      out.writeShort(values == null ? 0 : values.count());
      if (values != null) {
        values.encode(out);
      }
    }
  }

  public Batch {
    if (children.size() > MAX_COUNT) {
      throw new IllegalArgumentException(
          "a batch of "
              + children.size()
              + " statements exceeds the protocol's limit of "
              + MAX_COUNT
              + " statements per batch; split it");
    }
  }

  private int flags() {
    int flags = 0;
    if (serialConsistency >= 0) {
      flags |= SERIAL_CONSISTENCY;
    }
    if (timestamp != QueryOptions.NO_TIMESTAMP) {
      flags |= DEFAULT_TIMESTAMP;
    }
    return flags;
  }

  @Override
  public int opcode() {
    return Opcodes.BATCH;
  }

  @Override
  public int encodedSize(int protocolVersion) {
    int size = 1 + 2;
    for (Child child : children) {
      size += child.encodedSize();
    }
    size += 2 + (protocolVersion >= 5 ? 4 : 1);
    if (serialConsistency >= 0) {
      size += 2;
    }
    if (timestamp != QueryOptions.NO_TIMESTAMP) {
      size += 8;
    }
    return size;
  }

  @Override
  public void encode(ByteBuf out, int protocolVersion) {
    out.writeByte(type);
    out.writeShort(children.size());
    for (Child child : children) {
      child.encode(out);
    }
    out.writeShort(consistency);
    if (protocolVersion >= 5) {
      out.writeInt(flags());
    } else {
      out.writeByte(flags());
    }
    if (serialConsistency >= 0) {
      out.writeShort(serialConsistency);
    }
    if (timestamp != QueryOptions.NO_TIMESTAMP) {
      out.writeLong(timestamp);
    }
  }
}
