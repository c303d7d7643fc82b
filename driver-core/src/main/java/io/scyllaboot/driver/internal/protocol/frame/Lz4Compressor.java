package io.scyllaboot.driver.internal.protocol.frame;

import io.netty.buffer.ByteBuf;
import java.nio.ByteBuffer;
import net.jpountz.lz4.LZ4Compressor;
import net.jpountz.lz4.LZ4Exception;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.lz4.LZ4SafeDecompressor;

/**
 * LZ4 block compression with lz4-java (an optional dependency: this class is loaded only when a
 * session asks for LZ4). Thread-safe.
 *
 * <p>Compression (of the driver's own bytes) uses the fastest implementation. Decompression reads
 * bytes from the network, so it uses the pure-Java safe decompressor, with bounds-checked views
 * that start at the output region and an exact expected length: lz4-java 1.8.0's native and unsafe
 * decoders can be driven out of bounds by crafted input (CVE-2025-12183).
 */
public final class Lz4Compressor implements Compressor {
  public static final Lz4Compressor INSTANCE = new Lz4Compressor();

  private final LZ4Compressor compressor;
  private final LZ4SafeDecompressor decompressor;

  private Lz4Compressor() {
    compressor = LZ4Factory.fastestInstance().fastCompressor();
    decompressor = LZ4Factory.safeInstance().safeDecompressor();
  }

  @Override
  public String algorithm() {
    return "lz4";
  }

  @Override
  public int maxCompressedLength(int length) {
    return compressor.maxCompressedLength(length);
  }

  @Override
  public int compress(ByteBuf src, int srcIndex, int length, ByteBuf dst) {
    ByteBuffer in = view(src, srcIndex, length);
    ByteBuffer out = dst.nioBuffer(dst.writerIndex(), dst.writableBytes());
    // lz4-java takes absolute offsets and leaves the views' positions alone.
    int written =
        compressor.compress(in, in.position(), length, out, out.position(), out.remaining());
    dst.writerIndex(dst.writerIndex() + written);
    return written;
  }

  @Override
  public void decompress(
      ByteBuf src, int srcIndex, int length, ByteBuf dst, int uncompressedLength) {
    dst.ensureWritable(uncompressedLength);
    ByteBuffer in = view(src, srcIndex, length);
    ByteBuffer out = dst.nioBuffer(dst.writerIndex(), uncompressedLength);
    int written;
    try {
      written =
          decompressor.decompress(
              in, in.position(), length, out, out.position(), uncompressedLength);
    } catch (LZ4Exception e) {
      throw new IllegalArgumentException("corrupt LZ4 data: " + e.getMessage(), e);
    }
    if (written != uncompressedLength) {
      throw new IllegalArgumentException(
          "LZ4 data decompressed to " + written + " bytes, announced " + uncompressedLength);
    }
    dst.writerIndex(dst.writerIndex() + written);
  }

  /** A single NIO view of a region: in place when possible, else a copy (composite buffers). */
  private static ByteBuffer view(ByteBuf buffer, int index, int length) {
    if (buffer.nioBufferCount() == 1) {
      return buffer.nioBuffer(index, length);
    }
    byte[] copy = new byte[length];
    buffer.getBytes(index, copy);
    return ByteBuffer.wrap(copy);
  }
}
