package io.scyllaboot.driver.testing;

import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One node stalled briefly and repeatedly (SIGSTOP, then SIGCONT after a GC pause's or a reactor
 * stall's length) under steady load, and what it cost each driver: failed requests (writes that are
 * not idempotent among them), the p99 and maximum latency of the requests started during a stall.
 * Printed as {@code [cluster-figure]} lines.
 */
public record ShortStallFigures(
    String driver,
    SteadyLoad load,
    long failed,
    long failedWrites,
    long p99Millis,
    long maxMillis,
    long requestsDuringStalls) {

  /** Load before the first stall: every connection warm, every statement prepared. */
  private static final Duration BEFORE = Duration.ofSeconds(3);

  /** Load between two stalls and after the last one: the backlog answered. */
  private static final Duration BETWEEN = Duration.ofMillis(1_500);

  /**
   * Runs one load per driver at the same time and stalls node {@code victim} once for each of
   * {@code stalls}, in order; the node is resumed whatever happens.
   */
  public static Map<String, ShortStallFigures> stallUnderLoad(
      Map<String, SteadyLoad.Target> targets,
      int concurrency,
      int rate,
      int victim,
      List<Duration> stalls)
      throws InterruptedException {
    Map<String, SteadyLoad> loads = new LinkedHashMap<>();
    targets.forEach(
        (driver, target) -> loads.put(driver, new SteadyLoad(target, concurrency, rate)));
    loads.values().forEach(SteadyLoad::start);
    long[][] windows = new long[stalls.size()][2];
    // The sleeps are the experiment's phases (load for a while, a stall of a given length), not
    // waits for a condition.
    Thread.sleep(BEFORE.toMillis());
    for (int i = 0; i < stalls.size(); i++) {
      windows[i][0] = System.nanoTime();
      CassandraCluster.freeze(victim);
      try {
        Thread.sleep(stalls.get(i).toMillis());
      } finally {
        windows[i][1] = System.nanoTime();
        CassandraCluster.thaw(victim);
      }
      Thread.sleep(BETWEEN.toMillis());
    }
    System.out.println("[cluster] node " + victim + " stalled " + stalls + " under load");
    for (SteadyLoad load : loads.values()) {
      load.stop(30);
    }
    Map<String, ShortStallFigures> figures = new LinkedHashMap<>();
    loads.forEach(
        (driver, load) -> {
          ShortStallFigures figure = of(driver, load, windows);
          figure.print(stalls);
          figures.put(driver, figure);
        });
    return figures;
  }

  private static ShortStallFigures of(String driver, SteadyLoad load, long[][] windows) {
    List<SteadyLoad.Sample> during =
        load.samples().stream()
            .filter(
                s ->
                    Arrays.stream(windows)
                        .anyMatch(w -> s.startNanos() >= w[0] && s.startNanos() < w[1]))
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
    List<SteadyLoad.Sample> failures = load.failures();
    long failedWrites = failures.stream().filter(SteadyLoad.Sample::write).count();
    return new ShortStallFigures(
        driver, load, failures.size(), failedWrites, p99, max, during.size());
  }

  private void print(List<Duration> stalls) {
    ClusterFigures.print(
        driver,
        "short_stall_requests",
        load.completed() + " (" + requestsDuringStalls + " started during the stalls)");
    ClusterFigures.print(
        driver,
        "short_stall_failed_requests",
        failed + " (writes " + failedWrites + ") " + load.failuresByKind());
    ClusterFigures.print(driver, "short_stall_lost_reads", load.lostReads().size());
    ClusterFigures.print(driver, "short_stall_p99_ms", p99Millis);
    ClusterFigures.print(driver, "short_stall_max_ms", maxMillis);
  }

  public Map<Integer, Integer> acknowledged() {
    return load.acknowledged();
  }
}
