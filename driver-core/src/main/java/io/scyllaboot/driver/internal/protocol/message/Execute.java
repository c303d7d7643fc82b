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
    return encodedSize(
        protocolVersion, id, resultMetadataId, options, options.values(), options.timestamp());
  }

  @Override
  public void encode(ByteBuf out, int protocolVersion) {
    encode(
        out, protocolVersion, id, resultMetadataId, options, options.values(), options.timestamp());
  }

  /**
   * The size of an EXECUTE whose parameters are {@code shared} with this request's own {@code
   * values} and {@code timestamp} (see {@link QueryOptions#encode(ByteBuf, int, Values, long)}).
   */
  public static int encodedSize(
      int protocolVersion,
      byte[] id,
      byte[] resultMetadataId,
      QueryOptions shared,
      Values values,
      long timestamp) {
    int size =
        Primitives.sizeOfShortBytes(id) + shared.encodedSize(protocolVersion, values, timestamp);
    if (protocolVersion >= 5 || resultMetadataId != null) {
      size += Primitives.sizeOfShortBytes(resultMetadataId);
    }
    return size;
  }

  /** Writes an EXECUTE whose parameters are {@code shared} with this request's own values. */
  public static void encode(
      ByteBuf out,
      int protocolVersion,
      byte[] id,
      byte[] resultMetadataId,
      QueryOptions shared,
      Values values,
      long timestamp) {
    Primitives.writeShortBytes(out, id);
    if (protocolVersion >= 5 || resultMetadataId != null) {
      Primitives.writeShortBytes(out, resultMetadataId);
    }
    shared.encode(out, protocolVersion, values, timestamp);
  }
}
