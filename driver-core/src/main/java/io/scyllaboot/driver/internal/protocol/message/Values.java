package io.scyllaboot.driver.internal.protocol.message;

import io.netty.buffer.ByteBuf;

/**
 * The bound values of a QUERY, EXECUTE or batch child, already checked against their types, so that
 * encoding cannot fail. Written as {@code [short n]} followed by n {@code [value]}s.
 */
public interface Values {

  int count();

  /** The bytes of the n {@code [value]}s, without the leading count. */
  int encodedSize();

  /** Writes the n {@code [value]}s, without the leading count. */
  void encode(ByteBuf out);
}
