package io.scyllaboot.driver.internal.connection;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;

/** Counts the bytes read and written, first in the pipeline; added only when metrics are on. */
@ChannelHandler.Sharable
final class TrafficHandler extends ChannelDuplexHandler {
  private final TrafficCounter counter;

  TrafficHandler(TrafficCounter counter) {
    this.counter = counter;
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    if (msg instanceof ByteBuf buffer) {
      counter.bytesReceived(buffer.readableBytes());
    }
    ctx.fireChannelRead(msg);
  }

  @Override
  public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
    if (msg instanceof ByteBuf buffer) {
      counter.bytesSent(buffer.readableBytes());
    }
    ctx.write(msg, promise);
  }
}
