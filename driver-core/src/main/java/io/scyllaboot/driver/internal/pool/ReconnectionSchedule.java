package io.scyllaboot.driver.internal.pool;

import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Exponential backoff with jitter: base, 2 x base, 4 x base ... capped at max, each delay varied by
 * up to +/-15% so that clients reconnecting after an outage do not stampede in step.
 */
public final class ReconnectionSchedule {
  private final long baseMillis;
  private final long maxMillis;
  private int attempts;

  public ReconnectionSchedule(Duration base, Duration max) {
    if (base.isNegative() || base.isZero() || max.compareTo(base) < 0) {
      throw new IllegalArgumentException(
          "reconnection delays need 0 < base <= max, were " + base + " and " + max);
    }
    this.baseMillis = base.toMillis();
    this.maxMillis = max.toMillis();
  }

  /** The delay before the next attempt. */
  public long nextDelayMillis() {
    int exponent = Math.min(attempts++, 30);
    long delay = Math.min(maxMillis, baseMillis << exponent);
    if (delay <= 0) {
      delay = maxMillis;
    }
    double jitter = 0.85 + ThreadLocalRandom.current().nextDouble() * 0.30;
    return Math.max(1, Math.min(maxMillis, (long) (delay * jitter)));
  }

  /** Starts over after a success. */
  public void reset() {
    attempts = 0;
  }
}
