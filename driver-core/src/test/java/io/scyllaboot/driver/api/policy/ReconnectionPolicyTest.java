package io.scyllaboot.driver.api.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class ReconnectionPolicyTest {

  @Test
  void should_double_from_the_base_to_the_cap_with_at_most_15_percent_jitter() {
    ReconnectionPolicy.Schedule schedule =
        ReconnectionPolicy.exponential(Duration.ofMillis(100), Duration.ofSeconds(1)).newSchedule();
    long[] expected = {100, 200, 400, 800, 1000, 1000};
    for (long base : expected) {
      long delay = schedule.nextDelay().toMillis();
      assertThat(delay).isBetween((long) (base * 0.85) - 1, Math.min(1000, (long) (base * 1.15)));
    }
  }

  @Test
  void should_start_each_new_schedule_from_the_base() {
    ReconnectionPolicy policy =
        ReconnectionPolicy.exponential(Duration.ofMillis(100), Duration.ofSeconds(10));
    ReconnectionPolicy.Schedule first = policy.newSchedule();
    for (int i = 0; i < 5; i++) {
      first.nextDelay();
    }
    assertThat(first.nextDelay().toMillis()).isGreaterThan(2000);
    assertThat(policy.newSchedule().nextDelay().toMillis()).isLessThanOrEqualTo(115);
  }

  @Test
  void should_wait_the_same_delay_every_time_when_constant() {
    ReconnectionPolicy.Schedule schedule =
        ReconnectionPolicy.constant(Duration.ofMillis(250)).newSchedule();
    for (int i = 0; i < 10; i++) {
      assertThat(schedule.nextDelay()).isEqualTo(Duration.ofMillis(250));
    }
  }

  @Test
  void should_refuse_delays_that_are_not_positive_or_out_of_order() {
    assertThatThrownBy(() -> ReconnectionPolicy.constant(Duration.ZERO))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("positive");
    assertThatThrownBy(
            () -> ReconnectionPolicy.exponential(Duration.ofSeconds(2), Duration.ofSeconds(1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("0 < base <= max");
  }
}
