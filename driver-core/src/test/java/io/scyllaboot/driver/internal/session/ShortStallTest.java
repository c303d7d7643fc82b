package io.scyllaboot.driver.internal.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.AsyncResultSet;
import io.scyllaboot.driver.api.cql.SimpleStatement;
import io.scyllaboot.driver.api.cql.Statement;
import io.scyllaboot.driver.internal.metadata.DefaultNode;
import io.scyllaboot.driver.internal.protocol.Opcodes;
import io.scyllaboot.driver.testing.CloseAfterEach;
import io.scyllaboot.driver.testing.fakenode.FakeCluster;
import io.scyllaboot.driver.testing.fakenode.FakeNode;
import io.scyllaboot.driver.testing.fakenode.FakeNode.Answering;
import io.scyllaboot.driver.testing.fakenode.FakeRequest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Short stalls of a node (a GC pause, a reactor stall: the process holds every request and answers
 * them all when it resumes) under a busy connection, with the default unresponsive-node timeout and
 * a 2 s request timeout: a stall shorter than the request timeout fails nothing and closes nothing.
 * And a single slow query on a quiet connection is neither taken for a stalled node nor run twice.
 */
class ShortStallTest {
  private static final int PORT = 19681;
  private static final String READ = "SELECT v FROM ks.stall";
  private static final String WRITE = "INSERT INTO ks.stall (k, v) VALUES (1, 1)";
  private static final String SLOW = "SELECT v FROM ks.big_partition";
  // One request every 4 ms: 250 requests/s, what the fake node and the driver in one JVM, with
  // the leak detector at paranoid, sustain on a small shared machine under a full build (load
  // average 15-27 on 2 cores): the backlog of a 1.5 s stall must be answered within the 0.5 s the
  // 2 s timeout leaves, as it is on a real node. At 500 and 1,000 requests/s such runs timed part
  // of it out (while an idle run passed), which says nothing of the driver.
  private static final int BATCH = 1;

  @RegisterExtension final CloseAfterEach closer = new CloseAfterEach();

  private CqlSession open(FakeCluster cluster) {
    CqlSession session =
        closer.add(
            CqlSession.builder()
                .addContactPoint(cluster.node(0).address())
                .withRequestTimeout(Duration.ofSeconds(2))
                .withInitQueryTimeout(Duration.ofMillis(500))
                .build());
    await().until(() -> session.metadata().nodes().stream().allMatch(n -> n.openConnections() > 0));
    return session;
  }

  @Test
  void should_fail_nothing_and_keep_the_connection_when_a_busy_node_stalls_700_ms_and_1_5_s() {
    FakeCluster cluster = closer.add(new FakeCluster(1, PORT));
    FakeNode node = cluster.node(0);
    CqlSession session = open(cluster);
    int connections = node.received(Opcodes.STARTUP).size();
    // Half idempotent reads, half non-idempotent writes, all on the node's one connection.
    Statement<?> read = SimpleStatement.of(READ).withIdempotent(true);
    Statement<?> write = SimpleStatement.of(WRITE).withIdempotent(false);

    ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
    List<CompletableFuture<?>> requests = new ArrayList<>();
    AtomicBoolean stalling = new AtomicBoolean(true);
    Thread staller =
        new Thread(
            () -> {
              // A second between stalls: each backlog is answered before the next stall holds it.
              stall(node, 1_000, 700);
              stall(node, 1_000, 1_500);
              stall(node, 1_000, 700);
              stalling.set(false);
            },
            "staller");
    staller.start();
    long interval = TimeUnit.MILLISECONDS.toNanos(4);
    long next = System.nanoTime();
    int sent = 0;
    while (stalling.get()) {
      LockSupport.parkNanos(next - System.nanoTime()); // pacing: the load's shape, not a wait
      for (int i = 0; i < BATCH; i++) {
        Statement<?> statement = sent++ % 2 == 0 ? read : write;
        requests.add(
            session
                .executeAsync(statement)
                .toCompletableFuture()
                .whenComplete(
                    (rs, error) -> {
                      if (error != null) {
                        failures.add(error);
                      } else {
                        rs.close();
                      }
                    }));
      }
      next += interval;
    }
    CompletableFuture.allOf(requests.toArray(new CompletableFuture<?>[0]))
        .handle((ok, error) -> null)
        .join();

    assertThat(failures)
        .as("failed requests of " + sent + " (first: %s)", failures.peek())
        .isEmpty();
    assertThat(node.received(Opcodes.STARTUP))
        .as("connections opened: the busy one was never closed")
        .hasSize(connections);
  }

  /** Lets the load run for {@code beforeMillis}, then holds every answer for {@code millis}. */
  private static void stall(FakeNode node, long beforeMillis, long millis) {
    LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(beforeMillis)); // the scenario's timing
    node.answering(Answering.HOLD);
    LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(millis)); // the stall itself
    node.answering(Answering.NORMALLY);
  }

  @Test
  void should_neither_demote_a_node_nor_run_twice_a_single_slow_query_on_a_quiet_connection() {
    FakeCluster cluster = closer.add(new FakeCluster(3, PORT));
    // Longer than the unresponsive-node timeout, shorter than the request timeout: a big
    // partition, an ANN search.
    cluster.behave(SLOW, FakeCluster.Behaviour.delay(1_500));
    CqlSession session = open(cluster);
    List<DefaultNode> nodes =
        session.metadata().nodes().stream().map(DefaultNode.class::cast).toList();

    CompletableFuture<AsyncResultSet> slow =
        session.executeAsync(SimpleStatement.of(SLOW).withIdempotent(true)).toCompletableFuture();
    AtomicBoolean demoted = new AtomicBoolean();
    await()
        .atMost(Duration.ofSeconds(3))
        .pollInterval(Duration.ofMillis(10))
        .until(
            () -> {
              if (nodes.stream().anyMatch(n -> !n.isResponsive())) {
                demoted.set(true);
              }
              return slow.isDone();
            });

    assertThat(slow).succeedsWithin(Duration.ZERO);
    assertThat(demoted).as("a node was reported unresponsive").isFalse();
    List<FakeRequest> runs =
        cluster.nodes().stream()
            .flatMap(n -> n.received(Opcodes.QUERY).stream())
            .filter(r -> r.query().equals(SLOW))
            .toList();
    assertThat(runs).as("executions of the slow query").hasSize(1);
  }
}
