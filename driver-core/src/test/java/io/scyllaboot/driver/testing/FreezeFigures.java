package io.scyllaboot.driver.testing;

import java.net.InetAddress;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One node frozen (SIGSTOP) under steady load, then resumed (SIGCONT), and what it cost each
 * driver: failed requests, the p99 and maximum latency of the requests started during the freeze,
 * and how many requests still went to the frozen node after its first second (coordinated by it or
 * tried on it, as the driver's execution info tells). Printed as {@code [cluster-figure]} lines.
 */
public record FreezeFigures(
    String driver,
    SteadyLoad load,
    long failed,
    long failedDuringFreeze,
    long p99Millis,
    long maxMillis,
    long toFrozenNodeAfterFirstSecond,
    long requestsDuringFreeze) {

  /** Load before the freeze, so that every connection is warm and every statement prepared. */
  private static final Duration BEFORE = Duration.ofSeconds(5);

  /** Load after the node resumed: its late answers, and requests to it again. */
  private static final Duration AFTER = Duration.ofSeconds(5);

  /**
   * Runs one load per driver at the same time, freezes node {@code victim} for {@code freeze},
   * resumes it, and stops the loads {@link #AFTER} later. The node is resumed whatever happens.
   */
  public static Map<String, FreezeFigures> freezeUnderLoad(
      Map<String, SteadyLoad.Target> targets,
      int concurrency,
      int rate,
      int victim,
      Duration freeze)
      throws InterruptedException {
    InetAddress frozen = CassandraCluster.address(victim).getAddress();
    Map<String, SteadyLoad> loads = new LinkedHashMap<>();
    targets.forEach(
        (driver, target) -> loads.put(driver, new SteadyLoad(target, concurrency, rate)));
    loads.values().forEach(SteadyLoad::start);
    long frozenAt;
    long thawedAt;
    // The sleeps are the experiment's phases (load for a while), not waits for a condition.
    Thread.sleep(BEFORE.toMillis());
    frozenAt = System.nanoTime();
    CassandraCluster.freeze(victim);
    try {
      System.out.println("[cluster] node " + victim + " frozen (SIGSTOP) under load");
      Thread.sleep(freeze.toMillis());
    } finally {
      thawedAt = System.nanoTime();
      CassandraCluster.thaw(victim);
      System.out.println("[cluster] node " + victim + " resumed (SIGCONT)");
    }
    Thread.sleep(AFTER.toMillis());
    for (SteadyLoad load : loads.values()) {
      load.stop(30);
    }
    Map<String, FreezeFigures> figures = new LinkedHashMap<>();
    long from = frozenAt;
    long to = thawedAt;
    loads.forEach(
        (driver, load) -> {
          FreezeFigures figure = of(driver, load, frozen, from, to);
          figure.print();
          figures.put(driver, figure);
        });
    return figures;
  }

  private static FreezeFigures of(
      String driver, SteadyLoad load, InetAddress frozen, long frozenAt, long thawedAt) {
    List<SteadyLoad.Sample> during =
        load.samples().stream()
            .filter(s -> s.startNanos() >= frozenAt && s.startNanos() < thawedAt)
            .toList();
    long[] latencies =
        during.stream().mapToLong(s -> (s.endNanos() - s.startNanos()) / 1_000_000).toArray();
    Arrays.sort(latencies);
    long p99 =
        latencies.length == 0
            ? 0
            : latencies[
                Math.min(latencies.length - 1, (int) Math.ceil(latencies.length * 0.99) - 1)];
    long max = latencies.length == 0 ? 0 : latencies[latencies.length - 1];
    long afterFirstSecond = frozenAt + 1_000_000_000L;
    long toFrozen =
        during.stream()
            .filter(s -> s.startNanos() >= afterFirstSecond && s.outcome() != null)
            .filter(s -> s.outcome().tried().contains(frozen))
            .count();
    long failedDuring = during.stream().filter(s -> s.error() != null).count();
    return new FreezeFigures(
        driver, load, load.failures().size(), failedDuring, p99, max, toFrozen, during.size());
  }

  private void print() {
    ClusterFigures.print(
        driver,
        "freeze_requests",
        load.completed() + " (" + requestsDuringFreeze + " started during the freeze)");
    ClusterFigures.print(
        driver,
        "freeze_failed_requests",
        failed
            + " (started during the freeze "
            + failedDuringFreeze
            + ") "
            + load.failuresByKind());
    ClusterFigures.print(driver, "freeze_lost_reads", load.lostReads().size());
    ClusterFigures.print(driver, "freeze_p99_ms", p99Millis);
    ClusterFigures.print(driver, "freeze_max_ms", maxMillis);
    ClusterFigures.print(driver, "freeze_to_frozen_node_after_1s", toFrozenNodeAfterFirstSecond);
  }

  public Map<Integer, Integer> acknowledged() {
    return load.acknowledged();
  }
}
