package io.scyllaboot.driver.internal.protocol.codec;

import io.netty.buffer.ByteBuf;
import io.scyllaboot.driver.api.type.DataType;

/**
 * Encodes Java values as one CQL type and decodes them back. Codecs are stateless and thread-safe.
 *
 * <p>Encoding is split in two so that a frame is sized once and written once: the binder calls
 * {@link #accepts} (on the caller's thread, before anything is sent), then the frame encoder calls
 * {@link #encodedSize} and {@link #encode}, which may assume the value was accepted. Decoding reads
 * {@code length} bytes at {@code index} without moving the buffer's indices, so that rows can be
 * decoded straight from the page's buffer.
 *
 * @param <T> the Java type decoded values have
 */
public interface TypeCodec<T> {

  DataType cqlType();

  /** The Java type of decoded values. */
  Class<T> javaType();

  /** Whether this value can be encoded without loss as {@link #cqlType()}. */
  boolean accepts(Object value);

  /** The size of the encoded value, without its 4-byte length prefix. */
  int encodedSize(Object value);

  /** Writes an accepted value, without its length prefix. */
  void encode(Object value, ByteBuf out);

  /** Decodes a non-null value of {@code length} bytes (0 for an empty value) at {@code index}. */
  T decode(ByteBuf in, int index, int length);
}
