package io.scyllaboot.driver.internal.protocol.frame;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.scyllaboot.driver.internal.protocol.Opcodes;
import io.scyllaboot.driver.internal.protocol.message.Request;

/**
 * Encodes a whole request frame in one exactly-sized buffer. The stream id is written as 0: the
 * connection assigns the real one on its event loop with {@link #setStreamId}, so encoding can
 * happen on the caller's thread, in parallel, before the request is queued.
 */
public final class RequestFrames {
  /** Bodies shorter than this are sent as is: LZ4 cannot shrink them enough to pay its cost. */
  static final int MIN_COMPRESSED_BODY = 64;

  private RequestFrames() {}

  /**
   * The frame of a request, at most the protocol's 256 MiB. The caller owns the returned buffer.
   */
  public static ByteBuf encode(ByteBufAllocator allocator, int protocolVersion, Request request) {
    return encode(allocator, protocolVersion, request, FrameDecoder.PROTOCOL_MAX_FRAME_LENGTH);
  }

  /**
   * The frame of a request. The caller owns the returned buffer.
   *
   * @throws IllegalArgumentException if the frame would be longer than {@code maxFrameLength}
   *     bytes; nothing is allocated then
   */
  public static ByteBuf encode(
      ByteBufAllocator allocator, int protocolVersion, Request request, int maxFrameLength) {
    return encode(allocator, protocolVersion, false, request, maxFrameLength);
  }

  /**
   * The frame of a request for a connection that does, or does not, carry result metadata ids in
   * EXECUTE under v4 ({@link Request#encodedSize(int, boolean)}). The caller owns the buffer.
   *
   * @throws IllegalArgumentException if the frame would be longer than {@code maxFrameLength}
   *     bytes; nothing is allocated then
   */
  public static ByteBuf encode(
      ByteBufAllocator allocator,
      int protocolVersion,
      boolean metadataIds,
      Request request,
      int maxFrameLength) {
    return encode(allocator, protocolVersion, metadataIds, -1, request, maxFrameLength);
  }

  /**
   * As {@link #encode(ByteBufAllocator, int, boolean, Request, int)}; an EXECUTE ends with the byte
   * {@code tabletVersionBlock} when it is not negative (ScyllaDB's tablets routing v2: {@code
   * <id><query_parameters><tablet_version_block>}), in the same single buffer.
   */
  public static ByteBuf encode(
      ByteBufAllocator allocator,
      int protocolVersion,
      boolean metadataIds,
      int tabletVersionBlock,
      Request request,
      int maxFrameLength) {
    int versionByte = tabletVersionBlock >= 0 && request.opcode() == Opcodes.EXECUTE ? 1 : 0;
    int bodyLength = request.encodedSize(protocolVersion, metadataIds) + versionByte;
    long frameLength = FrameHeader.LENGTH + (long) bodyLength;
    if (bodyLength < 0 || frameLength > maxFrameLength) {
      throw new IllegalArgumentException(
          Opcodes.name(request.opcode())
              + " request of "
              + (bodyLength < 0 ? "more than 2 GiB" : frameLength + " bytes")
              + " exceeds the maximum frame length of "
              + maxFrameLength
              + " bytes; send smaller values or batches");
    }
    return encodeFrame(
        allocator,
        protocolVersion,
        metadataIds,
        versionByte == 0 ? -1 : tabletVersionBlock,
        request,
        bodyLength,
        (int) frameLength);
  }

  private static ByteBuf encodeFrame(
      ByteBufAllocator allocator,
      int protocolVersion,
      boolean metadataIds,
      int tabletVersionBlock,
      Request request,
      int bodyLength,
      int frameLength) {
    ByteBuf frame = allocator.buffer(frameLength, frameLength);
    try {
      frame.writeByte(protocolVersion);
      frame.writeByte(request.headerFlags());
      frame.writeShort(0);
      frame.writeByte(request.opcode());
      frame.writeInt(bodyLength);
      request.encode(frame, protocolVersion, metadataIds);
      if (tabletVersionBlock >= 0) {
        frame.writeByte(tabletVersionBlock);
      }
      if (frame.writerIndex() != frameLength) {
        throw new IllegalStateException(
            request.getClass().getSimpleName()
                + " wrote "
                + (frame.writerIndex() - FrameHeader.LENGTH)
                + " body bytes but announced "
                + bodyLength);
      }
      return frame;
    } catch (RuntimeException e) {
      frame.release();
      throw e;
    }
  }

  /**
   * The protocol v4 compressed form of a frame: flag 0x01, body {@code [int uncompressed
   * length][compressed block]}. Returns {@code frame} itself, untouched, when compressing would not
   * make it smaller; otherwise releases {@code frame} and returns the new frame, which the caller
   * owns.
   */
  public static ByteBuf compressV4(
      ByteBufAllocator allocator, ByteBuf frame, Compressor compressor) {
    int start = frame.readerIndex();
    int bodyLength = frame.readableBytes() - FrameHeader.LENGTH;
    if (bodyLength < MIN_COMPRESSED_BODY) {
      return frame;
    }
    int capacity = FrameHeader.LENGTH + 4 + compressor.maxCompressedLength(bodyLength);
    ByteBuf compressed = allocator.ioBuffer(capacity, capacity);
    try {
      compressed.writeBytes(frame, start, FrameHeader.LENGTH).writeInt(bodyLength);
      compressor.compress(frame, start + FrameHeader.LENGTH, bodyLength, compressed);
      int compressedBody = compressed.readableBytes() - FrameHeader.LENGTH;
      if (compressedBody >= bodyLength) {
        compressed.release();
        return frame;
      }
      compressed.setByte(
          FrameHeader.FLAGS_OFFSET,
          compressed.getByte(FrameHeader.FLAGS_OFFSET) | FrameHeader.FLAG_COMPRESSED);
      compressed.setInt(FrameHeader.BODY_LENGTH_OFFSET, compressedBody);
      frame.release();
      return compressed;
    } catch (RuntimeException e) {
      compressed.release();
      throw e;
    }
  }

  public static void setStreamId(ByteBuf frame, int streamId) {
    frame.setShort(frame.readerIndex() + FrameHeader.STREAM_OFFSET, streamId);
  }

  public static int opcode(ByteBuf frame) {
    return frame.getUnsignedByte(frame.readerIndex() + FrameHeader.OPCODE_OFFSET);
  }
}
