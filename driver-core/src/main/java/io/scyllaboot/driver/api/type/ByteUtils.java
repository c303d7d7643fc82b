package io.scyllaboot.driver.api.type;

import java.nio.ByteBuffer;
import java.util.HexFormat;

/**
 * Blobs as CQL literals ({@code 0x} and two hex digits per byte) and as arrays: the helpers code
 * written for the DataStax driver calls by this name. None moves a buffer's position.
 */
public final class ByteUtils {
  private static final HexFormat HEX = HexFormat.of();

  private ByteUtils() {}

  /** The CQL literal of the buffer's remaining bytes; {@code null} for {@code null}. */
  public static String toHexString(ByteBuffer bytes) {
    return bytes == null ? null : toHexString(getArray(bytes));
  }

  /** The CQL literal of the bytes; {@code null} for {@code null}. */
  public static String toHexString(byte[] bytes) {
    return bytes == null ? null : "0x" + HEX.formatHex(bytes);
  }

  /**
   * The bytes of a CQL blob literal ({@code 0x} then an even number of hex digits, either case);
   * {@code null} for {@code null}.
   *
   * @throws IllegalArgumentException if {@code literal} is not such a literal
   */
  public static ByteBuffer fromHexString(String literal) {
    if (literal == null) {
      return null;
    }
    if (!literal.startsWith("0x") && !literal.startsWith("0X")) {
      throw new IllegalArgumentException("a CQL blob literal starts with 0x: " + literal);
    }
    return ByteBuffer.wrap(HEX.parseHex(literal, 2, literal.length()));
  }

  /** A copy of the buffer's remaining bytes, from a heap or a direct buffer. */
  public static byte[] getArray(ByteBuffer bytes) {
    byte[] array = new byte[bytes.remaining()];
    bytes.duplicate().get(array);
    return array;
  }
}
