package io.scyllaboot.driver.internal.protocol.frame;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.handler.codec.CorruptedFrameException;
import io.scyllaboot.driver.api.error.CrcMismatchException;
import org.jspecify.annotations.Nullable;

/**
 * The protocol v5 segment format ("framing format v5", section 2 of the v5 specification): after
 * the handshake every envelope (a v4-style frame) travels inside segments. All integers here are
 * little-endian.
 *
 * <pre>
 * uncompressed: [3 bytes: payload length (17 bits) | self-contained (bit 17)][3 bytes: CRC24 of them]
 *               [payload, at most 131071 bytes][4 bytes: CRC32 of the payload]
 * LZ4:          [5 bytes: compressed length (17 bits) | uncompressed length (17 bits) &lt;&lt; 17
 *                  | self-contained (bit 34)][3 bytes: CRC24 of those 5 bytes]
 *               [compressed payload][4 bytes: CRC32 of the compressed payload]
 * </pre>
 *
 * A self-contained segment holds one or more whole envelopes; a large envelope is split over a run
 * of segments that are not. In the LZ4 format an uncompressed length of 0 means the payload is sent
 * as is (it did not shrink).
 *
 * <p>Pure codec: no channel. Not thread-safe (it owns a reusable CRC32); use one per direction of a
 * connection, on its event loop.
 */
public final class SegmentCodec {
  /** The largest payload of one segment: 128 KiB - 1. */
  public static final int MAX_PAYLOAD_LENGTH = (1 << 17) - 1;

  static final int HEADER_LENGTH = 6;
  static final int COMPRESSED_HEADER_LENGTH = 8;
  static final int TRAILER_LENGTH = 4;
  private static final int LENGTH_MASK = MAX_PAYLOAD_LENGTH;
  private static final int SELF_CONTAINED_BIT = 1 << 17;
  private static final long COMPRESSED_SELF_CONTAINED_BIT = 1L << 34;

  private final @Nullable Compressor compressor;
  private final int headerLength;
  private final Crc32 crc32 = new Crc32();

  /**
   * @param compressor the connection's compression, or null for the uncompressed format
   */
  public SegmentCodec(@Nullable Compressor compressor) {
    this.compressor = compressor;
    this.headerLength = compressor == null ? HEADER_LENGTH : COMPRESSED_HEADER_LENGTH;
  }

  /** A decoded segment: its (decompressed) payload, owned by the caller, and its flag. */
  public record Segment(ByteBuf payload, boolean selfContained) {}

  /**
   * Encodes the readable bytes of {@code payload} as one segment, in one buffer that the caller
   * owns. Does not consume or release {@code payload}.
   *
   * @throws IllegalArgumentException if the payload is longer than {@link #MAX_PAYLOAD_LENGTH}
   */
  public ByteBuf encode(ByteBufAllocator allocator, ByteBuf payload, boolean selfContained) {
    int length = payload.readableBytes();
    if (length > MAX_PAYLOAD_LENGTH) {
      throw new IllegalArgumentException(
          "segment payload must be at most " + MAX_PAYLOAD_LENGTH + " bytes, was " + length);
    }
    int from = payload.readerIndex();
    if (compressor == null) {
      ByteBuf segment = allocator.ioBuffer(HEADER_LENGTH + length + TRAILER_LENGTH);
      int header = length | (selfContained ? SELF_CONTAINED_BIT : 0);
      segment.writeMediumLE(header).writeMediumLE(Crc24.compute(header, 3));
      segment.writeBytes(payload, from, length);
      segment.writeIntLE(crc32.compute(segment, HEADER_LENGTH, length));
      return segment;
    }
    int bound = Math.max(compressor.maxCompressedLength(length), length);
    ByteBuf segment = allocator.ioBuffer(COMPRESSED_HEADER_LENGTH + bound + TRAILER_LENGTH);
    try {
      segment.writerIndex(COMPRESSED_HEADER_LENGTH);
      int compressed = length == 0 ? 0 : compressor.compress(payload, from, length, segment);
      int uncompressedField = length;
      if (compressed >= length) { // incompressible: the spec's "uncompressed length 0"
        segment.writerIndex(COMPRESSED_HEADER_LENGTH).writeBytes(payload, from, length);
        compressed = length;
        uncompressedField = 0;
      }
      long header =
          compressed
              | ((long) uncompressedField << 17)
              | (selfContained ? COMPRESSED_SELF_CONTAINED_BIT : 0);
      segment.setLongLE(0, header | ((long) Crc24.compute(header, 5) << 40));
      segment.writeIntLE(crc32.compute(segment, COMPRESSED_HEADER_LENGTH, compressed));
      return segment;
    } catch (RuntimeException e) {
      segment.release();
      throw e;
    }
  }

  /**
   * Decodes one segment from {@code in}, checking both checksums. Returns null, consuming nothing,
   * while {@code in} does not hold the whole segment; the header is checked as soon as it is there.
   *
   * @throws CrcMismatchException if a checksum does not match (nothing is consumed)
   * @throws CorruptedFrameException if a compressed payload does not decompress to its length
   */
  public @Nullable Segment decode(ByteBufAllocator allocator, ByteBuf in) {
    if (in.readableBytes() < headerLength) {
      return null;
    }
    int start = in.readerIndex();
    int payloadLength;
    int uncompressedLength;
    boolean selfContained;
    if (compressor == null) {
      int header = in.getUnsignedMediumLE(start);
      int expected = in.getUnsignedMediumLE(start + 3);
      checkHeader(Crc24.compute(header, 3), expected);
      payloadLength = header & LENGTH_MASK;
      uncompressedLength = 0;
      selfContained = (header & SELF_CONTAINED_BIT) != 0;
    } else {
      long header8 = in.getLongLE(start);
      long header = header8 & 0xFF_FFFF_FFFFL;
      checkHeader(Crc24.compute(header, 5), (int) (header8 >>> 40) & 0xFFFFFF);
      payloadLength = (int) header & LENGTH_MASK;
      uncompressedLength = (int) (header >>> 17) & LENGTH_MASK;
      selfContained = (header & COMPRESSED_SELF_CONTAINED_BIT) != 0;
    }
    if (in.readableBytes() < headerLength + payloadLength + TRAILER_LENGTH) {
      return null;
    }
    int payloadStart = start + headerLength;
    int expectedCrc = in.getIntLE(payloadStart + payloadLength);
    int actualCrc = crc32.compute(in, payloadStart, payloadLength);
    if (actualCrc != expectedCrc) {
      throw new CrcMismatchException(
          String.format(
              "segment payload CRC32 mismatch: received %08x, computed %08x over %d bytes",
              expectedCrc, actualCrc, payloadLength));
    }
    ByteBuf payload;
    if (compressor == null || uncompressedLength == 0) {
      payload = in.retainedSlice(payloadStart, payloadLength);
    } else {
      payload = allocator.buffer(uncompressedLength, uncompressedLength);
      try {
        compressor.decompress(in, payloadStart, payloadLength, payload, uncompressedLength);
      } catch (RuntimeException e) {
        payload.release();
        throw new CorruptedFrameException("cannot decompress segment: " + e.getMessage(), e);
      }
    }
    in.readerIndex(payloadStart + payloadLength + TRAILER_LENGTH);
    return new Segment(payload, selfContained);
  }

  private static void checkHeader(int computed, int received) {
    if (computed != received) {
      throw new CrcMismatchException(
          String.format(
              "segment header CRC24 mismatch: received %06x, computed %06x", received, computed));
    }
  }
}
