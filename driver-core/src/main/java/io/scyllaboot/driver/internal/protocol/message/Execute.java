package io.scyllaboot.driver.internal.protocol.message;

import io.netty.buffer.ByteBuf;
import io.scyllaboot.driver.internal.protocol.Opcodes;
import io.scyllaboot.driver.internal.protocol.Primitives;

/** EXECUTE: a prepared statement id (and, under v5, its result metadata id) with parameters. */
public record Execute(byte[] id, byte[] resultMetadataId, QueryOptions options) implements Request {

  @Override
  public int opcode() {
    return Opcodes.EXECUTE;
  }

  @Override
  public int encodedSize(int protocolVersion) {
    int size = Primitives.sizeOfShortBytes(id) + options.encodedSize(protocolVersion);
    if (protocolVersion >= 5) {
      size += Primitives.sizeOfShortBytes(resultMetadataId);
    }
    return size;
  }

  @Override
  public void encode(ByteBuf out, int protocolVersion) {
    Primitives.writeShortBytes(out, id);
    if (protocolVersion >= 5) {
      Primitives.writeShortBytes(out, resultMetadataId);
    }
    options.encode(out, protocolVersion);
  }
}
