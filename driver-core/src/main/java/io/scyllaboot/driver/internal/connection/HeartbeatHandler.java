package io.scyllaboot.driver.internal.connection;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.timeout.IdleStateEvent;
import io.scyllaboot.driver.internal.protocol.message.Options;
import io.scyllaboot.driver.internal.protocol.message.Response;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends OPTIONS when the connection was idle (no read or write) for the heartbeat interval, and
 * closes it when the heartbeat fails or times out: a half-open TCP connection is then detected and
 * replaced instead of swallowing requests. Event loop only.
 */
final class HeartbeatHandler extends ChannelInboundHandlerAdapter {
  private static final Logger LOG = LoggerFactory.getLogger(HeartbeatHandler.class);

  private final long timeoutNanos;
  private DriverChannel channel;
  private boolean pending;

  HeartbeatHandler(long timeoutNanos) {
    this.timeoutNanos = timeoutNanos;
  }

  void channel(DriverChannel driverChannel) {
    this.channel = driverChannel;
  }

  @Override
  public void userEventTriggered(ChannelHandlerContext ctx, Object event) throws Exception {
    if (event instanceof IdleStateEvent && channel != null && !pending) {
      pending = true;
      channel
          .send(Options.INSTANCE, timeoutNanos)
          .whenComplete(
              (frame, error) -> {
                pending = false;
                if (error != null || !(frame.message() instanceof Response.Supported)) {
                  LOG.warn(
                      "[{}] heartbeat failed ({}); closing the connection",
                      channel,
                      error != null ? error.getMessage() : frame.message());
                  ctx.channel().close();
                }
              });
    } else {
      super.userEventTriggered(ctx, event);
    }
  }
}
