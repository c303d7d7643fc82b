package io.scyllaboot.driver.internal.pool;

import io.scyllaboot.driver.api.policy.ReconnectionPolicy;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A session's {@link ReconnectionPolicy}, guarded: a pool must never stop reconnecting because the
 * application's policy threw, nor spin because it returned no delay. A schedule (or policy) that
 * throws is replaced, for that delay, by the default schedule (exponential from 1 s to 60 s); a
 * delay under {@link #MIN_DELAY} (zero, negative, null) becomes {@link #MIN_DELAY}. Each is logged
 * once per session, at WARN.
 */
final class GuardedReconnection implements ReconnectionPolicy {
  private static final Logger LOG = LoggerFactory.getLogger(GuardedReconnection.class);

  /** The shortest delay between two attempts to one node. */
  static final Duration MIN_DELAY = Duration.ofMillis(100);

  private static final ReconnectionPolicy DEFAULT =
      ReconnectionPolicy.exponential(Duration.ofSeconds(1), Duration.ofSeconds(60));

  private final ReconnectionPolicy policy;
  private final AtomicBoolean warnedThrow = new AtomicBoolean();
  private final AtomicBoolean warnedShort = new AtomicBoolean();

  private GuardedReconnection(ReconnectionPolicy policy) {
    this.policy = policy;
  }

  /** {@code policy} guarded (once: a guarded policy is returned as is). */
  static ReconnectionPolicy guard(ReconnectionPolicy policy) {
    return policy instanceof GuardedReconnection ? policy : new GuardedReconnection(policy);
  }

  /** A schedule for one outage of one pool: never throws, never under {@link #MIN_DELAY}. */
  @Override
  public Schedule newSchedule() {
    Schedule schedule;
    try {
      schedule = policy.newSchedule();
    } catch (RuntimeException e) {
      warnThrow(e);
      schedule = null;
    }
    return new GuardedSchedule(schedule);
  }

  private void warnThrow(RuntimeException e) {
    if (warnedThrow.compareAndSet(false, true)) {
      LOG.warn(
          "reconnection policy {} threw; its pools reconnect on the default schedule (1 s to 60 s)"
              + " when it does (logged once)",
          policy,
          e);
    }
  }

  /** One outage's delays: the policy's, or the default's where the policy fails. Not shared. */
  private final class GuardedSchedule implements Schedule {
    private final Schedule own;
    private Schedule fallback;

    private GuardedSchedule(Schedule own) {
      this.own = own;
    }

    @Override
    public Duration nextDelay() {
      Duration delay = null;
      boolean failed = own == null;
      if (!failed) {
        try {
          delay = own.nextDelay();
        } catch (RuntimeException e) {
          warnThrow(e);
          failed = true;
        }
      }
      if (failed) {
        if (fallback == null) {
          fallback = DEFAULT.newSchedule();
        }
        delay = fallback.nextDelay();
      }
      if (delay == null || delay.compareTo(MIN_DELAY) < 0) {
        if (warnedShort.compareAndSet(false, true)) {
          LOG.warn(
              "reconnection policy {} gave a delay of {}; raised to the minimum of {} ms (logged"
                  + " once)",
              policy,
              delay,
              MIN_DELAY.toMillis());
        }
        return MIN_DELAY;
      }
      return delay;
    }
  }
}
