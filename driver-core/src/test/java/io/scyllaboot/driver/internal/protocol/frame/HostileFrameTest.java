package io.scyllaboot.driver.internal.protocol.frame;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import io.scyllaboot.driver.api.error.FrameDecodingException;
import io.scyllaboot.driver.api.type.DataType;
import io.scyllaboot.driver.api.type.PrimitiveType;
import io.scyllaboot.driver.internal.protocol.Opcodes;
import io.scyllaboot.driver.internal.protocol.codec.CodecRegistry;
import io.scyllaboot.driver.internal.protocol.codec.TypeCodec;
import io.scyllaboot.driver.internal.protocol.message.Result;
import io.scyllaboot.driver.internal.protocol.message.RowsResult;
import io.scyllaboot.driver.testing.ByteWriter;
import io.scyllaboot.driver.testing.RecordingAllocator;
import org.junit.jupiter.api.Test;

/**
 * Forged frames from a hostile or broken server: every length and count read from the wire is
 * checked against what is left before anything is allocated, and the frame fails only its own
 * stream, with an error that names what was wrong. A recording allocator shows what decoding asked
 * for.
 */
class HostileFrameTest {
  private static final int STREAM = 7;

  private final RecordingAllocator allocator = new RecordingAllocator();

  private ByteBuf frame(int flags, int opcode, ByteWriter body) {
    byte[] bytes =
        new ByteWriter()
            .writeByte(0x84)
            .writeByte(flags)
            .writeShort(STREAM)
            .writeByte(opcode)
            .writeInt(body.size())
            .write(body)
            .toByteArray();
    ByteBuf frame = allocator.heapBuffer(bytes.length).writeBytes(bytes);
    allocator.reset(); // only what decoding asks for counts
    return frame;
  }

  /** Decodes a forged frame, which must fail its stream only, naming the problem. */
  private DecodeFailure decodeFailure(ByteBuf frame, Compressor compressor, String named) {
    Object decoded;
    try {
      decoded = FrameDecoder.decodeFrame(frame, compressor);
    } finally {
      frame.release();
    }
    assertThat(decoded).isInstanceOf(DecodeFailure.class);
    DecodeFailure failure = (DecodeFailure) decoded;
    assertThat(failure.streamId()).isEqualTo(STREAM);
    assertThat(failure.cause()).isInstanceOf(IllegalArgumentException.class);
    assertThat(failure.cause().getMessage()).contains(named);
    assertThat(allocator.largest()).as("largest allocation").isLessThan(64 * 1024);
    return failure;
  }

  @Test
  void should_refuse_a_bytes_length_past_the_end_of_the_frame() {
    ByteWriter body = new ByteWriter().writeInt(Integer.MAX_VALUE).writeInt(42);
    decodeFailure(frame(0, Opcodes.AUTH_CHALLENGE, body), null, "[bytes]");
  }

  @Test
  void should_refuse_a_string_length_past_the_end_of_the_frame() {
    ByteWriter body = new ByteWriter().writeShort(60_000).writeRaw((byte) 'x');
    decodeFailure(frame(0, Opcodes.AUTHENTICATE, body), null, "[string]");
  }

  @Test
  void should_refuse_a_string_list_count_the_frame_cannot_hold() {
    // SUPPORTED: one key whose list announces 65535 strings in 2 bytes.
    ByteWriter body =
        new ByteWriter().writeShort(1).writeString("k").writeShort(65_535).writeShort(0);
    decodeFailure(frame(0, Opcodes.SUPPORTED, body), null, "65535");
  }

  @Test
  void should_refuse_an_lz4_decompressed_length_the_frame_cannot_hold() {
    // v4 compressed body: [int uncompressed length][compressed block]; 200 MiB from 8 bytes.
    ByteWriter body = new ByteWriter().writeInt(200 << 20).writeRaw(new byte[8]);
    decodeFailure(
        frame(FrameHeader.FLAG_COMPRESSED, Opcodes.RESULT, body),
        Lz4Compressor.INSTANCE,
        "decompressed length");
  }

