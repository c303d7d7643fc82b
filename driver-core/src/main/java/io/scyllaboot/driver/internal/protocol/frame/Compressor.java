package io.scyllaboot.driver.internal.protocol.frame;

import io.netty.buffer.ByteBuf;

/**
 * A block compression algorithm, as negotiated with STARTUP's {@code COMPRESSION} option. Works on
 * buffer regions by index and never consumes or releases its arguments. Implementations are
 * stateless and thread-safe.
 */
public interface Compressor {

  /** The name sent in STARTUP, for example {@code lz4}. */
  String algorithm();

  /** An upper bound of the compressed size of {@code length} bytes. */
  int maxCompressedLength(int length);

  /**
   * Compresses {@code length} bytes of {@code src} from {@code srcIndex} into {@code dst} at its
   * writer index, and advances that index.
   *
   * @param dst has at least {@link #maxCompressedLength(int)} writable bytes
   * @return the compressed length
   */
  int compress(ByteBuf src, int srcIndex, int length, ByteBuf dst);

  /**
   * Decompresses {@code length} bytes of {@code src} from {@code srcIndex} into {@code dst} at its
   * writer index, and advances that index by {@code uncompressedLength}.
   *
   * @throws IllegalArgumentException if the data is corrupt or does not decompress to exactly
   *     {@code uncompressedLength} bytes
   */
  void decompress(ByteBuf src, int srcIndex, int length, ByteBuf dst, int uncompressedLength);
}
