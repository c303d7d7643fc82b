package io.scyllaboot.driver.internal.connection;

import io.netty.buffer.ByteBuf;
import io.netty.util.Timeout;
import io.netty.util.TimerTask;
import io.scyllaboot.driver.api.error.DriverTimeoutException;
import io.scyllaboot.driver.internal.protocol.frame.ResponseFrame;
import java.util.concurrent.CompletableFuture;

/**
 * One request on a connection: its encoded frame until written, and the future of its response. The
 * frame is owned by this object until {@link #takeFrame()} hands it to the channel; whoever takes
 * it writes or releases it.
 *
 * <p>On timeout the future fails at once, but the stream id stays taken until the late response
 * arrives (or the connection closes), so a late response can never be matched to a newer request.
 */
final class PendingRequest extends CompletableFuture<ResponseFrame> implements TimerTask {
  private ByteBuf frame;
  private final Object connection;
  private final long timeoutNanos;
  volatile Timeout timeout;
  // Set on the event loop when the request is written: who to tell when it times out.
  volatile InFlightHandler owner;
  // Event loop only: the stream id while written, and whether it timed out holding it.
  int streamId = -1;
  boolean orphaned;

  PendingRequest(ByteBuf frame, Object connection, long timeoutNanos) {
    this.frame = frame;
    this.connection = connection;
    this.timeoutNanos = timeoutNanos;
  }

  ByteBuf takeFrame() {
    ByteBuf taken = frame;
    frame = null;
    return taken;
  }

  /** Releases the frame if it was never handed on. */
  void releaseFrame() {
    ByteBuf unsent = takeFrame();
    if (unsent != null) {
      unsent.release();
    }
  }

  void cancelTimeout() {
    Timeout scheduled = timeout;
    if (scheduled != null) {
      scheduled.cancel();
    }
  }

  @Override
  public void run(Timeout expired) {
    boolean timedOut =
        completeExceptionally(
            new DriverTimeoutException(
                "no response from "
                    + connection
                    + " within "
                    + java.time.Duration.ofNanos(timeoutNanos).toMillis()
                    + " ms"));
    InFlightHandler written = owner;
    if (timedOut && written != null) {
      written.onTimeout(this); // its stream id stays held: count it as orphaned
    }
  }
}
