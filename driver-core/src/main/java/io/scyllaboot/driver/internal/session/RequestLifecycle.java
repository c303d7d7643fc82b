package io.scyllaboot.driver.internal.session;

import io.netty.util.Timeout;
import io.scyllaboot.driver.api.cql.AsyncResultSet;
import io.scyllaboot.driver.api.error.DriverTimeoutException;
import io.scyllaboot.driver.api.metrics.RequestInfo;
import io.scyllaboot.driver.api.metrics.RequestListener;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import org.jspecify.annotations.Nullable;

/**
 * The life of one request, from the throttler's queue to its end, and the future its caller holds.
 * A request ends exactly once, whoever ends it: its answer, its last error, its deadline in the
 * queue, or its caller, who may complete, cancel or time out the future it was given ({@code
 * orTimeout}, a cancelled coroutine). Ending frees the throttler permit, ends the listener's
 * observation, records the metrics and stops the executions still running, whichever way it came.
 *
 * <p>Every public completion method of the future is the caller's: the driver completes it only
 * through {@link #endWithResult} and {@link #endWithError} after it has claimed the end. One object
 * per request still: the request handler extends this class.
 */
abstract class RequestLifecycle extends CompletableFuture<AsyncResultSet> implements RequestInfo {
  // The states, in the order a request goes through them.
  static final int NEW = 0; // submitted without a queue: holds a permit when the throttler counts
  static final int QUEUED = 1;
  static final int STARTED = 2; // left the queue: holds a permit
  static final int EXPIRED = 3; // its deadline passed in the queue: ended
  static final int ENDED = 4;
  private static final AtomicIntegerFieldUpdater<RequestLifecycle> STATE =
      AtomicIntegerFieldUpdater.newUpdater(RequestLifecycle.class, "state");

  final DefaultCqlSession session;
  final long startNanos;
  final long deadline;
  final @Nullable RequestListener listener;
  private @Nullable Object listenerContext;
  private volatile int state;
  private volatile @Nullable Timeout queueTimeout; // the throttler's, while queued

  /** A request's: started for the listener and the metrics from here on. */
  RequestLifecycle(DefaultCqlSession session, long timeoutNanos) {
    this.session = session;
    this.startNanos = session.metrics().start();
    this.deadline = System.nanoTime() + timeoutNanos;
    this.listener = session.requestListener();
  }

  /** A speculative execution's: it shares its root's life and never ends one itself. */
  RequestLifecycle(RequestLifecycle root) {
    this.session = root.session;
    this.startNanos = root.startNanos;
    this.deadline = root.deadline;
    this.listener = null;
  }

  /** Tells the listener the request started; once, after the subclass has set its fields. */
  final void announceStart() {
    if (listener != null) {
      listenerContext = listener.onStart(this);
    }
  }

  /** Whether the request has ended, whoever ended it. */
  final boolean ended() {
    return state >= EXPIRED;
  }

  /** Stops every execution's attempt but {@code except}'s (null: all), and the next speculation. */
  abstract void stopExecutions(@Nullable RequestLifecycle except);

  /** The statement, shortened, for messages. */
  abstract String describe();

  // ---- the throttler's side: a queued request leaves the queue, expires or is given up, once

  final void markQueued() {
    state = QUEUED;
  }

  final long remainingNanos() {
    return deadline - System.nanoTime();
  }

  /**
   * The throttler's timer entry for this queued request; cancelled as soon as the request leaves
   * the queue (also when that happened before the entry was handed over).
   */
  final void queueTimeout(Timeout timeout) {
    queueTimeout = timeout;
    if (state != QUEUED) {
      cancelQueueTimeout();
    }
  }

  private void cancelQueueTimeout() {
    Timeout timeout = queueTimeout;
    if (timeout != null) {
      queueTimeout = null;
      timeout.cancel();
    }
  }

  /** Takes the request out of the queue to start it; false if it ended there. */
  final boolean leaveQueue() {
    if (!STATE.compareAndSet(this, QUEUED, STARTED)) {
      return false;
    }
    cancelQueueTimeout();
    return true;
  }

