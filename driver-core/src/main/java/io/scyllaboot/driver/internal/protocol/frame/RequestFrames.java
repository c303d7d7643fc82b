package io.scyllaboot.driver.internal.protocol.frame;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.scyllaboot.driver.internal.protocol.message.Request;

/**
 * Encodes a whole request frame in one exactly-sized buffer. The stream id is written as 0: the
 * connection assigns the real one on its event loop with {@link #setStreamId}, so encoding can
 * happen on the caller's thread, in parallel, before the request is queued.
 */
public final class RequestFrames {
  private RequestFrames() {}

  /** The frame of a request. The caller owns the returned buffer. */
  public static ByteBuf encode(ByteBufAllocator allocator, int protocolVersion, Request request) {
    int bodyLength = request.encodedSize(protocolVersion);
    int frameLength = FrameHeader.LENGTH + bodyLength;
    ByteBuf frame = allocator.buffer(frameLength, frameLength);
    try {
      frame.writeByte(protocolVersion);
      frame.writeByte(0);
      frame.writeShort(0);
      frame.writeByte(request.opcode());
      frame.writeInt(bodyLength);
      request.encode(frame, protocolVersion);
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

  public static void setStreamId(ByteBuf frame, int streamId) {
    frame.setShort(frame.readerIndex() + FrameHeader.STREAM_OFFSET, streamId);
  }

  public static int opcode(ByteBuf frame) {
    return frame.getUnsignedByte(frame.readerIndex() + FrameHeader.OPCODE_OFFSET);
  }
}
