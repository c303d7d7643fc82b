package io.scyllaboot.driver.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.InetAddress;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalLong;
import org.awaitility.core.ConditionTimeoutException;

/**
 * One node killed under steady load, and what it cost: failed requests, how long the dead node
 * still got requests (detection), how long after its restart it got requests again (recovery).
 * Printed as {@code [cluster-figure] <driver> <figure>=<value>} lines.
 */
public final class ClusterFigures {
  /** Load before the kill, so that every connection is warm and every statement prepared. */
  private static final Duration BEFORE_KILL = Duration.ofSeconds(5);

  /** Load while the node is dead: long enough for any stale routing to show. */
  private static final Duration WHILE_DEAD = Duration.ofSeconds(10);

  /** How long a restarted node may take to get requests again before the run gives up. */
  private static final Duration RECOVERY_WAIT = Duration.ofSeconds(60);

  private final String driver;
  private final SteadyLoad load;
  private final long detectionMillis;
  private final long recoveryMillis; // -1: not within RECOVERY_WAIT
  private final long killed;
  private final long restarted;

  private ClusterFigures(
      String driver,
      SteadyLoad load,
      long detectionMillis,
      long recoveryMillis,
      long killed,
      long restarted) {
    this.driver = driver;
    this.load = load;
    this.detectionMillis = detectionMillis;
    this.recoveryMillis = recoveryMillis;
    this.killed = killed;
    this.restarted = restarted;
  }

  public static void print(String driver, String figure, Object value) {
    System.out.println("[cluster-figure] " + driver + " " + figure + "=" + value);
  }

  /**
   * Runs one load per driver at the same time (so that every driver sees the same fault at the same
   * moment on the same machine), SIGKILLs node {@code victim}, restarts it, and stops the loads
   * once the node coordinates requests of every driver again (or {@link #RECOVERY_WAIT} after its
   * CQL port opened).
   */
  public static Map<String, ClusterFigures> killUnderLoad(
      Map<String, SteadyLoad.Target> targets, int concurrency, int rate, int victim)
      throws InterruptedException {
    InetAddress dead = CassandraCluster.address(victim).getAddress();
    long begin = System.nanoTime();
    Map<String, SteadyLoad> loads = new LinkedHashMap<>();
    targets.forEach(
        (driver, target) -> loads.put(driver, new SteadyLoad(target, concurrency, rate)));
    loads.values().forEach(SteadyLoad::start);
    // The sleeps are the experiment's phases (load for a while), not waits for a condition.
    Thread.sleep(BEFORE_KILL.toMillis());
    long killed = System.nanoTime();
    CassandraCluster.kill(victim);
    System.out.println("[cluster] node " + victim + " killed (SIGKILL) under load");
    Thread.sleep(WHILE_DEAD.toMillis());
    long restarted = System.nanoTime();
    Process starting = CassandraCluster.startInBackground(victim);
    await("node " + victim + " opens its CQL port")
        .atMost(Duration.ofSeconds(240))
        .pollInterval(Duration.ofMillis(50))
        .until(() -> CassandraCluster.portOpen(victim, Duration.ofMillis(200)));
    long up = System.nanoTime();
    print("cluster", "restarted_node_cql_port_after_ms", (up - restarted) / 1_000_000);
    try {
      await("node " + victim + " coordinates requests of every driver again")
          .atMost(RECOVERY_WAIT)
          .pollInterval(Duration.ofMillis(50))
          .until(
              () ->
                  loads.values().stream()
                      .allMatch(load -> load.firstCoordinatedBy(dead, up).isPresent()));
    } catch (ConditionTimeoutException e) {
      // reported below as "> RECOVERY_WAIT"; the bounds are checked by the caller
    }
    CassandraCluster.await(starting);
    for (SteadyLoad load : loads.values()) {
      load.stop(30);
    }
    Map<String, ClusterFigures> figures = new LinkedHashMap<>();
    loads.forEach(
        (driver, load) -> {
          OptionalLong lastSent = load.lastSentTo(dead, killed, restarted);
          OptionalLong back = load.firstCoordinatedBy(dead, up);
          ClusterFigures figure =
              new ClusterFigures(
                  driver,
                  load,
                  lastSent.isPresent() ? (lastSent.getAsLong() - killed) / 1_000_000 : 0,
                  back.isPresent() ? Math.max(0, back.getAsLong() - up) / 1_000_000 : -1,
                  killed,
                  restarted);
          figure.print(begin);
          figures.put(driver, figure);
        });
    return figures;
  }

  private void print(long beginNanos) {
    long seconds = Math.max(1, (System.nanoTime() - beginNanos) / 1_000_000_000);
    print(driver, "requests", load.completed() + " (" + load.completed() / seconds + "/s)");
    long beforeKill = load.failures().stream().filter(f -> f.startNanos() < killed).count();
    long afterRestart = load.failures().stream().filter(f -> f.startNanos() >= restarted).count();
    print(
        driver,
        "failed_requests",
        load.failures().size()
            + " (before the kill "
            + beforeKill
            + ", while dead "
            + (load.failures().size() - beforeKill - afterRestart)
            + ", after the restart "
            + afterRestart
            + ") "
            + load.failuresByKind());
    print(driver, "lost_reads", load.lostReads().size());
    print(driver, "dead_node_last_request_ms", detectionMillis);
    print(
        driver,
        "restarted_node_back_in_use_ms",
        recoveryMillis < 0 ? ">" + RECOVERY_WAIT.toMillis() : recoveryMillis);
  }

  public Map<Integer, Integer> acknowledged() {
    return load.acknowledged();
  }

  /**
   * The bounds our driver must meet. Failures: every request is idempotent and one node of three is
   * down, so QUORUM stays reachable and a request on a reset connection is retried on the next
   * node. What may fail is a request that gets no answer within the 2 s request timeout (not
   * retried): those in flight at the kill whose coordinator still waits for the dead replica, and
   * those sent to the restarted node while it is still too cold (JIT, replay) to answer in time. At
   * most {@code concurrency} are in flight at any moment, so each of the two transitions costs at
   * most one window: {@code 2 * concurrency}. Detection: SIGKILL makes the kernel reset the
   * connections at once, so no request should go to the dead node after its pool closed; 5 s leaves
   * room for a loaded machine. Recovery: 30 s, generous on purpose (reported).
   */
  public void assertBounds(int concurrency) {
    assertThat(load.lostReads()).as("reads that missed an acknowledged write").isEmpty();
    assertThat(load.failures().size())
        .as("failed requests " + load.failuresByKind())
        .isLessThanOrEqualTo(2 * concurrency);
    assertThat(detectionMillis)
        .as("ms after the kill the dead node still got requests")
        .isLessThanOrEqualTo(5_000);
    assertThat(recoveryMillis)
        .as("ms after its restart (CQL port open) the node got requests again; -1: not in 60 s")
        .isBetween(0L, 30_000L);
  }
}
