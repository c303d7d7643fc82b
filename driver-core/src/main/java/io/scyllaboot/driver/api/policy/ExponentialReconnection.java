package io.scyllaboot.driver.api.policy;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Exponential backoff with jitter, so that clients reconnecting after an outage do not stampede.
 */
final class ExponentialReconnection implements ReconnectionPolicy {
  private final long baseMillis;
  private final long maxMillis;

  ExponentialReconnection(Duration base, Duration max) {
    Objects.requireNonNull(base, "base");
    Objects.requireNonNull(max, "max");
    if (base.isNegative() || base.isZero() || max.compareTo(base) < 0) {
      throw new IllegalArgumentException(
          "reconnection delays need 0 < base <= max, were " + base + " and " + max);
    }
    this.baseMillis = Math.max(1, base.toMillis());
    this.maxMillis = Math.max(baseMillis, max.toMillis());
  }

  @Override
  public Schedule newSchedule() {
    return new Schedule() {
      private int attempts;

      @Override
      public Duration nextDelay() {
        int exponent = Math.min(attempts++, 30);
        long delay = Math.min(maxMillis, baseMillis << exponent);
        if (delay <= 0) {
          delay = maxMillis;
        }
        double jitter = 0.85 + ThreadLocalRandom.current().nextDouble() * 0.30;
        return Duration.ofMillis(Math.max(1, Math.min(maxMillis, (long) (delay * jitter))));
      }
    };
  }

  @Override
  public String toString() {
    return "exponential("
        + Duration.ofMillis(baseMillis)
        + ", "
        + Duration.ofMillis(maxMillis)
        + ")";
  }
}
