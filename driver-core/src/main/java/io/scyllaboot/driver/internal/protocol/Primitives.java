package io.scyllaboot.driver.internal.protocol;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Reads, writes and sizes the notations of the native protocol (section 3 of the specification) on
 * a {@link ByteBuf}. Stateless; every method is safe from any thread.
 *
 * <p>Reads trust nothing: every length and count is checked against the bytes left before anything
 * is sized from it, and a bad one throws an {@link IllegalArgumentException} that names it.
 */
public final class Primitives {

  private Primitives() {}

  /**
   * Checks that {@code length} bytes of a {@code what} can be read from {@code in}.
   *
   * @throws IllegalArgumentException naming the field when they cannot
   */
  public static void checkLength(ByteBuf in, int length, String what) {
    if (length < 0 || length > in.readableBytes()) {
      throw new IllegalArgumentException(
          what
              + " of "
              + length
              + " bytes announced but "
              + in.readableBytes()
              + " left in the frame");
    }
  }

  /**
   * Checks that {@code count} items of at least {@code minSize} bytes each can be read from {@code
   * in}: a count from the wire is never used to size anything before this.
   */
  public static void checkCount(ByteBuf in, long count, int minSize, String what) {
    if (count < 0 || count * minSize > in.readableBytes()) {
      throw new IllegalArgumentException(
          what + " count " + count + " cannot fit in the " + in.readableBytes() + " bytes left");
    }
  }

  // ---- [string] / [long string]: strings are UTF-8; sizes are computed without encoding twice.

  public static int sizeOfString(String s) {
    return 2 + ByteBufUtil.utf8Bytes(s);
  }

  public static int sizeOfLongString(String s) {
    return 4 + ByteBufUtil.utf8Bytes(s);
  }

  /**
   * Writes UTF-8 without reserving Netty's worst case of 3 bytes per char, which would overflow the
   * exactly-sized frame buffers.
   */
  public static int writeUtf8(ByteBuf out, CharSequence s) {
    return ByteBufUtil.reserveAndWriteUtf8(out, s, ByteBufUtil.utf8Bytes(s));
  }

  public static void writeString(ByteBuf out, String s) {
    int lengthIndex = out.writerIndex();
    out.writeShort(0);
    int written = writeUtf8(out, s);
    if (written > 0xFFFF) {
      throw new IllegalArgumentException("[string] longer than 65535 bytes: " + written);
    }
    out.setShort(lengthIndex, written);
  }

  public static void writeLongString(ByteBuf out, String s) {
    int lengthIndex = out.writerIndex();
    out.writeInt(0);
    int written = writeUtf8(out, s);
    out.setInt(lengthIndex, written);
  }

  public static String readString(ByteBuf in) {
    int length = in.readUnsignedShort();
    checkLength(in, length, "[string]");
    return readUtf8(in, length);
  }

  public static String readLongString(ByteBuf in) {
    int length = in.readInt();
    checkLength(in, length, "[long string]");
    return readUtf8(in, length);
  }

  private static String readUtf8(ByteBuf in, int length) {
    String s = in.toString(in.readerIndex(), length, StandardCharsets.UTF_8);
    in.skipBytes(length);
    return s;
  }

  /** Skips a [string] without building it. */
  public static void skipString(ByteBuf in) {
    int length = in.readUnsignedShort();
    checkLength(in, length, "[string]");
    in.skipBytes(length);
  }

  // ---- [string list], [string map], [string multimap]

  public static int sizeOfStringList(List<String> list) {
    int size = 2;
    for (String s : list) {
      size += sizeOfString(s);
    }
    return size;
  }

  public static void writeStringList(ByteBuf out, List<String> list) {
    out.writeShort(list.size());
    for (String s : list) {
      writeString(out, s);
    }
  }

