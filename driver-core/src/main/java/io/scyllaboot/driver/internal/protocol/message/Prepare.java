package io.scyllaboot.driver.internal.protocol.message;

import io.netty.buffer.ByteBuf;
import io.scyllaboot.driver.internal.protocol.Opcodes;
import io.scyllaboot.driver.internal.protocol.Primitives;

/** PREPARE: a query string; under v5 optionally the keyspace to prepare it in. */
public record Prepare(String query, String keyspace) implements Request {

  private static final int WITH_KEYSPACE = 0x01;

  @Override
  public int opcode() {
    return Opcodes.PREPARE;
  }

  @Override
  public int encodedSize(int protocolVersion) {
    int size = Primitives.sizeOfLongString(query);
    if (protocolVersion >= 5) {
      size += 4 + (keyspace == null ? 0 : Primitives.sizeOfString(keyspace));
    }
    return size;
  }

  @Override
  public void encode(ByteBuf out, int protocolVersion) {
    Primitives.writeLongString(out, query);
    if (protocolVersion >= 5) {
      out.writeInt(keyspace == null ? 0 : WITH_KEYSPACE);
      if (keyspace != null) {
        Primitives.writeString(out, keyspace);
      }
    }
  }
}
