package io.scyllaboot.driver.internal.session;

import io.scyllaboot.driver.api.error.RequestThrottledException;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Limits the requests in flight in a session: past {@code maxConcurrent}, requests wait in a
 * bounded queue and start as others finish; past the queue bound they fail at once with {@link
 * RequestThrottledException}. Lock-free. {@link #UNLIMITED} (the default) does nothing.
 */
class Throttler {
  static final Throttler UNLIMITED =
      new Throttler(Integer.MAX_VALUE, 0) {
        @Override
        void submit(Runnable start) {
          start.run();
        }

        @Override
        void release() {}
      };

  private final int maxConcurrent;
  private final int maxQueued;
  private final AtomicInteger active = new AtomicInteger();
  private final AtomicInteger queued = new AtomicInteger();
  private final Queue<Runnable> waiting = new ConcurrentLinkedQueue<>();

  Throttler(int maxConcurrent, int maxQueued) {
    this.maxConcurrent = maxConcurrent;
    this.maxQueued = maxQueued;
  }

  /** Starts the request now or queues it; throws when the queue is full. */
  void submit(Runnable start) {
    while (true) {
      int current = active.get();
      if (current < maxConcurrent) {
        if (active.compareAndSet(current, current + 1)) {
          start.run();
          return;
        }
      } else {
        break;
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
    waiting.offer(start);
    // A request may have finished between the check and the offer: make sure someone drains.
    drain();
  }

  /** Called when a request started by this throttler finishes. */
  void release() {
    active.decrementAndGet();
    drain();
  }

  private void drain() {
    while (!waiting.isEmpty()) {
      int current = active.get();
      if (current >= maxConcurrent || !active.compareAndSet(current, current + 1)) {
        if (current >= maxConcurrent) {
          return;
        }
        continue;
      }
      Runnable next = waiting.poll();
      if (next == null) {
        active.decrementAndGet();
        return;
      }
      queued.decrementAndGet();
      next.run();
    }
  }
}
