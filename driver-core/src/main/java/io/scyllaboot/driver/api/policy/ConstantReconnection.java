package io.scyllaboot.driver.api.policy;

import java.time.Duration;
import java.util.Objects;

/** The same delay before every reconnection attempt. */
final class ConstantReconnection implements ReconnectionPolicy {
  private final Duration delay;
  private final Schedule schedule;

  ConstantReconnection(Duration delay) {
    Objects.requireNonNull(delay, "delay");
    if (delay.isNegative() || delay.isZero()) {
      throw new IllegalArgumentException("reconnection delay must be positive, was " + delay);
    }
    this.delay = delay;
    this.schedule = () -> delay; // stateless: one for every pool
  }

  @Override
  public Schedule newSchedule() {
    return schedule;
  }

  @Override
  public String toString() {
    return "constant(" + delay + ")";
  }
}
