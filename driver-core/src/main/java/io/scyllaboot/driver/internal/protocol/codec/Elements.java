package io.scyllaboot.driver.internal.protocol.codec;

import io.netty.buffer.ByteBuf;
import io.scyllaboot.driver.api.error.FrameDecodingException;
import io.scyllaboot.driver.api.type.EmptyValue;

/**
 * Writes {@code [int length][bytes]} elements of composite values, and checks those read: counts
 * and lengths come from the server and are checked against the enclosing value before use; a value
 * that does not parse exactly is a {@link FrameDecodingException}.
 */
final class Elements {
  private Elements() {}

  /**
   * Checks that {@code count} elements of at least {@code minSize} bytes each fit in {@code
   * available} bytes.
   */
  static void checkCount(int count, int available, int minSize) {
    if (count < 0 || (long) count * minSize > available) {
      throw new FrameDecodingException(
          "collection of " + count + " elements cannot fit in " + available + " bytes");
    }
  }

  /** The {@code [int n]} element count at {@code index}, which must lie before {@code end}. */
  static int readCount(ByteBuf in, int index, int end) {
    if (end - index < 4) {
      throw new FrameDecodingException(
          "collection value of " + (end - index) + " bytes has no room for its element count");
    }
    return in.getInt(index);
  }

  /** The length prefix of the element at {@code position}, checked against {@code end}. */
  static int readLength(ByteBuf in, int position, int end) {
    if (end - position < 4) {
      throw new FrameDecodingException(
          "element length prefix runs past the end of the value (" + (end - position) + " left)");
    }
    int length = in.getInt(position);
    if (length > end - position - 4) {
      throw new FrameDecodingException(
          "element of "
              + length
              + " bytes announced but "
              + (end - position - 4)
              + " left in the value");
    }
    return length;
  }

  /** Writes a value with its length prefix; null writes length -1, an empty value length 0. */
  static void write(TypeCodec<?> codec, Object value, ByteBuf out) {
    if (value == null) {
      out.writeInt(-1);
      return;
    }
    if (value == EmptyValue.VALUE) {
      out.writeInt(0);
      return;
    }
    int lengthIndex = out.writerIndex();
    out.writeInt(0);
    codec.encode(value, out);
    out.setInt(lengthIndex, out.writerIndex() - lengthIndex - 4);
  }

  static int size(TypeCodec<?> codec, Object value) {
    return 4 + (value == null || value == EmptyValue.VALUE ? 0 : codec.encodedSize(value));
  }

  /** Whether a component value is acceptable: null, empty, or accepted by the codec. */
  static boolean accepts(TypeCodec<?> codec, Object value) {
    return value == null || value == EmptyValue.VALUE || codec.accepts(value);
  }

  /**
   * Decodes a non-null component; a zero-length one of a type without an empty Java value (which
   * its codec decodes as null) becomes {@link EmptyValue#VALUE}, so that it is not mistaken for
   * null.
   */
  /**
   * Checks that the elements of a composite value ended exactly where the value does: bytes left
   * over mean the count (or a length) is not the one the server wrote.
   */
  static void checkEnd(int position, int end, String what) {
    if (position != end) {
      throw new FrameDecodingException(
          what + " value has " + (end - position) + " bytes after its last element");
    }
  }

  static Object decodeComponent(TypeCodec<?> codec, ByteBuf in, int index, int length) {
    Object value = codec.decode(in, index, length);
    return value == null && length == 0 ? EmptyValue.VALUE : value;
  }
}
