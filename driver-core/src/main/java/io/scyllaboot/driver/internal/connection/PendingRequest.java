package io.scyllaboot.driver.internal.connection;

import io.netty.buffer.ByteBuf;
import io.scyllaboot.driver.api.error.DriverTimeoutException;
import io.scyllaboot.driver.internal.protocol.frame.ResponseFrame;
import java.util.concurrent.CompletableFuture;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One request on a connection: its encoded frame until written, its deadline, and the future of its
 * response. The frame is owned by this object until {@link #takeFrame()} hands it to the channel;
 * whoever takes it writes or releases it.
 *
 * <p>No timer entry per request: the connection's {@link InFlightHandler} links the requests it
 * holds and checks their deadlines in one pass per tick. On timeout the future fails at once, but
 * the stream id stays taken until the late response arrives (or the connection closes), so a late
 * response can never be matched to a newer request.
 *
 * <p>A request may carry a {@link ResponseCallback}: it is called once, on the completing thread,
 * when the future completes, without the dependent stage (and its future) that {@code whenComplete}
 * would allocate per request.
 */
final class PendingRequest extends CompletableFuture<ResponseFrame> {
  private static final Logger LOG = LoggerFactory.getLogger(PendingRequest.class);

  /** The deadline of a request that waits as long as the connection lives. */
  static final long NO_DEADLINE = Long.MAX_VALUE;

  private ByteBuf frame;
  private final Object connection;
  private final long timeoutNanos;
  private final @Nullable ResponseCallback callback;
  final long deadlineNanos;
  // Event loop only: the stream id while written, whether it timed out holding it or was moved
  // off an unresponsive connection holding it, and the links of the in-flight list that the
  // deadline check walks.
  int streamId = -1;
  boolean orphaned;
  boolean moved;
  PendingRequest previous;
  PendingRequest next;
  boolean linked;

  /**
   * @param timeoutNanos how long to wait for the response from now; 0 or less waits as long as the
   *     connection lives
   */
  PendingRequest(ByteBuf frame, Object connection, long timeoutNanos) {
    this(frame, connection, timeoutNanos, null);
  }

  /**
   * @param callback told of the outcome once, when this future completes; null for none
   */
  PendingRequest(
      ByteBuf frame, Object connection, long timeoutNanos, @Nullable ResponseCallback callback) {
    this.frame = frame;
    this.connection = connection;
    this.timeoutNanos = timeoutNanos;
    this.callback = callback;
    this.deadlineNanos = timeoutNanos > 0 ? System.nanoTime() + timeoutNanos : NO_DEADLINE;
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

  /** When the request was created (about when it was sent); meaningful only with a deadline. */
  long createdNanos() {
    return deadlineNanos - timeoutNanos;
  }

  /** Whether the request may be failed early to move to the next node (idempotent). */
  boolean movable() {
    return callback != null && callback.movableWhenUnresponsive();
  }

  boolean isExpired(long now) {
    return deadlineNanos != NO_DEADLINE && now - deadlineNanos >= 0;
  }

  /** Fails the future with a timeout; false if it was already complete. */
  boolean expire() {
    return completeExceptionally(
        new DriverTimeoutException(
            "no response from "
                + connection
                + " within "
                + java.time.Duration.ofNanos(timeoutNanos).toMillis()
                + " ms"));
  }

  @Override
  public boolean complete(ResponseFrame response) {
    if (!super.complete(response)) {
      return false;
    }
    notifyCallback(response, null);
    return true;
  }

  @Override
  public boolean completeExceptionally(Throwable error) {
    if (!super.completeExceptionally(error)) {
      return false;
    }
    notifyCallback(null, error);
    return true;
  }

  /** The response came after this request completed otherwise: tells the callback. */
  void lateResponse() {
    if (callback != null) {
      try {
        callback.onLateResponse();
      } catch (Throwable unexpected) {
        LOG.warn("late-response callback of a request to {} failed", connection, unexpected);
      }
    }
  }

  // The callback runs on the event loop (or a sender's thread): what it throws must not reach
  // the channel's pipeline, which would close the connection for every other request on it.
  private void notifyCallback(@Nullable ResponseFrame response, @Nullable Throwable error) {
    if (callback != null) {
      try {
        callback.onResponse(response, error);
      } catch (Throwable unexpected) {
        LOG.warn("response callback of a request to {} failed", connection, unexpected);
        try {
          callback.onCallbackFailure(unexpected); // the backstop: its caller must not wait forever
        } catch (Throwable again) {
          LOG.warn("failure callback of a request to {} failed", connection, again);
        }
      }
    }
  }
}
