package io.scyllaboot.driver.internal.cql;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.scyllaboot.driver.api.ProtocolVersion;
import io.scyllaboot.driver.api.type.MappingCodec;
import io.scyllaboot.driver.internal.protocol.codec.CodecRegistry;
import java.nio.ByteBuffer;

/**
 * A byte-level {@link io.scyllaboot.driver.api.type.TypeCodec} as a {@link MappingCodec}: the inner
 * value is the CQL type's own Java value (a {@code String} for {@code text}), converted through the
 * bytes both codecs agree on. Only values of the codec's Java type pay for the copies.
 */
public final class ByteCodecAdapter<I, T> extends MappingCodec<I, T> {
  private final io.scyllaboot.driver.api.type.TypeCodec<T> codec;
  private final io.scyllaboot.driver.internal.protocol.codec.TypeCodec<I> cqlCodec;

  private ByteCodecAdapter(
      io.scyllaboot.driver.api.type.TypeCodec<T> codec,
      io.scyllaboot.driver.internal.protocol.codec.TypeCodec<I> cqlCodec,
      Class<T> javaType) {
    super(cqlCodec.javaType(), javaType);
    this.codec = codec;
    this.cqlCodec = cqlCodec;
  }

  @SuppressWarnings("unchecked")
  public static <T> MappingCodec<?, T> of(io.scyllaboot.driver.api.type.TypeCodec<T> codec) {
    Class<T> javaType = (Class<T>) codec.getJavaType().rawType();
    return new ByteCodecAdapter<>(
        codec,
        (io.scyllaboot.driver.internal.protocol.codec.TypeCodec<Object>)
            CodecRegistry.DEFAULT.codecFor(codec.getCqlType()),
        javaType);
  }

  @Override
  protected T innerToOuter(I value) {
    ByteBuf bytes = Unpooled.buffer(cqlCodec.encodedSize(value));
    try {
      cqlCodec.encode(value, bytes);
      return codec.decode(ByteBuffer.wrap(ByteBufUtil.getBytes(bytes)), ProtocolVersion.V4);
    } finally {
      bytes.release();
    }
  }

  @Override
  protected I outerToInner(T value) {
    ByteBuffer encoded = codec.encode(value, ProtocolVersion.V4);
    if (encoded == null) {
      return null;
    }
    ByteBuf bytes = Unpooled.wrappedBuffer(encoded.duplicate());
    try {
      return cqlCodec.decode(bytes, bytes.readerIndex(), bytes.readableBytes());
    } finally {
      bytes.release();
    }
  }

  @Override
  public String toString() {
    return codec.getClass().getSimpleName() + " (" + codec.getCqlType().asCql() + ")";
  }
}
