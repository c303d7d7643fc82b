package io.scyllaboot.driver.api.policy;

import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * The latest {@link #SIZE} latencies of one node, and a percentile of them recomputed at most every
 * {@link #REFRESH_NANOS}. Lock-free: recording is one atomic increment and one ordered store; the
 * percentile is a volatile read, and one caller in a while sorts a copy of the ring. Kept by count,
 * not by time: a node that stops answering keeps the latencies it had.
 */
final class LatencyRing {
  static final int SIZE = 1024;
  static final int MIN_SAMPLES = 100;
  static final long REFRESH_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

  private final AtomicLongArray samples = new AtomicLongArray(SIZE);
  private final AtomicLong written = new AtomicLong();
  private final AtomicBoolean refreshing = new AtomicBoolean();
  private volatile long nextRefreshNanos = System.nanoTime();
  private volatile long percentileNanos = -1;

  void record(long latencyNanos) {
    long slot = written.getAndIncrement();
    samples.lazySet((int) (slot & (SIZE - 1)), latencyNanos);
  }

  /** The percentile of the recorded latencies, or -1 while fewer than {@link #MIN_SAMPLES}. */
  long percentile(double percentile, long now) {
    if (now - nextRefreshNanos >= 0 && refreshing.compareAndSet(false, true)) {
      try {
        nextRefreshNanos = now + REFRESH_NANOS;
        percentileNanos = compute(percentile);
      } finally {
        refreshing.set(false);
      }
    }
    return percentileNanos;
  }

  private long compute(double percentile) {
    int count = (int) Math.min(written.get(), SIZE);
    if (count < MIN_SAMPLES) {
      return -1;
    }
    long[] copy = new long[count];
    for (int i = 0; i < count; i++) {
      copy[i] = samples.get(i);
    }
    Arrays.sort(copy);
    int rank = (int) Math.ceil(percentile / 100 * count) - 1;
    return copy[Math.max(0, Math.min(count - 1, rank))];
  }
}
