package io.scyllaboot.driver.internal.routing;

import io.netty.buffer.ByteBuf;

/**
 * Cassandra's Murmur3Partitioner token: the first 64 bits of MurmurHash3 x64/128 (seed 0) of the
 * partition key bytes, including Cassandra's quirk of sign-extending the tail bytes, with
 * Long.MIN_VALUE mapped to Long.MAX_VALUE. Reads the buffer in place; allocates nothing.
 */
public final class Murmur3 {
  private static final long C1 = 0x87c37b91114253d5L;
  private static final long C2 = 0x4cf5ad432745937fL;

  private Murmur3() {}

  @SuppressWarnings("fallthrough")
  public static long token(ByteBuf key, int offset, int length) {
    long h1 = 0;
    long h2 = 0;
    int blocks = length >> 4;
    for (int i = 0; i < blocks; i++) {
      int base = offset + (i << 4);
      long k1 = key.getLongLE(base);
      long k2 = key.getLongLE(base + 8);
      k1 *= C1;
      k1 = Long.rotateLeft(k1, 31);
      k1 *= C2;
      h1 ^= k1;
      h1 = Long.rotateLeft(h1, 27);
      h1 += h2;
      h1 = h1 * 5 + 0x52dce729;
      k2 *= C2;
      k2 = Long.rotateLeft(k2, 33);
      k2 *= C1;
      h2 ^= k2;
      h2 = Long.rotateLeft(h2, 31);
      h2 += h1;
      h2 = h2 * 5 + 0x38495ab5;
    }
    int tail = offset + (blocks << 4);
    long k1 = 0;
    long k2 = 0;
    // Cassandra reads tail bytes as signed bytes: (long) b << n sign-extends; kept on purpose.
    switch (length & 15) {
      case 15:
        k2 ^= ((long) key.getByte(tail + 14)) << 48;
      case 14:
        k2 ^= ((long) key.getByte(tail + 13)) << 40;
      case 13:
        k2 ^= ((long) key.getByte(tail + 12)) << 32;
      case 12:
        k2 ^= ((long) key.getByte(tail + 11)) << 24;
      case 11:
        k2 ^= ((long) key.getByte(tail + 10)) << 16;
      case 10:
        k2 ^= ((long) key.getByte(tail + 9)) << 8;
      case 9:
        k2 ^= key.getByte(tail + 8);
        k2 *= C2;
        k2 = Long.rotateLeft(k2, 33);
        k2 *= C1;
        h2 ^= k2;
      case 8:
        k1 ^= ((long) key.getByte(tail + 7)) << 56;
      case 7:
        k1 ^= ((long) key.getByte(tail + 6)) << 48;
      case 6:
        k1 ^= ((long) key.getByte(tail + 5)) << 40;
      case 5:
        k1 ^= ((long) key.getByte(tail + 4)) << 32;
      case 4:
        k1 ^= ((long) key.getByte(tail + 3)) << 24;
      case 3:
        k1 ^= ((long) key.getByte(tail + 2)) << 16;
      case 2:
        k1 ^= ((long) key.getByte(tail + 1)) << 8;
      case 1:
        k1 ^= key.getByte(tail);
        k1 *= C1;
        k1 = Long.rotateLeft(k1, 31);
        k1 *= C2;
        h1 ^= k1;
      default:
        break;
    }
    h1 ^= length;
    h2 ^= length;
    h1 += h2;
    h2 += h1;
    h1 = fmix(h1);
    h2 = fmix(h2);
    h1 += h2;
    return h1 == Long.MIN_VALUE ? Long.MAX_VALUE : h1;
  }

  private static long fmix(long k) {
    k ^= k >>> 33;
    k *= 0xff51afd7ed558ccdL;
    k ^= k >>> 33;
    k *= 0xc4ceb9fe1a85ec53L;
    k ^= k >>> 33;
    return k;
  }
}
