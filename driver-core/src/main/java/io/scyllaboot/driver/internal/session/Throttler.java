package io.scyllaboot.driver.internal.session;

import io.netty.util.Timer;
import io.scyllaboot.driver.api.error.RequestThrottledException;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Limits the requests in flight in a session: past {@code maxConcurrent}, requests wait in a
 * bounded queue and start as others finish; past the queue bound they fail at once with {@link
 * RequestThrottledException}. Lock-free. {@link #UNLIMITED} (the default) does nothing.
 *
 * <p>The request timeout covers the time spent queued: a queued request whose deadline passes is
 * failed by a timer (and skipped when its turn comes). Queued requests are started by one draining
 * thread at a time, in a loop, never by recursion: a request that fails at once releases its
 * permit, which only tells the running drain to go on.
 */
class Throttler {
  static final Throttler UNLIMITED =
      new Throttler(Integer.MAX_VALUE, 0, null) {
        @Override
        void submit(RequestHandler request) {
          request.start();
        }

        @Override
        void releasePermit() {}

        @Override
        void drainQueued() {}
      };

  private final int maxConcurrent;
  private final int maxQueued;
  private final Timer timer;
  private final AtomicInteger active = new AtomicInteger();
  private final AtomicInteger queued = new AtomicInteger();
  private final AtomicInteger drainRequests = new AtomicInteger();
  private final Queue<RequestHandler> waiting = new ConcurrentLinkedQueue<>();

  Throttler(int maxConcurrent, int maxQueued, Timer timer) {
    this.maxConcurrent = maxConcurrent;
    this.maxQueued = maxQueued;
    this.timer = timer;
  }

  /** Starts the request now or queues it; throws when the queue is full. */
  void submit(RequestHandler request) {
    while (true) {
      int current = active.get();
      if (current >= maxConcurrent) {
        break;
      }
      if (active.compareAndSet(current, current + 1)) {
        request.start();
        return;
      }
    }
    if (queued.incrementAndGet() > maxQueued) {
      queued.decrementAndGet();
      throw new RequestThrottledException(
          maxConcurrent
              + " requests in flight and "
              + maxQueued
              + " waiting: the session's throttler refuses more");
    }
    request.markQueued();
    waiting.offer(request);
    long remaining = request.remainingNanos();
    // Cancelled when the request leaves the queue: the entry would otherwise keep the request, and
    // the result it completes with, reachable until its deadline.
    request.queueTimeout(
        timer.newTimeout(
            timeout -> {
              if (request.expireInQueue()) {
                queued.decrementAndGet();
              }
            },
            Math.max(remaining, 1),
            TimeUnit.NANOSECONDS));
    // A request may have finished between the check and the offer: make sure someone drains.
    drain();
  }

  /**
   * Called once when a request that held a permit finishes, before its future completes: a request
   * sent from that future's callback (a chain) finds the permit free, also with no queue.
   */
  void releasePermit() {
    active.decrementAndGet();
  }

  /** A queued request ended before it left the queue (its caller gave up): it never starts. */
  void leftQueue() {
    queued.decrementAndGet();
  }

  /**
   * Called after the finished request's future completed: starts queued requests on the freed
   * permit, so that none of them overtakes that completion.
   */
  void drainQueued() {
    drain();
  }

  /**
   * Starts queued requests while permits are free. Only one thread drains at a time; a call made
   * while another drains (including from a request started by this very loop) is counted, and the
   * running drain loops once more for it instead of recursing.
   */
  private void drain() {
    if (drainRequests.getAndIncrement() != 0) {
      return;
    }
    int missed = 1;
    while (true) {
      while (!waiting.isEmpty()) {
        int current = active.get();
        if (current >= maxConcurrent) {
          break;
        }
        if (!active.compareAndSet(current, current + 1)) {
          continue;
        }
        RequestHandler next = waiting.poll();
        while (next != null && !next.leaveQueue()) {
          next = waiting.poll(); // expired while queued: already failed and uncounted
        }
        if (next == null) {
          active.decrementAndGet();
          break;
        }
        queued.decrementAndGet();
        next.start(); // a request its caller gave up while it waited never got here
      }
      missed = drainRequests.addAndGet(-missed);
      if (missed == 0) {
        return;
      }
    }
  }

  /** Requests waiting for a permit, for tests and diagnostics. */
  int queuedCount() {
    return queued.get();
  }

  int activeCount() {
    return active.get();
  }
}
