package io.scyllaboot.driver.internal.connection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.AsyncResultSet;
import io.scyllaboot.driver.api.error.DriverTimeoutException;
import io.scyllaboot.driver.api.error.FrameDecodingException;
import io.scyllaboot.driver.api.metadata.Node;
import io.scyllaboot.driver.api.metadata.NodeState;
import io.scyllaboot.driver.internal.protocol.Opcodes;
import io.scyllaboot.driver.internal.util.Futures;
import io.scyllaboot.driver.testing.fakenode.FakeCluster;
import io.scyllaboot.driver.testing.fakenode.FakeNode;
import io.scyllaboot.driver.testing.fakenode.FakeNode.Answering;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A session over two fake nodes, one of which turns hostile after the session connected: it never
 * answers, answers garbage, answers a forged frame, or resets the connection half-way through a
 * response. Each request that reached it fails with a typed error (or is retried on the healthy
 * node when the connection broke), nothing leaks (the leak detector runs at paranoid), and the
 * session goes on serving through the healthy node, and through the bad one once it recovers.
 */
class HostileNodeSessionTest {
  private static final int PORT = 19144;
  private static final String QUERY = "SELECT v FROM ks.hostile";
  private static final int REQUESTS = 20;

  private FakeCluster cluster;
  private CqlSession session;

  @AfterEach
  void tearDown() {
    if (session != null) {
      session.close();
    }
    if (cluster != null) {
      cluster.close();
    }
  }

  /** Outcomes of a burst of requests, after {@code hostile} turned to {@code mode}. */
  private record Burst(int succeeded, List<Throwable> failures, int reachedHostile) {}

  private Burst burst(Answering mode) {
    cluster = new FakeCluster(2, PORT);
    session =
        CqlSession.builder()
            .addContactPoint(cluster.node(0).address())
            .withRequestTimeout(Duration.ofMillis(500))
            .withInitQueryTimeout(Duration.ofMillis(500))
            .withIdempotentByDefault(true)
            .withReconnectionDelays(Duration.ofMillis(50), Duration.ofMillis(200))
            // The timeout and orphan mechanics alone: UnresponsiveNodeTest covers the avoidance.
            .withUnresponsiveNodeTimeout(Duration.ZERO)
            .build();
    FakeNode bad = cluster.node(1);
    await()
        .until(() -> session.metadata().nodes().stream().allMatch(n -> n.state() == NodeState.UP));
    int before = bad.received(Opcodes.QUERY).size();
    bad.answering(mode);

    List<CompletableFuture<AsyncResultSet>> requests = new ArrayList<>();
    for (int i = 0; i < REQUESTS; i++) {
      requests.add(session.executeAsync(QUERY).toCompletableFuture());
    }
    int succeeded = 0;
    List<Throwable> failures = new ArrayList<>();
    for (CompletableFuture<AsyncResultSet> request : requests) {
      try {
        request.join().close();
        succeeded++;
      } catch (RuntimeException e) {
        failures.add(Futures.unwrap(e));
      }
    }
    return new Burst(succeeded, failures, bad.received(Opcodes.QUERY).size() - before);
  }

  /** Once the bad node behaves again, every request succeeds, on both nodes. */
  private void assertRecovers() {
    FakeNode bad = cluster.node(1);
    bad.answering(Answering.NORMALLY);
    await()
        .atMost(Duration.ofSeconds(10))
        .until(
            () -> {
              int before = bad.received(Opcodes.QUERY).size();
              for (int i = 0; i < 6; i++) {
                try {
                  session.execute(QUERY).close();
                } catch (RuntimeException stillRecovering) {
                  return false;
                }
              }
              return bad.received(Opcodes.QUERY).size() > before;
            });
  }

  private void assertNothingInFlight() {
    await()
        .until(() -> session.metadata().nodes().stream().allMatch(n -> n.inFlightRequests() == 0));
  }

  private Node node(int index) {
    return session.metadata().nodes().stream()
        .filter(n -> n.address().equals(cluster.node(index).address()))
        .findFirst()
        .orElseThrow();
  }

  @Test
  void should_time_out_requests_to_a_node_that_never_answers() {
    Burst burst = burst(Answering.NEVER);

    assertThat(burst.reachedHostile()).isPositive();
    assertThat(burst.failures()).hasSize(burst.reachedHostile());
    assertThat(burst.failures()).allMatch(DriverTimeoutException.class::isInstance);
    assertThat(burst.succeeded()).isEqualTo(REQUESTS - burst.reachedHostile());
    assertRecovers();
    // The timed-out requests keep their stream ids (orphaned, below the bound): their responses
    // never come, and an id is never reused while a late response could still arrive.
    assertThat(node(1).inFlightRequests()).isEqualTo(burst.failures().size());
    assertThat(node(0).inFlightRequests()).isZero();
  }

  /**
   * A forged frame fails its own request with a typed error and closes its connection: nothing read
   * after it could be trusted. The other requests on that connection are retried (idempotent).
   */
  @Test
  void should_fail_the_request_answered_with_a_forged_frame_and_close_its_connection() {
    Burst burst = burst(Answering.FORGED);

    assertThat(burst.reachedHostile()).isPositive();
    assertThat(burst.failures()).isNotEmpty();
    assertThat(burst.failures())
        .allSatisfy(
            failure ->
                assertThat(failure)
                    .isInstanceOf(FrameDecodingException.class)
                    .hasMessageContaining("partition key count 2147483647"));
    assertThat(burst.succeeded() + burst.failures().size()).isEqualTo(REQUESTS);
    assertRecovers();
    assertNothingInFlight();
  }

  @Test
  void should_retry_on_the_healthy_node_when_a_node_answers_garbage() {
    Burst burst = burst(Answering.GARBAGE);

    assertThat(burst.reachedHostile()).isPositive();
    assertThat(burst.failures()).isEmpty(); // idempotent: retried on node 0 after the close
    assertThat(burst.succeeded()).isEqualTo(REQUESTS);
    assertRecovers();
    assertNothingInFlight();
  }

  @Test
  void should_retry_on_the_healthy_node_when_a_node_resets_mid_frame() {
    Burst burst = burst(Answering.RESET_MID_FRAME);

    assertThat(burst.reachedHostile()).isPositive();
    assertThat(burst.failures()).isEmpty();
    assertThat(burst.succeeded()).isEqualTo(REQUESTS);
    assertRecovers();
    assertNothingInFlight();
  }
}
