package io.scyllaboot.driver.internal.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.CqlSessionBuilder;
import io.scyllaboot.driver.api.cql.BoundStatement;
import io.scyllaboot.driver.api.cql.PreparedStatement;
import io.scyllaboot.driver.api.cql.ResultSet;
import io.scyllaboot.driver.api.cql.SimpleStatement;
import io.scyllaboot.driver.api.cql.Statement;
import io.scyllaboot.driver.api.policy.SpeculativeExecutionPolicy;
import io.scyllaboot.driver.api.type.PrimitiveType;
import io.scyllaboot.driver.internal.protocol.Opcodes;
import io.scyllaboot.driver.testing.CloseAfterEach;
import io.scyllaboot.driver.testing.fakenode.FakeCluster;
import io.scyllaboot.driver.testing.fakenode.FakeNode;
import io.scyllaboot.driver.testing.fakenode.FakeNode.Answering;
import io.scyllaboot.driver.testing.fakenode.FakeResponses.Column;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * One node of three stops answering (it reads every request and answers none, as a frozen process)
 * under a steady stream of idempotent requests, for the plans the token-aware swap never covered:
 * unrouted statements and lightweight transactions (ring order, primary first). With the defaults
 * nothing fails and no request reaches the node after the unresponsive-node timeout (half the
 * request timeout); with speculative execution no request waits for that timeout (the bound below
 * is half of it: what the assertion separates is which mechanism answered, not how fast a busy
 * machine is).
 */
class UnresponsiveNodeTest {
  private static final int PORT = 19642;
  private static final String UNROUTED = "SELECT v FROM ks.unrouted";
  private static final String LWT = "UPDATE ks.lwt SET v = 1 WHERE k = ? IF EXISTS";
  private static final int RATE = 200; // requests per second
  private static final Duration LOAD = Duration.ofSeconds(3);

  @RegisterExtension final CloseAfterEach closer = new CloseAfterEach();
  private FakeCluster cluster;
  private CqlSession session;

  /** Every request of a paced load: its latency, and its coordinator or error. */
  private record Run(
      List<Long> latenciesMillis, List<Throwable> failures, Set<Object> late, int speculated) {
    long p99() {
      List<Long> sorted = latenciesMillis.stream().sorted().toList();
      return sorted.get((int) Math.ceil(sorted.size() * 0.99) - 1);
    }
  }

  private void start(SpeculativeExecutionPolicy policy, boolean lwt) {
    cluster = closer.add(new FakeCluster(3, PORT));
    cluster.replication(
        "ks",
        Map.of("class", "org.apache.cassandra.locator.SimpleStrategy", "replication_factor", "3"));
    cluster.prime(
        LWT, List.of(new Column("k", PrimitiveType.INT)), new int[] {0}, List.of(), List.of());
    if (lwt) {
      cluster.markLwt(LWT);
    }
    CqlSessionBuilder builder =
        CqlSession.builder()
            .addContactPoint(cluster.node(0).address())
            .withIdempotentByDefault(true)
            .withInitQueryTimeout(Duration.ofMillis(500))
            .withReconnectionDelays(Duration.ofMillis(50), Duration.ofMillis(200))
            .withSpeculativeExecution(policy);
    if (lwt) {
      // The primary answers its late requests never (this fake drops them): a heartbeat after 1 s
      // of silence finds it again once it answers.
      builder.withHeartbeatInterval(Duration.ofSeconds(1));
    }
    session = closer.add(builder.build());
    await().until(() -> session.metadata().nodes().stream().allMatch(n -> n.openConnections() > 0));
  }

  /**
   * Sends {@code statement} at {@link #RATE} for {@link #LOAD}, recording the coordinators of the
   * requests started after {@code lateAfter}.
   */
  private Run load(Statement<?> statement, Duration lateAfter) {
    ConcurrentLinkedQueue<Long> latencies = new ConcurrentLinkedQueue<>();
    ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
    Set<Object> late = ConcurrentHashMap.newKeySet();
    java.util.concurrent.atomic.AtomicInteger speculated =
        new java.util.concurrent.atomic.AtomicInteger();
    List<CompletableFuture<?>> requests = new ArrayList<>();
    long begin = System.nanoTime();
    long interval = TimeUnit.SECONDS.toNanos(1) / RATE;
    long next = begin;
    while (next - begin < LOAD.toNanos()) {
      LockSupport.parkNanos(next - System.nanoTime()); // pacing: the load's shape, not a wait
      long start = System.nanoTime();
      boolean isLate = start - begin >= lateAfter.toNanos();
      requests.add(
          session
              .executeAsync(statement)
              .toCompletableFuture()
              .whenComplete(
                  (rs, error) -> {
                    latencies.add((System.nanoTime() - start) / 1_000_000);
                    if (error != null) {
                      failures.add(error);
                    } else {
                      if (isLate) {
                        late.add(rs.executionInfo().coordinator());
                      }
                      if (rs.executionInfo().speculativeExecutions() > 0) {
                        speculated.incrementAndGet();
                      }
                      rs.close();
                    }
                  }));
      next += interval;
    }
    CompletableFuture.allOf(requests.toArray(new CompletableFuture<?>[0]))
        .handle((ok, error) -> null)
        .join();
    return new Run(List.copyOf(latencies), List.copyOf(failures), late, speculated.get());
  }

