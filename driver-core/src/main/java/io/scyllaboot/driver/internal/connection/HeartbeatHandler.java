package io.scyllaboot.driver.internal.connection;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.timeout.IdleState;
import io.netty.handler.timeout.IdleStateEvent;
import io.scyllaboot.driver.api.error.ConnectionException;
import io.scyllaboot.driver.internal.protocol.frame.ResponseFrame;
import io.scyllaboot.driver.internal.protocol.message.Options;
import io.scyllaboot.driver.internal.protocol.message.Response;
import io.scyllaboot.driver.internal.util.Futures;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends OPTIONS when nothing was read from the connection for the heartbeat interval (the {@code
 * IdleStateHandler} before this handler fires reader-idle events, and this handler sees every
 * decoded frame on its way to the in-flight table), so a connection that keeps receiving responses
 * never sends one.
 *
 * <p>A heartbeat never waits for a stream id: when none is free (or requests already wait for one),
 * it is skipped, since a connection that busy is not idle and is watched by the orphaned stream id
 * bound instead. A heartbeat that goes unanswered closes the connection only if nothing at all was
 * read meanwhile: a node that answers other requests is alive, however slow. Event loop only.
 */
final class HeartbeatHandler extends ChannelInboundHandlerAdapter {
  private static final Logger LOG = LoggerFactory.getLogger(HeartbeatHandler.class);

  private final long timeoutNanos;
  private DriverChannel channel;
  private boolean pending;
  private long reads;

  HeartbeatHandler(long timeoutNanos) {
    this.timeoutNanos = timeoutNanos;
  }

  void channel(DriverChannel driverChannel) {
    this.channel = driverChannel;
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    reads++;
    ctx.fireChannelRead(msg);
  }

  @Override
  public void userEventTriggered(ChannelHandlerContext ctx, Object event) throws Exception {
    if (!(event instanceof IdleStateEvent idle) || idle.state() != IdleState.READER_IDLE) {
      super.userEventTriggered(ctx, event);
      return;
    }
    if (channel == null || pending) {
      return;
    }
    long readsBefore = reads;
    CompletableFuture<ResponseFrame> heartbeat = channel.trySendNow(Options.INSTANCE, timeoutNanos);
    if (heartbeat == null) {
      LOG.debug("[{}] no free stream id for a heartbeat; skipped", channel);
      return;
    }
    pending = true;
    heartbeat.whenComplete(
        (frame, error) -> {
          if (ctx.executor().inEventLoop()) {
            onAnswer(ctx, frame, error, readsBefore);
          } else { // a timeout, on the timer's thread
            ctx.executor().execute(() -> onAnswer(ctx, frame, error, readsBefore));
          }
        });
  }

  private void onAnswer(
      ChannelHandlerContext ctx, ResponseFrame frame, Throwable error, long readsBefore) {
    pending = false;
    if (error == null && frame.message() instanceof Response.Supported) {
      return;
    }
    Throwable cause = error == null ? null : Futures.unwrap(error);
    if (cause instanceof ConnectionException) {
      return; // the connection closed meanwhile, for its own reason
    }
    if (cause != null && reads > readsBefore) {
      LOG.debug("[{}] heartbeat unanswered but other responses came; keeping it", channel);
      return;
    }
    LOG.warn(
        "[{}] heartbeat failed ({}); closing the connection",
        channel,
        cause != null ? cause.getMessage() : frame.message());
    ctx.channel().close();
  }
}
