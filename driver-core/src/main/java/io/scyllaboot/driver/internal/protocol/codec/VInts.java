package io.scyllaboot.driver.internal.protocol.codec;

import io.netty.buffer.ByteBuf;

/**
 * Cassandra's variable-length integers (used by duration and v5 metadata): the count of leading one
 * bits of the first byte says how many bytes follow; signed values are zig-zag encoded.
 */
public final class VInts {
  private VInts() {}

  public static int unsignedSize(long value) {
    int magnitude = Long.numberOfLeadingZeros(value | 1);
    return (639 - magnitude * 9) >> 6;
  }

  public static int signedSize(long value) {
    return unsignedSize(zigZag(value));
  }

  public static void writeSigned(ByteBuf out, long value) {
    writeUnsigned(out, zigZag(value));
  }

  public static long readSigned(ByteBuf in) {
    long raw = readUnsigned(in);
    return (raw >>> 1) ^ -(raw & 1);
  }

  public static void writeUnsigned(ByteBuf out, long value) {
    int size = unsignedSize(value);
    if (size == 1) {
      out.writeByte((int) value);
      return;
    }
    int extraBytes = size - 1;
    int firstByte = (int) (extraBytes == 8 ? 0 : value >>> (extraBytes * 8));
    firstByte |= ~(0xFF >> extraBytes) & 0xFF;
    out.writeByte(firstByte);
    for (int i = extraBytes - 1; i >= 0; i--) {
      out.writeByte((int) (value >>> (i * 8)));
    }
  }

  public static long readUnsigned(ByteBuf in) {
    int firstByte = in.readByte();
    if (firstByte >= 0) {
      return firstByte;
    }
    int extraBytes = Integer.numberOfLeadingZeros(~firstByte) - 24;
    long value = firstByte & (0xFF >> extraBytes);
    for (int i = 0; i < extraBytes; i++) {
      value = (value << 8) | (in.readByte() & 0xFF);
    }
    return value;
  }

  private static long zigZag(long value) {
    return (value << 1) ^ (value >> 63);
  }
}
