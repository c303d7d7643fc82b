package io.scyllaboot.driver.internal.session;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Client-side write timestamps: microseconds since the epoch, strictly increasing across every
 * thread of a session. The wall clock gives milliseconds; within a millisecond, and when the clock
 * steps back, each timestamp is the previous one plus one, so no two requests share one and a later
 * request never gets an earlier one. Lock-free and allocation-free.
 */
final class ClientTimestamps {
  private final AtomicLong last = new AtomicLong(Long.MIN_VALUE + 1);

  long next() {
    while (true) {
      long previous = last.get();
      long now = System.currentTimeMillis() * 1000;
      long next = now > previous ? now : previous + 1;
      if (last.compareAndSet(previous, next)) {
        return next;
      }
    }
  }
}
