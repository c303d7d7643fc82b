package io.scyllaboot.test.fakescylla;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.scyllaboot.driver.api.type.DataType;
import io.scyllaboot.driver.internal.protocol.Primitives;
import io.scyllaboot.driver.internal.protocol.codec.CodecRegistry;
import io.scyllaboot.driver.internal.protocol.codec.TypeCodec;
import io.scyllaboot.driver.internal.protocol.message.DataTypeCodec;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.List;
import java.util.function.Consumer;

/** Server-side encoding helpers of the fake node: frame headers, errors, metadata, values. */
final class Wire {
  static final int VERSION = 4;
  static final int RESPONSE_V4 = 0x84;
  static final int FLAG_CUSTOM_PAYLOAD = 0x04;

  static final int PROTOCOL_ERROR = 0x000A;
  static final int INVALID = 0x2200;
  static final int CONFIG_ERROR = 0x2300;
  static final int UNPREPARED = 0x2500;
  static final int RATE_LIMIT = 0xF000;

  static final int ROWS = 2;
  static final int META_GLOBAL_TABLES_SPEC = 0x0001;
  static final int META_NO_METADATA = 0x0004;
  static final int META_METADATA_CHANGED = 0x0008;
  static final int LWT_MARK = 0x80000000;

  private Wire() {}

  /** Writes a v4 response header with a length placeholder; returns where the frame starts. */
  static int begin(ByteBuf out, int flags, int streamId, int opcode) {
    int start = out.writerIndex();
    out.writeByte(RESPONSE_V4).writeByte(flags).writeShort(streamId).writeByte(opcode).writeInt(0);
    return start;
  }

  static void end(ByteBuf out, int start) {
    out.setInt(start + 5, out.writerIndex() - start - 9);
  }

  static void error(ByteBuf out, int code, String message) {
    out.writeInt(code);
    Primitives.writeString(out, message);
  }

  /** Rows metadata; {@code newMetadataId} (non-null) sets METADATA_CHANGED as in protocol v5. */
  static void metadata(
      ByteBuf out,
      String keyspace,
      String table,
      List<Column> columns,
      boolean noMetadata,
      byte[] newMetadataId) {
    if (columns.isEmpty() || noMetadata) {
      // Drivers read a global table spec when its flag is set, even for zero columns.
      out.writeInt(noMetadata ? META_NO_METADATA : 0).writeInt(columns.size());
      return;
    }
    out.writeInt(META_GLOBAL_TABLES_SPEC | (newMetadataId != null ? META_METADATA_CHANGED : 0));
    out.writeInt(columns.size());
    if (newMetadataId != null) {
      Primitives.writeShortBytes(out, newMetadataId);
    }
    Primitives.writeString(out, keyspace);
    Primitives.writeString(out, table);
    for (Column column : columns) {
      Primitives.writeString(out, column.name());
      DataTypeCodec.write(out, column.type());
    }
  }

  /** The row count and the cells of rows given as Java values (null allowed). */
  static void rowCells(ByteBuf out, List<Column> columns, List<List<Object>> rows) {
    out.writeInt(rows.size());
    for (List<Object> row : rows) {
      if (row.size() != columns.size()) {
        throw new IllegalArgumentException(
            "row " + row + " has " + row.size() + " values for " + columns.size() + " columns");
      }
      for (int c = 0; c < columns.size(); c++) {
        value(out, columns.get(c).type(), row.get(c));
      }
    }
  }

  @SuppressWarnings({"rawtypes", "unchecked"})
  static void value(ByteBuf out, DataType type, Object value) {
    if (value == null) {
      out.writeInt(-1);
      return;
    }
    TypeCodec codec = CodecRegistry.DEFAULT.codecFor(type);
    if (!codec.accepts(value)) {
      throw new IllegalArgumentException(
          "cannot encode " + value.getClass().getName() + " as " + type.asCql());
    }
    int lengthIndex = out.writerIndex();
    out.writeInt(0);
    codec.encode(value, out);
    out.setInt(lengthIndex, out.writerIndex() - lengthIndex - 4);
  }

  /** Encodes once (start-up or priming time) into an array. */
  static byte[] bytes(ByteBufAllocator alloc, Consumer<ByteBuf> writer) {
    ByteBuf buf = alloc.heapBuffer();
    try {
      writer.accept(buf);
      byte[] bytes = new byte[buf.readableBytes()];
      buf.readBytes(bytes);
      return bytes;
    } finally {
      buf.release();
    }
  }

  static byte[] md5(String text) {
    try {
      return MessageDigest.getInstance("MD5").digest(text.getBytes(StandardCharsets.UTF_8));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
