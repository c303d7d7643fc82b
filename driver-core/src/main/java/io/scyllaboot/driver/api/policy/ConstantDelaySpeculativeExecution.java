package io.scyllaboot.driver.api.policy;

import io.scyllaboot.driver.api.cql.Statement;
import io.scyllaboot.driver.api.metadata.Node;
import java.time.Duration;
import java.util.Objects;

/** A fixed number of speculative executions at a fixed delay from each other. */
final class ConstantDelaySpeculativeExecution implements SpeculativeExecutionPolicy {
  private final long delayNanos;
  private final int maxSpeculativeExecutions;

  ConstantDelaySpeculativeExecution(Duration delay, int maxSpeculativeExecutions) {
    Objects.requireNonNull(delay, "delay");
    if (delay.isNegative() || delay.isZero()) {
      throw new IllegalArgumentException(
          "speculative execution delay must be positive, was " + delay);
    }
    SpeculativeExecutions.checkCount(maxSpeculativeExecutions);
    this.delayNanos = delay.toNanos();
    this.maxSpeculativeExecutions = maxSpeculativeExecutions;
  }

  @Override
  public long nextExecutionDelayNanos(Node node, Statement<?> statement, int executions) {
    return executions <= maxSpeculativeExecutions ? delayNanos : -1;
  }

  @Override
  public String toString() {
    return "constantDelay("
        + Duration.ofNanos(delayNanos)
        + ", "
        + maxSpeculativeExecutions
        + " extra)";
  }
}
