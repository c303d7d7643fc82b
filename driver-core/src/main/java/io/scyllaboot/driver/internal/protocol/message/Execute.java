package io.scyllaboot.driver.internal.protocol.message;

import io.netty.buffer.ByteBuf;
import io.scyllaboot.driver.internal.protocol.Opcodes;
import io.scyllaboot.driver.internal.protocol.Primitives;

/**
 * EXECUTE: a prepared statement id with parameters, and its result metadata id under v5 or when the
 * statement has one under v4 (ScyllaDB's {@code SCYLLA_USE_METADATA_ID}, negotiated per connection:
 * then PREPARED carried the id).
 */
public record Execute(byte[] id, byte[] resultMetadataId, QueryOptions options) implements Request {

  @Override
  public int opcode() {
    return Opcodes.EXECUTE;
  }

  @Override
  public int encodedSize(int protocolVersion) {
    int size = Primitives.sizeOfShortBytes(id) + options.encodedSize(protocolVersion);
    if (protocolVersion >= 5 || resultMetadataId != null) {
      size += Primitives.sizeOfShortBytes(resultMetadataId);
    }
    return size;
  }

  @Override
  public void encode(ByteBuf out, int protocolVersion) {
    Primitives.writeShortBytes(out, id);
    if (protocolVersion >= 5 || resultMetadataId != null) {
      Primitives.writeShortBytes(out, resultMetadataId);
    }
    options.encode(out, protocolVersion);
  }
}
