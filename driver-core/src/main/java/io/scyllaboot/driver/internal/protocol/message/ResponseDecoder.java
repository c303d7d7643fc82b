package io.scyllaboot.driver.internal.protocol.message;

import io.netty.buffer.ByteBuf;
import io.scyllaboot.driver.internal.protocol.Opcodes;
import io.scyllaboot.driver.internal.protocol.Primitives;
import java.util.List;

/**
 * Decodes a response body by opcode. Pure: it reads the buffer it is given and never releases it; a
 * {@link RowsResult} retains the slice it needs.
 */
public final class ResponseDecoder {
  private ResponseDecoder() {}

  public static Response decode(int opcode, ByteBuf body, int protocolVersion) {
    return decode(opcode, body, protocolVersion, false);
  }

  /**
   * @param metadataIds whether result metadata ids are on the wire under v4 too (ScyllaDB's {@code
   *     SCYLLA_USE_METADATA_ID}); v5 always has them
   */
  public static Response decode(
      int opcode, ByteBuf body, int protocolVersion, boolean metadataIds) {
    boolean ids = metadataIds || protocolVersion >= 5;
    return switch (opcode) {
      case Opcodes.READY -> Response.Ready.INSTANCE;
      case Opcodes.RESULT -> decodeResult(body, protocolVersion, ids);
      case Opcodes.ERROR -> new Response.Error(ErrorDecoder.decode(body, protocolVersion));
      case Opcodes.SUPPORTED -> new Response.Supported(Primitives.readStringMultimap(body));
      case Opcodes.AUTHENTICATE -> new Response.Authenticate(Primitives.readString(body));
      case Opcodes.AUTH_CHALLENGE -> new Response.AuthChallenge(Primitives.readBytes(body));
      case Opcodes.AUTH_SUCCESS -> new Response.AuthSuccess(Primitives.readBytes(body));
      case Opcodes.EVENT -> decodeEvent(body);
      default ->
          throw new IllegalArgumentException("unexpected response opcode " + Opcodes.name(opcode));
    };
  }

  private static Result decodeResult(ByteBuf body, int protocolVersion, boolean metadataIds) {
    int kind = body.readInt();
    if (kind == Result.ROWS) {
      return RowsMetadataCodec.readRows(body, protocolVersion, metadataIds); // checks its own end
    }
    Result result = decodeOtherResult(kind, body, protocolVersion, metadataIds);
    if (body.isReadable()) {
      // Bytes the result does not account for: it was not parsed as the server meant it.
      throw new IllegalArgumentException(
          body.readableBytes() + " bytes left after a RESULT of kind " + kind);
    }
    return result;
  }

  private static Result decodeOtherResult(
      int kind, ByteBuf body, int protocolVersion, boolean metadataIds) {
    return switch (kind) {
      case Result.VOID -> Result.Void.INSTANCE;
      case Result.SET_KEYSPACE -> new Result.SetKeyspace(Primitives.readString(body));
      case Result.PREPARED -> {
        byte[] id = Primitives.readShortBytes(body);
        byte[] resultMetadataId = metadataIds ? Primitives.readShortBytes(body) : null;
        RowsMetadata variables = RowsMetadataCodec.readVariables(body, protocolVersion);
        RowsMetadata resultMetadata = RowsMetadataCodec.readResultMetadata(body, protocolVersion);
        yield new Result.Prepared(id, resultMetadataId, variables, resultMetadata);
      }
      case Result.SCHEMA_CHANGE -> readSchemaChange(body);
      default -> throw new IllegalArgumentException("unknown RESULT kind " + kind);
    };
  }

  private static Result.SchemaChange readSchemaChange(ByteBuf body) {
    String changeType = Primitives.readString(body);
    String target = Primitives.readString(body);
    String keyspace = Primitives.readString(body);
    String name = "";
    List<String> arguments = List.of();
    switch (target) {
      case "KEYSPACE" -> {}
      case "TABLE", "TYPE" -> name = Primitives.readString(body);
      case "FUNCTION", "AGGREGATE" -> {
        name = Primitives.readString(body);
        arguments = Primitives.readStringList(body);
      }
      default -> throw new IllegalArgumentException("unknown schema change target " + target);
    }
    return new Result.SchemaChange(changeType, target, keyspace, name, arguments);
  }

  private static Response.Event decodeEvent(ByteBuf body) {
    String type = Primitives.readString(body);
    return switch (type) {
      case "TOPOLOGY_CHANGE", "STATUS_CHANGE" ->
          new Response.Event(type, Primitives.readString(body), Primitives.readInet(body), null);
      case "SCHEMA_CHANGE" -> {
        Result.SchemaChange change = readSchemaChange(body);
        yield new Response.Event(type, change.changeType(), null, change);
      }
      case "CLIENT_ROUTES_CHANGE" -> {
        String changeType = Primitives.readString(body);
        List<String> connectionIds = Primitives.readStringList(body);
        List<String> hostIds = Primitives.readStringList(body);
        if (connectionIds.size() != hostIds.size()) {
          throw new IllegalArgumentException(
              "CLIENT_ROUTES_CHANGE with "
                  + connectionIds.size()
                  + " connection ids but "
                  + hostIds.size()
                  + " host ids");
        }
        List<java.util.UUID> hosts = new java.util.ArrayList<>(hostIds.size());
        for (String hostId : hostIds) {
          hosts.add(java.util.UUID.fromString(hostId));
        }
        yield new Response.Event(
            type,
            changeType,
            null,
            null,
            new Response.ClientRoutesChange(List.copyOf(connectionIds), List.copyOf(hosts)));
      }
      default -> throw new IllegalArgumentException("unknown event type " + type);
    };
  }
}
