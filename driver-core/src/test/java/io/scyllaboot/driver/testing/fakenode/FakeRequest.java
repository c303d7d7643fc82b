package io.scyllaboot.driver.testing.fakenode;

import io.netty.buffer.ByteBuf;
import io.scyllaboot.driver.internal.protocol.Opcodes;
import io.scyllaboot.driver.internal.protocol.Primitives;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A request as the fake node decodes it (server side of our codec): the opcode, the stream id and
 * what the fake node needs of the body. Values are kept as raw byte arrays (null for a null value);
 * the custom payload's values as UTF-8 text; STARTUP's options for a STARTUP.
 */
public record FakeRequest(
    int streamId,
    int opcode,
    int version,
    String query,
    byte[] preparedId,
    List<byte[]> values,
    long timestamp,
    int headerFlags,
    String connection,
    Map<String, String> customPayload,
    Map<String, String> startupOptions,
    int consistency) {

  /** The value of {@link #timestamp()} when the request carried none. */
  public static final long NO_TIMESTAMP = Long.MIN_VALUE;

  static FakeRequest decode(ByteBuf frame, String connection) {
    int version = frame.getUnsignedByte(0) & 0x7F;
    int streamId = frame.getShort(2);
    int opcode = frame.getUnsignedByte(4);
    ByteBuf body = frame.slice(9, frame.readableBytes() - 9);
    int headerFlags = frame.getUnsignedByte(1);
    Map<String, String> payload = Map.of();
    if ((headerFlags & 0x04) != 0) {
      payload = new LinkedHashMap<>();
      int entries = body.readUnsignedShort();
      for (int i = 0; i < entries; i++) {
        String key = Primitives.readString(body);
        byte[] value = Primitives.readBytes(body);
        payload.put(key, value == null ? null : new String(value, StandardCharsets.UTF_8));
      }
    }
    Map<String, String> startup = Map.of();
    String query = null;
    byte[] id = null;
    List<byte[]> values = List.of();
    long[] timestamp = {NO_TIMESTAMP};
    int[] consistency = {-1};
    switch (opcode) {
      case Opcodes.QUERY -> {
        query = Primitives.readLongString(body);
        values = readValues(body, version, timestamp, consistency);
      }
      case Opcodes.PREPARE -> query = Primitives.readLongString(body);
      case Opcodes.STARTUP -> startup = Primitives.readStringMap(body);
      case Opcodes.EXECUTE -> {
        id = Primitives.readShortBytes(body);
        if (version >= 5) {
          Primitives.readShortBytes(body);
        }
        values = readValues(body, version, timestamp, consistency);
      }
      default -> {}
    }
    return new FakeRequest(
        streamId,
        opcode,
        version,
        query,
        id,
        values,
        timestamp[0],
        headerFlags,
        connection,
        payload,
        startup,
        consistency[0]);
  }

  /** Reads the query parameters: the values; the timestamp and consistency into the arrays. */
  private static List<byte[]> readValues(
      ByteBuf body, int version, long[] timestamp, int[] consistency) {
    consistency[0] = body.readUnsignedShort();
    int flags = version >= 5 ? body.readInt() : body.readUnsignedByte();
    List<byte[]> values = new ArrayList<>();
    if ((flags & 0x01) != 0) {
      int count = body.readUnsignedShort();
      for (int i = 0; i < count; i++) {
        values.add(Primitives.readBytes(body));
      }
    }
    if ((flags & 0x04) != 0) {
      body.readInt(); // page size
    }
    if ((flags & 0x08) != 0) {
      Primitives.readBytes(body); // paging state
    }
    if ((flags & 0x10) != 0) {
      body.readUnsignedShort(); // serial consistency
    }
    if ((flags & 0x20) != 0) {
      timestamp[0] = body.readLong();
    }
    return values;
  }

  public String opcodeName() {
    return Opcodes.name(opcode);
  }

  @Override
  public String toString() {
    return opcodeName()
        + (query != null ? " " + query : "")
        + (preparedId != null ? " id=" + HexFormat.of().formatHex(preparedId) : "");
  }
}
