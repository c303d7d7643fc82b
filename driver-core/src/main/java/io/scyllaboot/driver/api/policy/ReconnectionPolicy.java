package io.scyllaboot.driver.api.policy;

import java.time.Duration;

/**
 * How long a pool waits between attempts to reconnect to a node it lost (or could not fill). Each
 * pool asks for a new {@link Schedule} when it starts reconnecting, and drops it once the node is
 * back, so a schedule only ever counts one outage.
 *
 * <p>The default is {@link #exponential} from 1 s to 60 s with jitter: after an outage, many
 * clients reconnecting at once do not do so in step.
 */
public interface ReconnectionPolicy {

  /** A new schedule, for one node's reconnection attempts from now until one succeeds. */
  Schedule newSchedule();

  /** The delays of one run of reconnection attempts. Used by one pool at a time, not shared. */
  interface Schedule {
    /**
     * The delay before the next attempt. A delay under 100 ms (zero, negative, null) is raised to
     * 100 ms, so that a node is never hammered in a loop; when this (or {@link #newSchedule()})
     * throws, that attempt waits the default schedule's delay (exponential from 1 s to 60 s)
     * instead, and the pool keeps reconnecting. Either is logged once per session.
     */
    Duration nextDelay();
  }

  /**
   * {@code base}, 2 x base, 4 x base ... capped at {@code max}, each delay varied by up to +/-15%.
   *
   * @throws IllegalArgumentException unless {@code 0 < base <= max}
   */
  static ReconnectionPolicy exponential(Duration base, Duration max) {
    return new ExponentialReconnection(base, max);
  }

  /**
   * Always the same delay.
   *
   * @throws IllegalArgumentException unless the delay is positive
   */
  static ReconnectionPolicy constant(Duration delay) {
    return new ConstantReconnection(delay);
  }
}
