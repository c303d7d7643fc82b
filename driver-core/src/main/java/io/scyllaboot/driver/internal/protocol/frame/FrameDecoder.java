package io.scyllaboot.driver.internal.protocol.frame;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.CorruptedFrameException;
import io.netty.handler.codec.LengthFieldBasedFrameDecoder;
import io.scyllaboot.driver.internal.protocol.Primitives;
import io.scyllaboot.driver.internal.protocol.message.Response;
import io.scyllaboot.driver.internal.protocol.message.ResponseDecoder;
import java.util.List;
import java.util.UUID;

/**
 * Splits the inbound byte stream into frames with Netty's length-field framer (no copy: each frame
 * is a retained slice) and decodes each into a {@link ResponseFrame}. A frame whose body cannot be
 * decoded becomes a {@link DecodeFailure} for its stream only; a corrupt header (unknown version,
 * not a response) cannot be resynchronised and fails the connection. Never {@code @Sharable}.
 */
public final class FrameDecoder extends LengthFieldBasedFrameDecoder {

  public FrameDecoder(int maxFrameLength) {
    super(maxFrameLength, FrameHeader.BODY_LENGTH_OFFSET, 4, 0, 0, true);
  }

  @Override
  protected Object decode(ChannelHandlerContext ctx, ByteBuf in) throws Exception {
    ByteBuf frame = (ByteBuf) super.decode(ctx, in);
    if (frame == null) {
      return null;
    }
    try {
      return decodeFrame(frame);
    } finally {
      frame.release();
    }
  }

  /** Decodes one complete frame without releasing it. Exposed for tests and the fake node. */
  public static Object decodeFrame(ByteBuf frame) {
    int start = frame.readerIndex();
    int versionByte = frame.getUnsignedByte(start);
    if ((versionByte & FrameHeader.RESPONSE_BIT) == 0) {
      throw new CorruptedFrameException(
          "expected a response frame, got version byte 0x" + Integer.toHexString(versionByte));
    }
    int version = versionByte & 0x7F;
    if (version < 3 || version > 6) {
      throw new CorruptedFrameException("unsupported response protocol version " + version);
    }
    int flags = frame.getUnsignedByte(start + FrameHeader.FLAGS_OFFSET);
    int streamId = frame.getShort(start + FrameHeader.STREAM_OFFSET);
    int opcode = frame.getUnsignedByte(start + FrameHeader.OPCODE_OFFSET);
    try {
      if ((flags & FrameHeader.FLAG_COMPRESSED) != 0) {
        throw new IllegalStateException(
            "compressed frame received but no compression was negotiated");
      }
      ByteBuf body = frame.skipBytes(FrameHeader.LENGTH);
      UUID tracingId = (flags & FrameHeader.FLAG_TRACING) != 0 ? Primitives.readUuid(body) : null;
      List<String> warnings =
          (flags & FrameHeader.FLAG_WARNING) != 0 ? Primitives.readStringList(body) : List.of();
      if ((flags & FrameHeader.FLAG_CUSTOM_PAYLOAD) != 0) {
        int entries = body.readUnsignedShort();
        for (int i = 0; i < entries; i++) {
          Primitives.skipString(body);
          int length = body.readInt();
          body.skipBytes(Math.max(length, 0));
        }
      }
      Response message = ResponseDecoder.decode(opcode, body, version);
      return new ResponseFrame(streamId, message, warnings, tracingId);
    } catch (RuntimeException e) {
      return new DecodeFailure(streamId, opcode, e);
    }
  }
}