  private void freeze(FakeNode node) {
    node.answering(Answering.NEVER);
  }

  @Test
  void should_move_unrouted_requests_off_a_frozen_node_with_the_defaults() {
    start(SpeculativeExecutionPolicy.NONE, false);
    FakeNode frozen = cluster.node(1);
    freeze(frozen);
    Run run = load(SimpleStatement.of(UNROUTED), Duration.ofSeconds(1));
    int reachedAfterLoad = frozen.received(Opcodes.QUERY).size();

    assertThat(run.failures()).as("failed requests").isEmpty();
    // Stuck requests wait for the unresponsive-node timeout (half the 2 s request timeout), then
    // move once: answered before their own timeout.
    assertThat(run.p99()).as("p99 ms").isLessThan(2_000);
    assertThat(run.late())
        .as("coordinators after the first second")
        .doesNotContain(frozen.address());
    assertThat(frozen.received(Opcodes.QUERY)).hasSize(reachedAfterLoad);
  }

  @Test
  void should_keep_unrouted_latency_low_with_speculative_execution() {
    start(SpeculativeExecutionPolicy.constantDelay(Duration.ofMillis(20), 2), false);
    FakeNode frozen = cluster.node(1);
    freeze(frozen);
    Run run = load(SimpleStatement.of(UNROUTED), Duration.ofSeconds(1));

    assertThat(run.failures()).as("failed requests").isEmpty();
    assertThat(run.p99()).as("p99 ms, under the unresponsive-node timeout").isLessThan(500);
    assertThat(run.late()).doesNotContain(frozen.address());
    assertThat(run.speculated()).as("requests answered by a speculative execution").isPositive();
  }

  @Test
  void should_give_a_frozen_lwt_primary_s_requests_to_the_next_replica_and_take_it_back_after() {
    start(SpeculativeExecutionPolicy.NONE, true);
    PreparedStatement prepared = session.prepare(LWT);
    assertThat(prepared.isLwt()).isTrue();
    // Only an LWT that says so itself is moved: idempotent-by-default never covers one.
    BoundStatement update = prepared.bind(7).withIdempotent(true);
    InetSocketAddress primary = coordinator(update);
    for (int i = 0; i < 20; i++) {
      assertThat(coordinator(update))
          .as("a healthy primary coordinates every LWT")
          .isEqualTo(primary);
    }
    FakeNode frozen = node(primary);
    freeze(frozen);
    Run run = load(update, Duration.ofSeconds(1));

    assertThat(run.failures()).as("failed requests").isEmpty();
    assertThat(run.p99()).as("p99 ms").isLessThan(2_000);
    // Ring order otherwise kept: one replica, the next one clockwise, takes every LWT.
    assertThat(run.late()).hasSize(1).doesNotContain(primary);

    frozen.answering(Answering.NORMALLY);
    await("the primary coordinates the LWTs again")
        .atMost(Duration.ofSeconds(15))
        .pollInterval(Duration.ofMillis(100))
        .until(() -> coordinator(update).equals(primary));
  }

  @Test
  void should_keep_lwt_latency_low_with_speculative_execution() {
    start(SpeculativeExecutionPolicy.constantDelay(Duration.ofMillis(20), 2), true);
    BoundStatement update = session.prepare(LWT).bind(7).withIdempotent(true);
    InetSocketAddress primary = coordinator(update);
    freeze(node(primary));
    Run run = load(update, Duration.ofSeconds(1));

    assertThat(run.failures()).as("failed requests").isEmpty();
    assertThat(run.p99()).as("p99 ms, under the unresponsive-node timeout").isLessThan(500);
    assertThat(run.speculated()).as("requests answered by a speculative execution").isPositive();
    // A slow answer of the next replica may be overtaken by the third one's: not the primary's.
    assertThat(run.late()).isNotEmpty().doesNotContain(primary);
  }

  private InetSocketAddress coordinator(Statement<?> statement) {
    try (ResultSet rs = session.execute(statement)) {
      return rs.executionInfo().coordinator();
    }
  }

  private FakeNode node(InetSocketAddress address) {
    return cluster.nodes().stream()
        .filter(n -> n.address().equals(address))
        .findFirst()
        .orElseThrow();
  }
}
