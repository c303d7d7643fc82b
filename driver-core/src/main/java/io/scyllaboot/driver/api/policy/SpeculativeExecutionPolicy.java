package io.scyllaboot.driver.api.policy;

import io.scyllaboot.driver.api.cql.Statement;
import io.scyllaboot.driver.api.metadata.Node;
import java.time.Duration;

/**
 * When a request that has not been answered yet is also sent to the next node of its query plan (a
 * speculative execution), so that one slow or frozen node does not make the caller wait: the first
 * response wins, the other executions are cancelled (their stream ids stay held until their late
 * responses arrive). Only idempotent statements are executed speculatively, since every execution
 * may be applied; the request timeout covers all of them.
 *
 * <p>Off by default ({@link #NONE}): each speculative execution is extra load on the cluster, paid
 * whenever a response is slower than the delay. Turn it on for latency-sensitive idempotent reads
 * and writes when the cluster has headroom, with a delay above the normal latency (for example the
 * 99th percentile, {@link #percentile}).
 *
 * <p>Implementations must be thread-safe and fast: the policy is asked on the request path.
 */
public interface SpeculativeExecutionPolicy {

  /** No speculative execution: every request runs on one node at a time. */
  SpeculativeExecutionPolicy NONE = (node, statement, executions) -> -1;

  /**
   * How long to wait, after the latest execution of a request started, before starting another one
   * on the next node of the plan.
   *
   * @param node the node the latest execution went to
   * @param statement the statement (always idempotent)
   * @param executions how many executions have started so far, the first one included (1 when the
   *     first speculative execution is being decided)
   * @return the delay in nanoseconds, or a negative value for no more executions
   */
  long nextExecutionDelayNanos(Node node, Statement<?> statement, int executions);

  /**
   * Told how long a node took to answer an execution, for policies that learn from latencies: the
   * execution that won and, when their answers come at last, the executions that lost the race (or
   * timed out), so that the latencies learned are not biased towards the fast answers. Called on
   * the driver's I/O threads while the session has a policy; must not block. Does nothing by
   * default.
   */
  default void onResponse(Node node, long latencyNanos) {}

  /**
   * Up to {@code maxSpeculativeExecutions} extra executions, each {@code delay} after the previous
   * one started.
   *
   * @throws IllegalArgumentException if the delay is not positive or the count is below 1
   */
  static SpeculativeExecutionPolicy constantDelay(Duration delay, int maxSpeculativeExecutions) {
    return new ConstantDelaySpeculativeExecution(delay, maxSpeculativeExecutions);
  }

  /**
   * Up to {@code maxSpeculativeExecutions} extra executions, each after the given percentile of the
   * latencies of the node the previous execution went to (its last 1,024 responses). Until a node
   * has answered 100 requests, the percentile of every node's latencies together is used, and until
   * 100 responses are known at all, 100 ms: a fresh node is covered from its first request.
   *
   * @param percentile in (0, 100), for example 99
   * @throws IllegalArgumentException if the percentile or the count is out of range
   */
  static SpeculativeExecutionPolicy percentile(double percentile, int maxSpeculativeExecutions) {
    return new PercentileSpeculativeExecution(percentile, maxSpeculativeExecutions);
  }
}
