package io.scyllaboot.driver.internal.connection;

import io.scyllaboot.driver.internal.protocol.frame.ResponseFrame;
import org.jspecify.annotations.Nullable;

/**
 * Told the outcome of one request sent with {@link DriverChannel#send(
 * io.scyllaboot.driver.internal.protocol.message.Request, long, ResponseCallback)}: instead of a
 * {@code whenComplete} stage on its future, which costs a stage and a future per request.
 */
public interface ResponseCallback {
  /**
   * Called exactly once, on the thread that completes the request (usually the connection's event
   * loop; the sender's own thread when the request fails before it is queued). Must not block.
   *
   * @param response the response, or null when {@code error} is set
   * @param error why there is no response, or null
   */
  void onResponse(@Nullable ResponseFrame response, @Nullable Throwable error);

  /**
   * Called when {@link #onResponse} threw: a defect in the callback, which must still complete
   * whatever waits on it (the caller's future) instead of leaving it to wait forever. Called once,
   * on the same thread, after the throw; what this throws is only logged.
   */
  default void onCallbackFailure(Throwable unexpected) {}

  /**
   * Whether the request may be failed with {@link
   * io.scyllaboot.driver.api.error.NodeUnresponsiveException} while it waits on an unresponsive
   * connection, to be sent to another node: only for an idempotent request.
   */
  default boolean movableWhenUnresponsive() {
    return false;
  }

  /**
   * Called on the event loop when the response of a request that was already complete (cancelled: a
   * speculative execution that lost; timed out; moved off an unresponsive node) arrives at last,
   * before it is dropped: a latency policy learns the losers' latencies from it. Must be cheap and
   * must not throw; does nothing by default.
   */
  default void onLateResponse() {}
}
