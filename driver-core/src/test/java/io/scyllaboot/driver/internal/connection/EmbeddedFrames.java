package io.scyllaboot.driver.internal.connection;

import io.netty.buffer.ByteBuf;
import io.netty.channel.embedded.EmbeddedChannel;
import io.scyllaboot.driver.internal.protocol.frame.FrameHeader;
import io.scyllaboot.driver.internal.protocol.frame.ResponseFrame;
import io.scyllaboot.driver.internal.protocol.message.Response;
import java.util.List;

/** Frames the tests of {@link InFlightHandler} read from and write into an embedded channel. */
final class EmbeddedFrames {
  private EmbeddedFrames() {}

  /** The stream id of the next request frame the channel wrote; releases the frame. */
  static int writtenStreamId(EmbeddedChannel channel) {
    ByteBuf frame = channel.readOutbound();
    try {
      return frame.getShort(FrameHeader.STREAM_OFFSET);
    } finally {
      frame.release();
    }
  }

  /** A READY response on {@code streamId}. */
  static ResponseFrame ready(int streamId) {
    return new ResponseFrame(streamId, Response.Ready.INSTANCE, List.of(), null);
  }
}
