package io.scyllaboot.driver.api.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.scyllaboot.driver.api.cql.SimpleStatement;
import io.scyllaboot.driver.api.metadata.NodeState;
import io.scyllaboot.driver.internal.metadata.DefaultNode;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

/** The two policies' delays, their limits and their argument checks. */
class SpeculativeExecutionPolicyTest {
  private static final SimpleStatement STATEMENT = SimpleStatement.of("SELECT 1");
  private final DefaultNode node = new DefaultNode(new InetSocketAddress("127.0.0.1", 9042));
  private final DefaultNode other = new DefaultNode(new InetSocketAddress("127.0.0.2", 9042));

  @Test
  void should_start_a_fixed_number_of_executions_at_a_constant_delay() {
    SpeculativeExecutionPolicy policy =
        SpeculativeExecutionPolicy.constantDelay(Duration.ofMillis(30), 2);
    assertThat(policy.nextExecutionDelayNanos(node, STATEMENT, 1))
        .isEqualTo(TimeUnit.MILLISECONDS.toNanos(30));
    assertThat(policy.nextExecutionDelayNanos(node, STATEMENT, 2))
        .isEqualTo(TimeUnit.MILLISECONDS.toNanos(30));
    assertThat(policy.nextExecutionDelayNanos(node, STATEMENT, 3))
        .as("past the maximum")
        .isNegative();
    assertThat(SpeculativeExecutionPolicy.NONE.nextExecutionDelayNanos(node, STATEMENT, 1))
        .isNegative();
  }

  @Test
  void should_wait_the_percentile_of_the_node_s_latest_latencies() {
    SpeculativeExecutionPolicy policy = SpeculativeExecutionPolicy.percentile(90, 1);
    for (int i = 1; i < LatencyRing.MIN_SAMPLES; i++) {
      policy.onResponse(node, TimeUnit.MILLISECONDS.toNanos(i));
    }
    assertThat(policy.nextExecutionDelayNanos(node, STATEMENT, 1))
        .as("fewer than 100 latencies anywhere: the warm-up delay")
        .isEqualTo(PercentileSpeculativeExecution.WARM_UP_DELAY_NANOS);
    policy.onResponse(node, TimeUnit.MILLISECONDS.toNanos(100)); // 1..100 ms
    // Recomputed at most every 100 ms: the next refresh sees the 100th latency.
    Awaitility.await()
        .atMost(Duration.ofSeconds(2))
        .until(() -> policy.nextExecutionDelayNanos(node, STATEMENT, 1) > 0);
    assertThat(policy.nextExecutionDelayNanos(node, STATEMENT, 1))
        .isEqualTo(TimeUnit.MILLISECONDS.toNanos(90));
    assertThat(policy.nextExecutionDelayNanos(node, STATEMENT, 2)).as("one at most").isNegative();
    assertThat(policy.nextExecutionDelayNanos(other, STATEMENT, 1))
        .as("another node has no latencies yet: every node's percentile")
        .isEqualTo(TimeUnit.MILLISECONDS.toNanos(90));
  }

  @Test
  void should_speculate_for_a_fresh_node_from_its_first_request() {
    SpeculativeExecutionPolicy policy = SpeculativeExecutionPolicy.percentile(99, 1);
    assertThat(policy.nextExecutionDelayNanos(node, STATEMENT, 1))
        .as("no latency known at all")
        .isEqualTo(TimeUnit.MILLISECONDS.toNanos(100));
    for (int i = 0; i < 2 * LatencyRing.MIN_SAMPLES; i++) {
      policy.onResponse(node, TimeUnit.MILLISECONDS.toNanos(7));
    }
    Awaitility.await()
        .atMost(Duration.ofSeconds(2))
        .until(
            () ->
                policy.nextExecutionDelayNanos(other, STATEMENT, 1)
                    == TimeUnit.MILLISECONDS.toNanos(7));
  }

  @Test
  void should_learn_from_the_late_answers_of_losing_executions() {
    // A loser's late answer is reported as any response: it raises the percentile.
    SpeculativeExecutionPolicy policy = SpeculativeExecutionPolicy.percentile(50, 1);
    for (int i = 0; i < LatencyRing.MIN_SAMPLES; i++) {
      policy.onResponse(node, TimeUnit.MILLISECONDS.toNanos(2));
    }
    for (int i = 0; i <= LatencyRing.MIN_SAMPLES; i++) {
      policy.onResponse(node, TimeUnit.MILLISECONDS.toNanos(40));
    }
    Awaitility.await()
        .atMost(Duration.ofSeconds(2))
        .until(
            () ->
                policy.nextExecutionDelayNanos(node, STATEMENT, 1)
                    == TimeUnit.MILLISECONDS.toNanos(40));
  }

  @Test
  void should_drop_the_latencies_of_a_node_that_left() {
    PercentileSpeculativeExecution policy = new PercentileSpeculativeExecution(99, 1, 0);
    policy.onResponse(node, TimeUnit.MILLISECONDS.toNanos(3));
    policy.onResponse(other, TimeUnit.MILLISECONDS.toNanos(3));
    assertThat(policy.nodesKnown()).isEqualTo(2);
    other.state(NodeState.REMOVED);
    policy.onResponse(node, TimeUnit.MILLISECONDS.toNanos(3));
    assertThat(policy.nodesKnown()).isEqualTo(1);
  }

  @Test
  void should_keep_only_the_latest_latencies() {
    SpeculativeExecutionPolicy policy = SpeculativeExecutionPolicy.percentile(50, 1);
    for (int i = 0; i < LatencyRing.SIZE; i++) {
      policy.onResponse(node, TimeUnit.SECONDS.toNanos(1));
    }
    for (int i = 0; i < LatencyRing.SIZE; i++) {
      policy.onResponse(node, TimeUnit.MILLISECONDS.toNanos(2));
    }
    Awaitility.await()
        .atMost(Duration.ofSeconds(2))
        .until(
            () ->
                policy.nextExecutionDelayNanos(node, STATEMENT, 1)
                    == TimeUnit.MILLISECONDS.toNanos(2));
  }

  @Test
  void should_refuse_out_of_range_arguments() {
    assertThatThrownBy(() -> SpeculativeExecutionPolicy.constantDelay(Duration.ZERO, 1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("delay");
    assertThatThrownBy(() -> SpeculativeExecutionPolicy.constantDelay(Duration.ofMillis(5), 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("max speculative executions");
    assertThatThrownBy(() -> SpeculativeExecutionPolicy.percentile(100, 1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("percentile");
    assertThatThrownBy(() -> SpeculativeExecutionPolicy.percentile(99, 17))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
