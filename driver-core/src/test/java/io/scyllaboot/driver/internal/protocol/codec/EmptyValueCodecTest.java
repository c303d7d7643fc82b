package io.scyllaboot.driver.internal.protocol.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.scyllaboot.driver.api.type.DataType;
import io.scyllaboot.driver.api.type.EmptyValue;
import io.scyllaboot.driver.api.type.PrimitiveType;
import io.scyllaboot.driver.api.type.TupleValue;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Zero-length values: composite types decode them as null (no value), not as a value whose
 * components are all null; a vector never reads past its cell.
 */
class EmptyValueCodecTest {
  private static final DataType TUPLE =
      new DataType.TupleType(List.of(PrimitiveType.INT, PrimitiveType.TEXT));
  private static final DataType VECTOR = new DataType.VectorType(PrimitiveType.FLOAT, 3);

  /** A zero-length cell followed by other bytes, which the decoder must not read. */
  private static Object decodeEmpty(DataType type) {
    ByteBuf buffer = Unpooled.buffer().writeInt(0x01020304).writeInt(0x05060708).writeLong(-1);
    return CodecRegistry.DEFAULT.codecFor(type).decode(buffer, 0, 0);
  }

  @Test
  void should_decode_a_zero_length_tuple_as_null() {
    assertThat(decodeEmpty(TUPLE)).isNull();
  }

  @Test
  void should_decode_a_zero_length_vector_as_null() {
    assertThat(decodeEmpty(VECTOR)).isNull();
  }

  @Test
  void should_decode_zero_length_primitives_as_null_but_text_and_blob_as_empty() {
    assertThat(decodeEmpty(PrimitiveType.INT)).isNull();
    assertThat(decodeEmpty(PrimitiveType.UUID)).isNull();
    assertThat(decodeEmpty(PrimitiveType.TEXT)).isEqualTo("");
    assertThat(decodeEmpty(PrimitiveType.BLOB)).isEqualTo(java.nio.ByteBuffer.allocate(0));
  }

  @Test
  void should_encode_an_empty_tuple_component_as_zero_bytes_and_decode_it_back_as_empty() {
    TypeCodec<?> codec = CodecRegistry.DEFAULT.codecFor(TUPLE);
    TupleValue tuple = TupleValue.of(EmptyValue.VALUE, null);
    assertThat(codec.accepts(tuple)).isTrue();
    ByteBuf buffer = Unpooled.buffer();
    codec.encode(tuple, buffer);

    assertThat(ByteBufUtil.hexDump(buffer)).isEqualTo("00000000" + "ffffffff");
    assertThat(codec.encodedSize(tuple)).isEqualTo(8);
    TupleValue decoded = (TupleValue) codec.decode(buffer, 0, buffer.readableBytes());
    assertThat(decoded.get(0)).isEqualTo(EmptyValue.VALUE);
    assertThat(decoded.isEmpty(0)).isTrue();
    assertThat(decoded.get(1)).isNull();
    assertThat(decoded.isEmpty(1)).isFalse();
  }

  @Test
  void should_refuse_a_fixed_size_vector_whose_length_does_not_match_its_dimensions() {
    ByteBuf buffer = Unpooled.buffer().writeFloat(1f).writeFloat(2f).writeFloat(3f);
    assertThatThrownBy(() -> CodecRegistry.DEFAULT.codecFor(VECTOR).decode(buffer, 0, 8))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("vector<float, 3>")
        .hasMessageContaining("8 bytes");
  }
}