  /** Fails the request with a timeout if it is still queued; true if it was. */
  final boolean expireInQueue() {
    if (!STATE.compareAndSet(this, QUEUED, EXPIRED)) {
      return false;
    }
    DriverTimeoutException error =
        new DriverTimeoutException(
            "'" + describe() + "' waited in the throttler's queue for its whole timeout");
    session.metrics().requestFailed(startNanos, error);
    if (listener != null) {
      listener.onError(this, listenerContext, error);
    }
    super.completeExceptionally(error);
    return true;
  }

  /**
   * The throttler refused the request: it ends here, unsent (its caller never sees this future).
   */
  final void refused(Throwable error) {
    state = ENDED;
    if (listener != null) {
      listener.onError(this, listenerContext, error);
    }
  }

  // ---- the end

  /** Claims the end of the request for the caller of this method; false if it had ended. */
  final boolean claimEnd() {
    return claim() >= 0;
  }

  /** The state the request ended from, or -1 when it had ended already. */
  private int claim() {
    int current;
    do {
      current = state;
      if (current >= EXPIRED) {
        return -1;
      }
    } while (!STATE.compareAndSet(this, current, ENDED));
    return current;
  }

  // The permit is freed before the future completes (a request sent from its callback finds it, and
  // a caller never sees its permit counted after its future completed) and queued requests start
  // after it completed (none overtakes that completion).

  /** Ends the request (claimed) with its result. */
  final void endWithResult(AsyncResultSet page) {
    session.metrics().requestSucceeded(startNanos);
    if (listener != null) {
      listener.onSuccess(this, listenerContext);
    }
    Throttler throttler = session.throttler();
    throttler.releasePermit();
    if (!super.complete(page)) {
      page.close(); // its caller gave up in the meantime
    }
    throttler.drainQueued();
  }

  /** Ends the request (claimed) with an error. */
  final void endWithError(Throwable error) {
    session.metrics().requestFailed(startNanos, error);
    if (listener != null) {
      listener.onError(this, listenerContext, error);
    }
    Throttler throttler = session.throttler();
    throttler.releasePermit();
    super.completeExceptionally(error);
    throttler.drainQueued();
  }

  /** The caller completed its future: the request ends here, unless it had ended already. */
  private void endedByCaller(Throwable why) {
    int from = claim();
    if (from < 0) {
      return;
    }
    Throttler throttler = session.throttler();
    if (from == QUEUED) {
      cancelQueueTimeout();
      throttler.leftQueue(); // it never starts: no permit to free
    } else {
      stopExecutions(null);
    }
    session.metrics().requestFailed(startNanos, why);
    if (listener != null) {
      listener.onError(this, listenerContext, why);
    }
    if (from != QUEUED) {
      throttler.releasePermit();
      throttler.drainQueued();
    }
  }

  // ---- the caller's completion methods

  @Override
  public boolean complete(AsyncResultSet value) {
    boolean completed = super.complete(value);
    if (completed) {
      endedByCaller(new CancellationException("the caller completed the request's future"));
    }
    return completed;
  }

  @Override
  public boolean completeExceptionally(Throwable error) {
    boolean completed = super.completeExceptionally(error);
    if (completed) {
      endedByCaller(error); // e.g. the TimeoutException of the caller's own orTimeout
    }
    return completed;
  }

  @Override
  public boolean cancel(boolean mayInterruptIfRunning) {
    boolean cancelled = super.cancel(mayInterruptIfRunning);
    if (cancelled) {
      endedByCaller(new CancellationException("the caller cancelled the request"));
    }
    return cancelled;
  }

  @Override
  public void obtrudeValue(AsyncResultSet value) {
    super.obtrudeValue(value);
    endedByCaller(new CancellationException("the caller forced the request's result"));
  }

  @Override
  public void obtrudeException(Throwable error) {
    super.obtrudeException(error);
    endedByCaller(error);
  }
}
