package io.scyllaboot.driver.internal.protocol.frame;

/**
 * The CRC24 that protects protocol v5 segment headers: initial value 0x875060, polynomial
 * 0x1974F0B, bytes fed least significant first (the header is a little-endian integer). Matches
 * Cassandra's {@code Crc.crc24}. Stateless and thread-safe.
 */
public final class Crc24 {
  static final int INITIAL = 0x875060;
  static final int POLYNOMIAL = 0x1974F0B;

  private Crc24() {}

  /**
   * The CRC24 of the {@code length} low-order bytes of {@code bytes}, lowest byte first.
   *
   * @param length 0 to 8
   */
  public static int compute(long bytes, int length) {
    int crc = INITIAL;
    for (int i = 0; i < length; i++) {
      crc ^= (int) ((bytes >>> (8 * i)) & 0xFF) << 16;
      for (int bit = 0; bit < 8; bit++) {
        crc <<= 1;
        if ((crc & 0x1000000) != 0) {
          crc ^= POLYNOMIAL; // also clears bit 24: the polynomial's top bit
        }
      }
    }
    return crc;
  }
}
