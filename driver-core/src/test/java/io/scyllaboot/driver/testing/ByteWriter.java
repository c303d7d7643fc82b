package io.scyllaboot.driver.testing;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;

/**
 * Builds big-endian bytes by hand, independently of the driver's own {@code Primitives}, so that
 * tests can state the exact bytes the protocol specification prescribes. Builds plain arrays;
 * {@link #toBuffer()} copies them into a leak-tracked buffer the caller owns.
 */
public final class ByteWriter {
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();

  public ByteWriter writeByte(int b) {
    out.write(b & 0xFF);
    return this;
  }

  public ByteWriter writeShort(int s) {
    return writeByte(s >>> 8).writeByte(s);
  }

  public ByteWriter writeInt(int i) {
    return writeShort(i >>> 16).writeShort(i);
  }

  public ByteWriter writeLong(long l) {
    return writeInt((int) (l >>> 32)).writeInt((int) l);
  }

  public ByteWriter writeRaw(byte... bytes) {
    out.writeBytes(bytes);
    return this;
  }

  /** A {@code [string]}: unsigned short length, then UTF-8. */
  public ByteWriter writeString(String s) {
    byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
    return writeShort(utf8.length).writeRaw(utf8);
  }

  /** A {@code [long string]}: int length, then UTF-8. */
  public ByteWriter writeLongString(String s) {
    byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
    return writeInt(utf8.length).writeRaw(utf8);
  }

  /** A {@code [string list]}. */
  public ByteWriter writeStringList(List<String> list) {
    writeShort(list.size());
    list.forEach(this::writeString);
    return this;
  }

  /** A {@code [bytes]}; null is written as length -1. */
  public ByteWriter writeBytes(byte[] bytes) {
    if (bytes == null) {
      return writeInt(-1);
    }
    return writeInt(bytes.length).writeRaw(bytes);
  }

  /** A {@code [short bytes]}. */
  public ByteWriter writeShortBytes(byte[] bytes) {
    return writeShort(bytes.length).writeRaw(bytes);
  }

  public ByteWriter writeUuid(UUID uuid) {
    return writeLong(uuid.getMostSignificantBits()).writeLong(uuid.getLeastSignificantBits());
  }

  public ByteWriter write(ByteWriter other) {
    return writeRaw(other.toByteArray());
  }

  public int size() {
    return out.size();
  }

  public byte[] toByteArray() {
    return out.toByteArray();
  }

  /**
   * A pooled, leak-tracked copy of the bytes; the caller owns (and must release or hand off) it.
   */
  public ByteBuf toBuffer() {
    byte[] bytes = toByteArray();
    return ByteBufAllocator.DEFAULT.buffer(bytes.length).writeBytes(bytes);
  }
}
