package io.scyllaboot.driver.internal.cql;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.scyllaboot.driver.api.ProtocolVersion;
import io.scyllaboot.driver.api.type.CqlLiterals;
import io.scyllaboot.driver.api.type.DataType;
import io.scyllaboot.driver.api.type.GenericType;
import io.scyllaboot.driver.api.type.TypeCodec;
import java.nio.ByteBuffer;

/**
 * One of the driver's own codecs in the public byte-level shape ({@code
 * session.codecRegistry().codecFor(type)}): the inner codec of an application's {@code
 * MappingCodec}, or a codec an application calls itself. Off the request path: the driver encodes
 * bound values with its internal codecs directly.
 */
final class BuiltInTypeCodec<T> implements TypeCodec<T> {
  private final io.scyllaboot.driver.internal.protocol.codec.TypeCodec<T> codec;

  BuiltInTypeCodec(io.scyllaboot.driver.internal.protocol.codec.TypeCodec<T> codec) {
    this.codec = codec;
  }

  @Override
  public GenericType<T> getJavaType() {
    return GenericType.of(codec.javaType());
  }

  @Override
  public DataType getCqlType() {
    return codec.cqlType();
  }

  @Override
  public ByteBuffer encode(T value, ProtocolVersion protocolVersion) {
    if (value == null) {
      return null;
    }
    if (!codec.accepts(value)) {
      throw new IllegalArgumentException(
          "a " + value.getClass().getName() + " is not a value of " + codec.cqlType().asCql());
    }
    byte[] bytes = new byte[codec.encodedSize(value)];
    ByteBuf out = Unpooled.wrappedBuffer(bytes).writerIndex(0);
    codec.encode(value, out);
    return ByteBuffer.wrap(bytes);
  }

  @Override
  public T decode(ByteBuffer bytes, ProtocolVersion protocolVersion) {
    if (bytes == null) {
      return null;
    }
    ByteBuf in = Unpooled.wrappedBuffer(bytes.duplicate());
    return codec.decode(in, in.readerIndex(), in.readableBytes());
  }

  @Override
  public String format(T value) {
    return CqlLiterals.literal(value);
  }

  /** Not supported: the driver binds values and never reads them from CQL text. */
  @Override
  public T parse(String value) {
    throw new UnsupportedOperationException(
        "the driver's own " + codec.cqlType().asCql() + " codec does not parse CQL literals");
  }

  @Override
  public String toString() {
    return "built-in codec of " + codec.cqlType().asCql();
  }
}
