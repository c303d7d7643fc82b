package io.scyllaboot.driver.internal.protocol.codec;

import io.netty.buffer.ByteBuf;

/**
 * Writes {@code [int length][bytes]} elements of composite values, and checks those read: counts
 * and lengths come from the server and are checked against the enclosing value before use.
 */
final class Elements {
  private Elements() {}

  /**
   * Checks that {@code count} elements of at least {@code minSize} bytes each fit in {@code
   * available} bytes.
   */
  static void checkCount(int count, int available, int minSize) {
    if (count < 0 || (long) count * minSize > available) {
      throw new IllegalArgumentException(
          "collection of " + count + " elements cannot fit in " + available + " bytes");
    }
  }

  /** The {@code [int n]} element count at {@code index}, which must lie before {@code end}. */
  static int readCount(ByteBuf in, int index, int end) {
    if (end - index < 4) {
      throw new IllegalArgumentException(
          "collection value of " + (end - index) + " bytes has no room for its element count");
    }
    return in.getInt(index);
  }

  /** The length prefix of the element at {@code position}, checked against {@code end}. */
  static int readLength(ByteBuf in, int position, int end) {
    if (end - position < 4) {
      throw new IllegalArgumentException(
          "element length prefix runs past the end of the value (" + (end - position) + " left)");
    }
    int length = in.getInt(position);
    if (length > end - position - 4) {
      throw new IllegalArgumentException(
          "element of "
              + length
              + " bytes announced but "
              + (end - position - 4)
              + " left in the value");
    }
    return length;
  }

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
