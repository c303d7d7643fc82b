package io.scyllaboot.driver.internal.protocol.message;

import io.netty.buffer.ByteBuf;
import io.scyllaboot.driver.internal.protocol.Opcodes;
import io.scyllaboot.driver.internal.protocol.Primitives;

/**
 * EXECUTE: a prepared statement id with parameters, and its result metadata id under v5 or on a v4
 * connection that negotiated ScyllaDB's {@code SCYLLA_USE_METADATA_ID}. The layout follows the
 * connection, never the statement: a statement prepared on a node with the extension may run on one
 * without it (a rolling upgrade), and the other way round, when it is sent with an empty id: the
 * node then answers with its current metadata and id (METADATA_CHANGED), which the statement keeps.
 */
public record Execute(byte[] id, byte[] resultMetadataId, QueryOptions options) implements Request {

  @Override
  public int opcode() {
    return Opcodes.EXECUTE;
  }

  private static final byte[] NO_METADATA_ID = new byte[0];

  @Override
  public int encodedSize(int protocolVersion) {
    return encodedSize(protocolVersion, false);
  }

  @Override
  public void encode(ByteBuf out, int protocolVersion) {
    encode(out, protocolVersion, false);
  }

  @Override
  public int encodedSize(int protocolVersion, boolean metadataIds) {
    return encodedSize(
        protocolVersion,
        metadataIds,
        id,
        resultMetadataId,
        options,
        options.values(),
        options.timestamp());
  }

  @Override
  public void encode(ByteBuf out, int protocolVersion, boolean metadataIds) {
    encode(
        out,
        protocolVersion,
        metadataIds,
        id,
        resultMetadataId,
        options,
        options.values(),
        options.timestamp());
  }

  /**
   * The size of an EXECUTE whose parameters are {@code shared} with this request's own {@code
   * values} and {@code timestamp} (see {@link QueryOptions#encode(ByteBuf, int, Values, long)}).
   */
  public static int encodedSize(
      int protocolVersion,
      boolean metadataIds,
      byte[] id,
      byte[] resultMetadataId,
      QueryOptions shared,
      Values values,
      long timestamp) {
    int size =
        Primitives.sizeOfShortBytes(id) + shared.encodedSize(protocolVersion, values, timestamp);
    if (protocolVersion >= 5 || metadataIds) {
      size += Primitives.sizeOfShortBytes(orEmpty(resultMetadataId));
    }
    return size;
  }

  /** Writes an EXECUTE whose parameters are {@code shared} with this request's own values. */
  public static void encode(
      ByteBuf out,
      int protocolVersion,
      boolean metadataIds,
      byte[] id,
      byte[] resultMetadataId,
      QueryOptions shared,
      Values values,
      long timestamp) {
    Primitives.writeShortBytes(out, id);
    if (protocolVersion >= 5 || metadataIds) {
      Primitives.writeShortBytes(out, orEmpty(resultMetadataId));
    }
    shared.encode(out, protocolVersion, values, timestamp);
  }

  private static byte[] orEmpty(byte[] resultMetadataId) {
    return resultMetadataId == null ? NO_METADATA_ID : resultMetadataId;
  }
}
