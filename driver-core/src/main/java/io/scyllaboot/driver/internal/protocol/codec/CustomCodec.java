package io.scyllaboot.driver.internal.protocol.codec;

import io.netty.buffer.ByteBuf;
import io.scyllaboot.driver.api.type.DataType;
import java.nio.ByteBuffer;

/** A custom type the driver does not interpret: raw bytes both ways. */
final class CustomCodec implements TypeCodec<ByteBuffer> {
  private final DataType type;
  private final SimpleCodecs.BlobCodec bytes = new SimpleCodecs.BlobCodec();

  CustomCodec(DataType.CustomType type) {
    this.type = type;
  }

  @Override
  public DataType cqlType() {
    return type;
  }

  @Override
  public Class<ByteBuffer> javaType() {
    return ByteBuffer.class;
  }

  @Override
  public boolean accepts(Object value) {
    return bytes.accepts(value);
  }

  @Override
  public int encodedSize(Object value) {
    return bytes.encodedSize(value);
  }

  @Override
  public void encode(Object value, ByteBuf out) {
    bytes.encode(value, out);
  }

  @Override
  public ByteBuffer decode(ByteBuf in, int index, int length) {
    return bytes.decode(in, index, length);
  }
}