  @Test
  void should_refuse_a_column_count_the_rows_metadata_cannot_hold() {
    ByteWriter body =
        new ByteWriter()
            .writeInt(Result.ROWS)
            .writeInt(0x0001) // global table spec
            .writeInt(Integer.MAX_VALUE)
            .writeString("ks")
            .writeString("t");
    decodeFailure(frame(0, Opcodes.RESULT, body), null, "column count");
  }

  @Test
  void should_refuse_a_partition_key_count_the_prepared_metadata_cannot_hold() {
    ByteWriter body =
        new ByteWriter()
            .writeInt(Result.PREPARED)
            .writeShortBytes(new byte[] {1})
            .writeInt(0) // flags
            .writeInt(1) // columns
            .writeInt(Integer.MAX_VALUE); // partition key indices
    decodeFailure(frame(0, Opcodes.RESULT, body), null, "partition key");
  }

  @Test
  void should_refuse_types_nested_deeper_than_the_bound() {
    // A PREPARED result whose one variable is list<list<...>> nested 100,000 deep.
    ByteWriter body =
        new ByteWriter()
            .writeInt(Result.PREPARED)
            .writeShortBytes(new byte[] {1})
            .writeInt(0x0001)
            .writeInt(1)
            .writeInt(0)
            .writeString("ks")
            .writeString("t")
            .writeString("v");
    for (int i = 0; i < 100_000; i++) {
      body.writeShort(0x0020);
    }
    body.writeShort(0x0009);
    body.writeInt(0x0004).writeInt(0); // result metadata: no metadata, no columns
    decodeFailure(frame(0, Opcodes.RESULT, body), null, "nested deeper than 64");
  }

  @Test
  void should_refuse_a_rows_cell_length_past_the_end_of_the_page() {
    ByteWriter body =
        new ByteWriter()
            .writeInt(Result.ROWS)
            .writeInt(0x0004) // no metadata
            .writeInt(2)
            .writeInt(1) // one row of two cells
            .writeInt(1_000_000)
            .writeInt(5);
    decodeFailure(frame(0, Opcodes.RESULT, body), null, "cell of 1000000 bytes");
  }

  /** A body cut a few bytes short, its length fixed: the last blob must not be zero-filled. */
  @Test
  void should_refuse_a_rows_page_cut_inside_its_last_cell() {
    ByteWriter body =
        new ByteWriter()
            .writeInt(Result.ROWS)
            .writeInt(0x0004)
            .writeInt(1)
            .writeInt(1)
            .writeInt(8) // an 8-byte blob of which 5 bytes came
            .writeByte(1)
            .writeByte(2)
            .writeByte(3)
            .writeByte(4)
            .writeByte(5);
    decodeFailure(frame(0, Opcodes.RESULT, body), null, "cell of 8 bytes");
  }

  @Test
  void should_refuse_bytes_left_after_the_last_cell() {
    ByteWriter body =
        new ByteWriter()
            .writeInt(Result.ROWS)
            .writeInt(0x0004)
            .writeInt(1)
            .writeInt(1) // one int cell, then 4 bytes that are no cell: the row count was lowered
            .writeInt(4)
            .writeInt(42)
            .writeInt(4);
    decodeFailure(frame(0, Opcodes.RESULT, body), null, "4 bytes left after the last cell");
  }

  @Test
  void should_refuse_bytes_left_after_a_void_result() {
    ByteWriter body = new ByteWriter().writeInt(Result.VOID).writeInt(7);
    decodeFailure(frame(0, Opcodes.RESULT, body), null, "4 bytes left after a RESULT");
  }

