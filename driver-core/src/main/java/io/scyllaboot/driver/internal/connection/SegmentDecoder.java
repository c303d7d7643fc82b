package io.scyllaboot.driver.internal.connection;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.netty.handler.codec.CorruptedFrameException;
import io.netty.handler.codec.TooLongFrameException;
import io.scyllaboot.driver.api.error.CrcMismatchException;
import io.scyllaboot.driver.internal.protocol.Opcodes;
import io.scyllaboot.driver.internal.protocol.frame.FrameDecoder;
import io.scyllaboot.driver.internal.protocol.frame.FrameHeader;
import io.scyllaboot.driver.internal.protocol.frame.PartialFrames;
import io.scyllaboot.driver.internal.protocol.frame.SegmentCodec;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The inbound side of a protocol v5 connection. It starts unframed, because the node answers
 * OPTIONS and STARTUP with plain frames, and switches to segments right after the frame that
 * answers STARTUP (READY or AUTHENTICATE), exactly where the node switches: the decision is taken
 * on the decoded bytes themselves, so no later byte can be read the wrong way.
 *
 * <p>A self-contained segment yields every envelope it holds; the segments of a large envelope are
 * copied into one buffer, grown up to the envelope's size as they arrive, decoded once complete. A
 * checksum mismatch, or any corruption, fails the connection: the rest of the stream cannot be
 * trusted, so later bytes are dropped. Confined to the channel's event loop; never
 * {@code @Sharable}.
 */
final class SegmentDecoder extends ByteToMessageDecoder implements PartialFrames {
  private final SegmentCodec codec;
  private final int maxFrameLength;
  private final String name;
  private boolean framed;
  private boolean failed;
  private @Nullable ByteBuf largeFrame;

  SegmentDecoder(SegmentCodec codec, int maxFrameLength, String name) {
    this.codec = codec;
    this.maxFrameLength = maxFrameLength;
    this.name = name;
  }

  @Override
  protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
    if (failed) {
      in.skipBytes(in.readableBytes());
      return;
    }
    try {
      if (framed) {
        decodeSegment(ctx, in, out);
      } else {
        decodeUnframed(in, out);
      }
    } catch (CrcMismatchException e) {
      failed = true;
      in.skipBytes(in.readableBytes());
      throw new CrcMismatchException(name + ": " + e.getMessage());
    } catch (RuntimeException e) {
      failed = true;
      in.skipBytes(in.readableBytes());
      throw e;
    }
  }

  private void decodeUnframed(ByteBuf in, List<Object> out) {
    if (in.readableBytes() < FrameHeader.LENGTH) {
      return;
    }
    int start = in.readerIndex();
    long frameLength =
        FrameHeader.LENGTH + (long) in.getInt(start + FrameHeader.BODY_LENGTH_OFFSET);
    checkFrameLength(frameLength);
    if (in.readableBytes() < frameLength) {
      return;
    }
    int opcode = in.getUnsignedByte(start + FrameHeader.OPCODE_OFFSET);
    ByteBuf frame = in.readRetainedSlice((int) frameLength);
    try {
      out.add(FrameDecoder.decodeFrame(frame));
    } finally {
      frame.release();
    }
    if (opcode == Opcodes.READY || opcode == Opcodes.AUTHENTICATE) {
      framed = true;
    }
  }

  private void decodeSegment(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
    SegmentCodec.Segment segment = codec.decode(ctx.alloc(), in);
    if (segment == null) {
      return;
    }
    ByteBuf payload = segment.payload();
    try {
      if (segment.selfContained()) {
        if (largeFrame != null) {
          throw new CorruptedFrameException(
              "self-contained segment received while a large frame is incomplete");
        }
        while (payload.isReadable()) {
          out.add(FrameDecoder.decodeFrame(payload.readSlice(envelopeLength(payload))));
        }
      } else {
        appendToLargeFrame(ctx, payload, out);
      }
    } finally {
      payload.release(); // decoded rows keep their own retained slice
    }
  }

  /** The length of the envelope at the payload's reader index, which must fit in the payload. */
  private int envelopeLength(ByteBuf payload) {
    if (payload.readableBytes() < FrameHeader.LENGTH) {
      throw new CorruptedFrameException(
          "self-contained segment ends with " + payload.readableBytes() + " stray bytes");
    }
    long length =
        FrameHeader.LENGTH
            + (long) payload.getInt(payload.readerIndex() + FrameHeader.BODY_LENGTH_OFFSET);
    if (length < FrameHeader.LENGTH || length > payload.readableBytes()) {
      throw new CorruptedFrameException(
          "envelope of "
              + length
              + " bytes overruns its self-contained segment ("
              + payload.readableBytes()
              + " bytes left)");
    }
    return (int) length;
  }

  private void appendToLargeFrame(ChannelHandlerContext ctx, ByteBuf payload, List<Object> out) {
    ByteBuf frame = largeFrame;
    if (frame == null) {
      if (payload.readableBytes() < FrameHeader.LENGTH) {
        throw new CorruptedFrameException("first segment of a large frame lacks its header");
      }
      long length =
          FrameHeader.LENGTH
              + (long) payload.getInt(payload.readerIndex() + FrameHeader.BODY_LENGTH_OFFSET);
      checkFrameLength(length);
      // One copy into one buffer keeps the lazy rows contiguous and fast. It grows with the
      // segments that arrive, up to the announced length: a forged length allocates nothing.
      int initial = (int) Math.min(length, 2L * SegmentCodec.MAX_PAYLOAD_LENGTH);
      frame = ctx.alloc().ioBuffer(initial, (int) length);
      largeFrame = frame;
    }
    if (payload.readableBytes() > frame.maxWritableBytes()) {
      throw new CorruptedFrameException(
          "segment overruns its large frame by "
              + (payload.readableBytes() - frame.maxWritableBytes())
              + " bytes");
    }
    frame.writeBytes(payload);
    if (frame.writerIndex() == frame.maxCapacity()) {
      largeFrame = null;
      try {
        out.add(FrameDecoder.decodeFrame(frame));
      } finally {
        frame.release();
      }
    }
  }

  private void checkFrameLength(long length) {
    if (length < FrameHeader.LENGTH) {
      throw new CorruptedFrameException("negative frame body length " + (length - 9));
    }
    if (length > maxFrameLength) {
      throw new TooLongFrameException(
          "frame of " + length + " bytes exceeds the limit of " + maxFrameLength);
    }
  }

  @Override
  public int bufferedBytes() {
    ByteBuf frame = largeFrame;
    return actualReadableBytes() + (frame == null ? 0 : frame.readableBytes());
  }

  @Override
  protected void handlerRemoved0(ChannelHandlerContext ctx) {
    ByteBuf frame = largeFrame;
    if (frame != null) {
      largeFrame = null;
      frame.release();
    }
  }
}
