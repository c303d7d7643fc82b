package io.scyllaboot.driver.testing;

import java.net.InetAddress;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One network fault of one node's link ({@link FaultyLink}) under steady load, and what it cost
 * each driver: failed requests (during the fault and after it healed), the p99 and maximum latency
 * of the requests started during the fault, how many of those were sent to the faulty node, and how
 * long after the heal the node coordinated a new request of the driver again (its recovery).
 * Printed as {@code [cluster-figure] <driver> <fault>_<figure>=<value>} lines.
 */
public record NetworkFaultFigures(
    String driver,
    String fault,
    SteadyLoad load,
    long failedDuringFault,
    long failedAfterHeal,
    long p99Millis,
    long maxMillis,
    long toFaultyNode,
    long requestsDuringFault,
    long recoveryMillis) {

  /** Load before the fault, so that every connection is warm and every statement prepared. */
  private static final Duration BEFORE = Duration.ofSeconds(2);

  /** Load after the heal: late answers, and requests to the node again. */
  private static final Duration AFTER = Duration.ofSeconds(3);

  /** How the test starts and ends a fault. */
  public interface Fault {
    void apply();

    void heal();
  }

  /**
   * Runs one load per driver at the same time, applies {@code fault} for {@code duration}, heals
   * it, and stops the loads {@link #AFTER} later (each must have every request completed 30 s after
   * that, or this throws). The fault is healed whatever happens. {@code faulty} is the address the
   * drivers reach the faulty node at (the link's).
   */
  public static Map<String, NetworkFaultFigures> underLoad(
      String name,
      Map<String, SteadyLoad.Target> targets,
      int concurrency,
      int rate,
      InetAddress faulty,
      Fault fault,
      Duration duration)
      throws InterruptedException {
    Map<String, SteadyLoad> loads = new LinkedHashMap<>();
    targets.forEach(
        (driver, target) -> loads.put(driver, new SteadyLoad(target, concurrency, rate)));
    loads.values().forEach(SteadyLoad::start);
    // The sleeps are the experiment's phases (load for a while), not waits for a condition.
    Thread.sleep(BEFORE.toMillis());
    long from = System.nanoTime();
    long to;
    fault.apply();
    try {
      System.out.println("[cluster] " + name + " on the faulty link, under load");
      Thread.sleep(duration.toMillis());
    } finally {
      to = System.nanoTime();
      fault.heal();
      System.out.println("[cluster] " + name + " healed");
    }
    Thread.sleep(AFTER.toMillis());
    for (SteadyLoad load : loads.values()) {
      load.stop(30);
    }
    Map<String, NetworkFaultFigures> figures = new LinkedHashMap<>();
    loads.forEach(
        (driver, load) -> {
          NetworkFaultFigures figure = of(name, driver, load, faulty, from, to);
          figure.print();
          figures.put(driver, figure);
        });
    return figures;
  }

  private static NetworkFaultFigures of(
      String fault, String driver, SteadyLoad load, InetAddress faulty, long from, long to) {
    List<SteadyLoad.Sample> samples = load.samples();
    List<SteadyLoad.Sample> during =
        samples.stream().filter(s -> s.startNanos() >= from && s.startNanos() < to).toList();
    long[] latencies =
        during.stream().mapToLong(s -> (s.endNanos() - s.startNanos()) / 1_000_000).toArray();
    Arrays.sort(latencies);
    long p99 =
        latencies.length == 0
            ? 0
            : latencies[
                Math.min(latencies.length - 1, (int) Math.ceil(latencies.length * 0.99) - 1)];
    long max = latencies.length == 0 ? 0 : latencies[latencies.length - 1];
    long toFaulty =
        during.stream()
            .filter(s -> s.outcome() != null && s.outcome().tried().contains(faulty))
            .count();
    long failedDuring = during.stream().filter(s -> s.error() != null).count();
    long failedAfter =
        samples.stream().filter(s -> s.startNanos() >= to && s.error() != null).count();
    // Back in use: a request started after the heal that the faulty node coordinated.
    long recovery =
        samples.stream()
            .filter(s -> s.startNanos() >= to && s.outcome() != null)
            .filter(s -> s.outcome().coordinator().getAddress().equals(faulty))
            .mapToLong(s -> (s.endNanos() - to) / 1_000_000)
            .min()
            .orElse(-1);
    return new NetworkFaultFigures(
        driver,
        fault,
        load,
        failedDuring,
        failedAfter,
        p99,
        max,
        toFaulty,
        during.size(),
        recovery);
  }

  /** Every failed request of the load, whenever it started. */
  public long failed() {
    return load.failures().size();
  }

  private void print() {
    print("requests", load.completed() + " (" + requestsDuringFault + " started during the fault)");
    print(
        "failed_requests",
        failed()
            + " (started during the fault "
            + failedDuringFault
            + ", after the heal "
            + failedAfterHeal
            + ") "
            + load.failuresByKind());
    print("lost_reads", load.lostReads().size());
    print("p99_ms", p99Millis);
    print("max_ms", maxMillis);
    print("to_faulty_node", toFaultyNode + " of " + requestsDuringFault);
    print("recovery_ms", recoveryMillis < 0 ? "not within " + AFTER.toMillis() : recoveryMillis);
  }

  private void print(String figure, Object value) {
    ClusterFigures.print(driver, fault + "_" + figure, value);
  }

  public Map<Integer, Integer> acknowledged() {
    return load.acknowledged();
  }
}
