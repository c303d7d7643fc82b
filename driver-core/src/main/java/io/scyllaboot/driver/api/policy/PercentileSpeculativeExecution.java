package io.scyllaboot.driver.api.policy;

import io.scyllaboot.driver.api.cql.Statement;
import io.scyllaboot.driver.api.metadata.Node;
import io.scyllaboot.driver.api.metadata.NodeState;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Speculative executions after a percentile of the latencies of the node the previous execution
 * went to, learned from its latest responses ({@link LatencyRing}, one per node). A node with fewer
 * than {@link LatencyRing#MIN_SAMPLES} latencies (a fresh or restarted one) is judged by the
 * percentile of every node's latencies together, and while those are too few as well, by {@link
 * #WARM_UP_DELAY_NANOS}: a fresh node gets speculative executions (and so its stuck requests a way
 * out) from its first request. Rings of nodes that left the cluster are dropped.
 */
final class PercentileSpeculativeExecution implements SpeculativeExecutionPolicy {
  /**
   * The delay while too few latencies are known: far above a healthy node's latency in a data
   * center (a few ms), well below the request timeout (2 s by default).
   */
  static final long WARM_UP_DELAY_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

  private static final long PURGE_NANOS = TimeUnit.SECONDS.toNanos(10);

  private final double percentile;
  private final int maxSpeculativeExecutions;
  // Keyed by node identity (one object per node per session); a node's ring goes when it leaves.
  private final Map<Node, LatencyRing> latencies = new ConcurrentHashMap<>();
  // Every node's latencies: the judge of a node that has too few of its own.
  private final LatencyRing all = new LatencyRing();
  private final long purgeNanos;
  private final AtomicLong nextPurge;

  PercentileSpeculativeExecution(double percentile, int maxSpeculativeExecutions) {
    this(percentile, maxSpeculativeExecutions, PURGE_NANOS);
  }

  /** With how often rings of removed nodes are looked for (tests). */
  PercentileSpeculativeExecution(double percentile, int maxSpeculativeExecutions, long purgeNanos) {
    if (!(percentile > 0 && percentile < 100)) {
      throw new IllegalArgumentException(
          "speculative execution percentile must be in (0, 100), was " + percentile);
    }
    SpeculativeExecutions.checkCount(maxSpeculativeExecutions);
    this.percentile = percentile;
    this.maxSpeculativeExecutions = maxSpeculativeExecutions;
    this.purgeNanos = purgeNanos;
    this.nextPurge = new AtomicLong(System.nanoTime() + purgeNanos);
  }

  @Override
  public long nextExecutionDelayNanos(Node node, Statement<?> statement, int executions) {
    if (executions > maxSpeculativeExecutions) {
      return -1;
    }
    long now = System.nanoTime();
    LatencyRing ring = latencies.get(node);
    long own = ring == null ? -1 : ring.percentile(percentile, now);
    if (own > 0) {
      return own;
    }
    long everyNode = all.percentile(percentile, now);
    return everyNode > 0 ? everyNode : WARM_UP_DELAY_NANOS;
  }

  @Override
  public void onResponse(Node node, long latencyNanos) {
    LatencyRing ring = latencies.get(node);
    if (ring == null) {
      ring = latencies.computeIfAbsent(node, ignored -> new LatencyRing());
    }
    ring.record(latencyNanos);
    all.record(latencyNanos);
    long now = System.nanoTime();
    long purge = nextPurge.get();
    if (now - purge >= 0 && nextPurge.compareAndSet(purge, now + purgeNanos)) {
      // One caller in a while: a node that left keeps no ring (a long-lived session sees many).
      latencies.keySet().removeIf(known -> known.state() == NodeState.REMOVED);
    }
  }

  /** How many nodes have a ring (tests). */
  int nodesKnown() {
    return latencies.size();
  }

  @Override
  public String toString() {
    return "percentile(" + percentile + ", " + maxSpeculativeExecutions + " extra)";
  }
}
