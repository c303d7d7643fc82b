package io.scyllaboot.driver.internal.connection;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.scyllaboot.driver.internal.protocol.Opcodes;
import io.scyllaboot.driver.internal.protocol.frame.Compressor;
import io.scyllaboot.driver.internal.protocol.frame.RequestFrames;

/**
 * Protocol v4 compression of outbound frames. STARTUP, which negotiates compression, and the
 * OPTIONS before it go out plain; every later frame whose body is worth it is compressed. Takes
 * ownership of each frame written. Holds a per-connection flag, so it is never {@code @Sharable};
 * confined to the channel's event loop.
 */
final class FrameCompressionEncoder extends ChannelOutboundHandlerAdapter {
  private final Compressor compressor;
  private boolean started;

  FrameCompressionEncoder(Compressor compressor) {
    this.compressor = compressor;
  }

  @Override
  public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
    if (msg instanceof ByteBuf frame) {
      if (started) {
        ByteBuf compressed;
        try {
          compressed = RequestFrames.compressV4(ctx.alloc(), frame, compressor);
        } catch (RuntimeException e) {
          frame.release();
          promise.tryFailure(e);
          return;
        }
        ctx.write(compressed, promise);
        return;
      }
      started = RequestFrames.opcode(frame) == Opcodes.STARTUP;
    }
    ctx.write(msg, promise);
  }
}
