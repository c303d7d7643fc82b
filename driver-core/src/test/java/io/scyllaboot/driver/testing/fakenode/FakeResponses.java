package io.scyllaboot.driver.testing.fakenode;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.scyllaboot.driver.api.type.DataType;
import io.scyllaboot.driver.internal.protocol.Primitives;
import io.scyllaboot.driver.internal.protocol.codec.CodecRegistry;
import io.scyllaboot.driver.internal.protocol.codec.TypeCodec;
import io.scyllaboot.driver.internal.protocol.message.DataTypeCodec;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/** Encodes response frames (server side of our codec) for the fake node. */
public final class FakeResponses {
  private FakeResponses() {}

  /** A column of a canned result: its name and CQL type. */
  public record Column(String name, DataType type) {}

  static ByteBuf frame(
      ByteBufAllocator alloc, int version, int streamId, int opcode, Consumer<ByteBuf> body) {
    return frame(alloc, version, streamId, opcode, Map.of(), body);
  }

  /** A response frame; a non-empty {@code payload} sets the custom payload flag (0x04). */
  static ByteBuf frame(
      ByteBufAllocator alloc,
      int version,
      int streamId,
      int opcode,
      Map<String, byte[]> payload,
      Consumer<ByteBuf> body) {
    ByteBuf frame = alloc.buffer();
    int flags = payload.isEmpty() ? 0 : 0x04;
    frame
        .writeByte(0x80 | version)
        .writeByte(flags)
        .writeShort(streamId)
        .writeByte(opcode)
        .writeInt(0);
    if (!payload.isEmpty()) {
      frame.writeShort(payload.size());
      payload.forEach(
          (key, value) -> {
            Primitives.writeString(frame, key);
            frame.writeInt(value.length).writeBytes(value);
          });
    }
    body.accept(frame);
    frame.setInt(5, frame.writerIndex() - 9);
    return frame;
  }

  static Consumer<ByteBuf> supported() {
    return supported(false);
  }

  /** With {@code lwtMark}, also ScyllaDB's LWT mark in prepared metadata (bit 31 of the flags). */
  static Consumer<ByteBuf> supported(boolean lwtMark) {
    Map<String, List<String>> options =
        lwtMark
            ? Map.of(
                "CQL_VERSION", List.of("3.4.7"),
                "PROTOCOL_VERSIONS", List.of("4/v4"),
                "COMPRESSION", List.of(),
                "SCYLLA_LWT_ADD_METADATA_MARK",
                    List.of("LWT_OPTIMIZATION_META_BIT_MASK=" + LWT_BIT))
            : Map.of(
                "CQL_VERSION", List.of("3.4.7"),
                "PROTOCOL_VERSIONS", List.of("4/v4"),
                "COMPRESSION", List.of());
    return out -> Primitives.writeStringMultimap(out, options);
  }

  /** The prepared metadata flag bit that marks a lightweight transaction, as ScyllaDB sends it. */
  static final long LWT_BIT = 0x80000000L;

  static Consumer<ByteBuf> voidResult() {
    return out -> out.writeInt(1);
  }

  static Consumer<ByteBuf> setKeyspace(String keyspace) {
    return out -> {
      out.writeInt(3);
      Primitives.writeString(out, keyspace);
    };
  }

  /** An ERROR with only a message (codes whose body has no more fields). */
  public static Consumer<ByteBuf> error(int code, String message) {
    return out -> {
      out.writeInt(code);
      Primitives.writeString(out, message);
    };
  }

  static Consumer<ByteBuf> unprepared(byte[] id) {
    return out -> {
      out.writeInt(0x2500);
      Primitives.writeString(out, "unknown prepared id");
      Primitives.writeShortBytes(out, id);
    };
  }

  /** A ROWS result with global table spec; each row is a list of Java values (null allowed). */
  public static Consumer<ByteBuf> rows(List<Column> columns, List<List<Object>> rows) {
    return out -> {
      out.writeInt(2);
      writeMetadata(out, columns, false);
      out.writeInt(rows.size());
      for (List<Object> row : rows) {
        for (int c = 0; c < columns.size(); c++) {
          writeValue(out, columns.get(c).type(), row.get(c));
        }
      }
    };
  }

  @SuppressWarnings({"rawtypes", "unchecked"})
  static void writeValue(ByteBuf out, DataType type, Object value) {
    if (value == null) {
      out.writeInt(-1);
      return;
    }
    TypeCodec codec = CodecRegistry.DEFAULT.codecFor(type);
    int lengthIndex = out.writerIndex();
    out.writeInt(0);
    codec.encode(value, out);
    out.setInt(lengthIndex, out.writerIndex() - lengthIndex - 4);
  }

  private static void writeMetadata(ByteBuf out, List<Column> columns, boolean noMetadata) {
    if (columns.isEmpty() || noMetadata) {
      out.writeInt(noMetadata ? 0x0004 : 0);
      out.writeInt(columns.size());
      return;
    }
    out.writeInt(0x0001);
    out.writeInt(columns.size());
    Primitives.writeString(out, "ks");
    Primitives.writeString(out, "tbl");
    for (Column column : columns) {
      Primitives.writeString(out, column.name());
      DataTypeCodec.write(out, column.type());
    }
  }

  /** PREPARED (v4): id, variables with partition key indices, result columns. */
  static Consumer<ByteBuf> prepared(
      byte[] id, String keyspace, List<Column> variables, int[] pkIndices, List<Column> result) {
    return prepared(id, keyspace, variables, pkIndices, result, false);
  }

  static Consumer<ByteBuf> prepared(
      byte[] id,
      String keyspace,
      List<Column> variables,
      int[] pkIndices,
      List<Column> result,
      boolean lwt) {
    return out -> {
      out.writeInt(4);
      Primitives.writeShortBytes(out, id);
      out.writeInt((variables.isEmpty() ? 0 : 0x0001) | (lwt ? (int) LWT_BIT : 0));
      out.writeInt(variables.size());
      out.writeInt(pkIndices.length);
      for (int index : pkIndices) {
        out.writeShort(index);
      }
      if (!variables.isEmpty()) {
        Primitives.writeString(out, keyspace);
        Primitives.writeString(out, "tbl");
        for (Column column : variables) {
          Primitives.writeString(out, column.name());
          DataTypeCodec.write(out, column.type());
        }
      }
      writeMetadata(out, result, false);
    };
  }
}