  public static List<String> readStringList(ByteBuf in) {
    int n = in.readUnsignedShort();
    checkCount(in, n, 2, "[string list]");
    List<String> list = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      list.add(readString(in));
    }
    return list;
  }

  public static int sizeOfStringMap(Map<String, String> map) {
    int size = 2;
    for (Map.Entry<String, String> e : map.entrySet()) {
      size += sizeOfString(e.getKey()) + sizeOfString(e.getValue());
    }
    return size;
  }

  public static void writeStringMap(ByteBuf out, Map<String, String> map) {
    out.writeShort(map.size());
    for (Map.Entry<String, String> e : map.entrySet()) {
      writeString(out, e.getKey());
      writeString(out, e.getValue());
    }
  }

  public static Map<String, String> readStringMap(ByteBuf in) {
    int n = in.readUnsignedShort();
    checkCount(in, n, 4, "[string map]");
    Map<String, String> map = new HashMap<>(n * 2);
    for (int i = 0; i < n; i++) {
      map.put(readString(in), readString(in));
    }
    return map;
  }

  public static Map<String, List<String>> readStringMultimap(ByteBuf in) {
    int n = in.readUnsignedShort();
    checkCount(in, n, 4, "[string multimap]");
    Map<String, List<String>> map = new HashMap<>(n * 2);
    for (int i = 0; i < n; i++) {
      map.put(readString(in), readStringList(in));
    }
    return map;
  }

  public static void writeStringMultimap(ByteBuf out, Map<String, List<String>> map) {
    out.writeShort(map.size());
    for (Map.Entry<String, List<String>> e : map.entrySet()) {
      writeString(out, e.getKey());
      writeStringList(out, e.getValue());
    }
  }

  public static int sizeOfStringMultimap(Map<String, List<String>> map) {
    int size = 2;
    for (Map.Entry<String, List<String>> e : map.entrySet()) {
      size += sizeOfString(e.getKey()) + sizeOfStringList(e.getValue());
    }
    return size;
  }

  // ---- [bytes], [short bytes]

  public static int sizeOfBytes(byte[] bytes) {
    return 4 + (bytes == null ? 0 : bytes.length);
  }

  public static void writeBytes(ByteBuf out, byte[] bytes) {
    if (bytes == null) {
      out.writeInt(-1);
    } else {
      out.writeInt(bytes.length);
      out.writeBytes(bytes);
    }
  }

  /** Reads a [bytes] into a new array; {@code null} for a negative length. */
  public static byte[] readBytes(ByteBuf in) {
    int length = in.readInt();
    if (length < 0) {
      return null;
    }
    checkLength(in, length, "[bytes]");
    byte[] bytes = new byte[length];
    in.readBytes(bytes);
    return bytes;
  }

  /**
   * Reads a {@code [bytes map]} (a custom payload) into read-only heap buffers, checking each
   * announced length against what is left before allocating.
   */
  public static Map<String, java.nio.ByteBuffer> readBytesMap(ByteBuf in) {
    int entries = in.readUnsignedShort();
    checkCount(in, entries, 6, "custom payload entry");
    Map<String, java.nio.ByteBuffer> map = new java.util.LinkedHashMap<>();
    for (int i = 0; i < entries; i++) {
      String key = readString(in);
      int length = in.readInt();
      if (length > 0) {
        checkLength(in, length, "custom payload value");
      }
      byte[] value = null;
      if (length >= 0) {
        value = new byte[length];
        in.readBytes(value);
      }
      map.put(key, value == null ? null : java.nio.ByteBuffer.wrap(value).asReadOnlyBuffer());
    }
    return java.util.Collections.unmodifiableMap(map);
  }

  public static int sizeOfShortBytes(byte[] bytes) {
    return 2 + bytes.length;
  }

  public static void writeShortBytes(ByteBuf out, byte[] bytes) {
    out.writeShort(bytes.length);
    out.writeBytes(bytes);
  }

  public static byte[] readShortBytes(ByteBuf in) {
    int length = in.readUnsignedShort();
    checkLength(in, length, "[short bytes]");
    byte[] bytes = new byte[length];
    in.readBytes(bytes);
    return bytes;
  }

  // ---- [uuid], [inet], [inetaddr]

  public static UUID readUuid(ByteBuf in) {
    return new UUID(in.readLong(), in.readLong());
  }

  public static void writeUuid(ByteBuf out, UUID uuid) {
    out.writeLong(uuid.getMostSignificantBits());
    out.writeLong(uuid.getLeastSignificantBits());
  }

  public static InetAddress readInetAddr(ByteBuf in) {
    int size = in.readUnsignedByte();
    checkLength(in, size, "[inetaddr]");
    byte[] address = new byte[size];
    in.readBytes(address);
    try {
      return InetAddress.getByAddress(address);
    } catch (UnknownHostException e) {
      throw new IllegalArgumentException("invalid [inetaddr] of " + size + " bytes", e);
    }
  }

  public static InetSocketAddress readInet(ByteBuf in) {
    InetAddress address = readInetAddr(in);
    return new InetSocketAddress(address, in.readInt());
  }

  public static void writeInetAddr(ByteBuf out, InetAddress address) {
    byte[] bytes = address.getAddress();
    out.writeByte(bytes.length);
    out.writeBytes(bytes);
  }

  public static void writeInet(ByteBuf out, InetSocketAddress address) {
    writeInetAddr(out, address.getAddress());
    out.writeInt(address.getPort());
  }

  public static int sizeOfInet(InetSocketAddress address) {
    return 1 + address.getAddress().getAddress().length + 4;
  }
}
