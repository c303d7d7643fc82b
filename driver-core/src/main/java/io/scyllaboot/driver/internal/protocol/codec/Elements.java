package io.scyllaboot.driver.internal.protocol.codec;

import io.netty.buffer.ByteBuf;

/** Writes {@code [int length][bytes]} elements of composite values. */
final class Elements {
  private Elements() {}

  /** Writes a value with its length prefix; null writes length -1. */
  static void write(TypeCodec<?> codec, Object value, ByteBuf out) {
    if (value == null) {
      out.writeInt(-1);
      return;
    }
    int lengthIndex = out.writerIndex();
    out.writeInt(0);
    codec.encode(value, out);
    out.setInt(lengthIndex, out.writerIndex() - lengthIndex - 4);
  }

  static int size(TypeCodec<?> codec, Object value) {
    return 4 + (value == null ? 0 : codec.encodedSize(value));
  }
}
