package io.scyllaboot.autoconfigure;

import io.scyllaboot.driver.api.policy.SpeculativeExecutionPolicy;
import java.time.Duration;

/**
 * {@code scylla.request.speculative-execution.*}: whether an idempotent request not answered yet is
 * also sent to the next node of its plan. Off by default: each speculative execution is extra load
 * on the cluster; turn it on for latency-sensitive idempotent traffic when the cluster has
 * headroom.
 */
public class SpeculativeExecutionProperties {
  /** Which policy decides when: none, constant-delay or percentile. */
  private Policy policy = Policy.NONE;

  /** Most speculative executions per request, besides the first execution. */
  private int maxExecutions = 1;

  /** Delay of each speculative execution after the previous one (constant-delay). */
  private Duration delay = Duration.ofMillis(50);

  /** Percentile of the node's latest latencies after which to speculate (percentile), 0-100. */
  private double percentile = 99.0;

  /** The speculative execution policies a property can name. */
  public enum Policy {
    /** Never: one node at a time. */
    NONE,
    /** After a fixed delay. */
    CONSTANT_DELAY,
    /** After a percentile of the latencies of the node tried last. */
    PERCENTILE
  }

  /** The policy these properties describe. */
  public SpeculativeExecutionPolicy toPolicy() {
    return switch (policy) {
      case NONE -> SpeculativeExecutionPolicy.NONE;
      case CONSTANT_DELAY -> SpeculativeExecutionPolicy.constantDelay(delay, maxExecutions);
      case PERCENTILE -> SpeculativeExecutionPolicy.percentile(percentile, maxExecutions);
    };
  }

  public Policy getPolicy() {
    return policy;
  }

  public void setPolicy(Policy policy) {
    this.policy = policy;
  }

  public int getMaxExecutions() {
    return maxExecutions;
  }

  public void setMaxExecutions(int maxExecutions) {
    this.maxExecutions = maxExecutions;
  }

  public Duration getDelay() {
    return delay;
  }

  public void setDelay(Duration delay) {
    this.delay = delay;
  }

  public double getPercentile() {
    return percentile;
  }

  public void setPercentile(double percentile) {
    this.percentile = percentile;
  }
}
