package io.scyllaboot.driver.api.policy;

import io.scyllaboot.driver.api.cql.Statement;
import io.scyllaboot.driver.api.metadata.Node;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Speculative executions after a percentile of the latencies of the node the previous execution
 * went to, learned from its latest responses ({@link LatencyRing}, one per node).
 */
final class PercentileSpeculativeExecution implements SpeculativeExecutionPolicy {
  private final double percentile;
  private final int maxSpeculativeExecutions;
  // Keyed by node identity (one object per node per session); never removed: a few per node.
  private final Map<Node, LatencyRing> latencies = new ConcurrentHashMap<>();

  PercentileSpeculativeExecution(double percentile, int maxSpeculativeExecutions) {
    if (!(percentile > 0 && percentile < 100)) {
      throw new IllegalArgumentException(
          "speculative execution percentile must be in (0, 100), was " + percentile);
    }
    SpeculativeExecutions.checkCount(maxSpeculativeExecutions);
    this.percentile = percentile;
    this.maxSpeculativeExecutions = maxSpeculativeExecutions;
  }

  @Override
  public long nextExecutionDelayNanos(Node node, Statement<?> statement, int executions) {
    if (executions > maxSpeculativeExecutions) {
      return -1;
    }
    LatencyRing ring = latencies.get(node);
    return ring == null ? -1 : ring.percentile(percentile, System.nanoTime());
  }

  @Override
  public void onResponse(Node node, long latencyNanos) {
    LatencyRing ring = latencies.get(node);
    if (ring == null) {
      ring = latencies.computeIfAbsent(node, ignored -> new LatencyRing());
    }
    ring.record(latencyNanos);
  }

  @Override
  public String toString() {
    return "percentile(" + percentile + ", " + maxSpeculativeExecutions + " extra)";
  }
}