  @Test
  void should_refuse_a_v5_cell_length_of_minus_two_and_read_it_as_null_in_v4() {
    ByteWriter body =
        new ByteWriter().writeInt(Result.ROWS).writeInt(0x0004).writeInt(1).writeInt(1);
    body.writeInt(-2);
    ByteBuf v4 = frame(0, Opcodes.RESULT, body);
    Object decoded;
    try {
      decoded = FrameDecoder.decodeFrame(v4);
    } finally {
      v4.release();
    }
    RowsResult rows = (RowsResult) ((ResponseFrame) decoded).message();
    try {
      assertThat(rows.buffer().getInt(rows.cellOffset(0, 0))).isEqualTo(-2); // v4: null
    } finally {
      rows.release();
    }
    ByteBuf v5 = frame(0, Opcodes.RESULT, body);
    v5.setByte(0, 0x85);
    decodeFailure(v5, null, "cell length -2");
  }

  @Test
  void should_refuse_a_collection_element_count_the_value_cannot_hold() {
    TypeCodec<?> codec =
        CodecRegistry.DEFAULT.codecFor(new DataType.ListType(PrimitiveType.INT, false));
    ByteBuf value = allocator.heapBuffer(8).writeInt(Integer.MAX_VALUE).writeInt(0);
    try {
      assertThatThrownBy(() -> codec.decode(value, 0, 8))
          .isInstanceOf(FrameDecodingException.class)
          .hasMessageContaining("2147483647 elements");
    } finally {
      value.release();
    }
    assertThat(allocator.largest()).isLessThan(64 * 1024);
  }

  @Test
  void should_refuse_a_map_entry_length_past_the_end_of_the_value() {
    TypeCodec<?> codec =
        CodecRegistry.DEFAULT.codecFor(
            new DataType.MapType(PrimitiveType.INT, PrimitiveType.INT, false));
    // One entry whose key claims 4 bytes, whose value claims 1000 bytes, in a 16-byte value.
    ByteBuf value =
        allocator.heapBuffer(32).writeInt(1).writeInt(4).writeInt(9).writeInt(1000).writeInt(0);
    try {
      assertThatThrownBy(() -> codec.decode(value, 0, 16))
          .isInstanceOf(FrameDecodingException.class)
          .hasMessageContaining("element of 1000 bytes");
    } finally {
      value.release();
    }
  }

  /** A list whose count became 0 (or negative) while its elements stayed: never {@code []}. */
  @Test
  void should_refuse_a_collection_count_that_disagrees_with_its_bytes() {
    TypeCodec<?> list =
        CodecRegistry.DEFAULT.codecFor(new DataType.ListType(PrimitiveType.INT, false));
    TypeCodec<?> map =
        CodecRegistry.DEFAULT.codecFor(
            new DataType.MapType(PrimitiveType.INT, PrimitiveType.INT, false));
    ByteBuf zero = allocator.heapBuffer(16).writeInt(0).writeInt(4).writeInt(9);
    ByteBuf negative = allocator.heapBuffer(16).writeInt(-1).writeInt(4).writeInt(9);
    ByteBuf mapZero = allocator.heapBuffer(24).writeInt(0).writeInt(4).writeInt(1);
    mapZero.writeInt(4).writeInt(2);
    try {
      assertThatThrownBy(() -> list.decode(zero, 0, 12))
          .isInstanceOf(FrameDecodingException.class)
          .hasMessageContaining("8 bytes after its last element");
      assertThatThrownBy(() -> list.decode(negative, 0, 12))
          .isInstanceOf(FrameDecodingException.class)
          .hasMessageContaining("-1 elements");
      assertThatThrownBy(() -> map.decode(mapZero, 0, 20))
          .isInstanceOf(FrameDecodingException.class)
          .hasMessageContaining("16 bytes after its last element");
    } finally {
      zero.release();
      negative.release();
      mapZero.release();
    }
  }

  @Test
  void should_refuse_vector_dimensions_the_value_cannot_hold() {
    TypeCodec<?> codec =
        CodecRegistry.DEFAULT.codecFor(
            new DataType.VectorType(PrimitiveType.TEXT, Integer.MAX_VALUE));
    ByteBuf value = allocator.heapBuffer(8).writeByte(1).writeByte('a');
    try {
      assertThatThrownBy(() -> codec.decode(value, 0, 2))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("dimensions");
    } finally {
      value.release();
    }
    assertThat(allocator.largest()).isLessThan(64 * 1024);
  }
}
