package io.scyllaboot.driver.internal.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.error.DriverTimeoutException;
import io.scyllaboot.driver.api.metadata.NodeState;
import io.scyllaboot.driver.internal.metadata.DefaultNode;
import io.scyllaboot.driver.internal.util.DriverThreads;
import io.scyllaboot.driver.testing.fakenode.FakeCluster;
import io.scyllaboot.driver.testing.fakenode.FakeNode.Answering;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Closing a session ends, whatever state it is in and whichever thread finishes the close, and
 * stops every thread the session started.
 */
class SessionCloseTest {
  private static final int PORT = 19149;
  private static final Duration BOUND = Duration.ofSeconds(15);

  private FakeCluster cluster;
  private CqlSession session;

  @AfterEach
  void tearDown() {
    if (session != null) {
      assertTimeoutPreemptively(BOUND, session::close);
    }
    if (cluster != null) {
      cluster.close();
    }
  }

  /** The threads of the session named {@code name} still alive. */
  private static List<String> threadsOf(String name) {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(Thread::isAlive)
        .map(Thread::getName)
        .filter(thread -> thread.startsWith(name + "-"))
        .toList();
  }

  private static void assertThreadsStop(String name) {
    await().atMost(BOUND).untilAsserted(() -> assertThat(threadsOf(name)).isEmpty());
  }

  /**
   * The start-up bound fires on the timer thread and closes the session there. With nothing to
   * drain and nothing opened yet, the whole close ran on that thread, which cannot stop its own
   * timer: the timer and event loop threads were never stopped (and a close() waited forever).
   */
  @Test
  void should_stop_its_threads_when_the_start_up_bound_closes_it_on_the_timer_thread() {
    cluster = new FakeCluster(1, PORT);
    cluster.node(0).answering(Answering.NEVER); // accepts, never answers the handshake
    String name = "close-bound";

    assertThatThrownBy(
            () ->
                CqlSession.builder()
                    .withSessionName(name)
                    .addContactPoint(cluster.node(0).address())
                    .withConnectTimeout(Duration.ofMillis(200))
                    .withInitQueryTimeout(Duration.ofSeconds(30))
                    .build())
        .isInstanceOf(DriverTimeoutException.class)
        .hasMessageContaining("did not start");

    assertThreadsStop(name);
  }

  /**
   * The drain of the requests in flight runs on the timer, which swallows a task's exception: a
   * failure there left the drain, and so close(), waiting forever.
   */
  @Test
  void should_close_when_counting_the_requests_in_flight_fails() {
    cluster = new FakeCluster(1, PORT);
    String name = "close-counter";
    session =
        CqlSession.builder()
            .withSessionName(name)
            .addContactPoint(cluster.node(0).address())
            .withRequestTimeout(Duration.ofSeconds(5))
            .build();
    await()
        .until(() -> session.metadata().nodes().stream().allMatch(n -> n.state() == NodeState.UP));
    DefaultNode node = (DefaultNode) session.metadata().nodes().iterator().next();
    // One request in flight for the caller, so that the drain goes on on the timer thread, where
    // counting fails.
    node.counters(
        () -> 1,
        () -> {
          if (DriverThreads.isDriverThread()) {
            throw new IllegalStateException("counting failed");
          }
          return 1;
        });

    CqlSession closing = session;
    session = null;
    assertTimeoutPreemptively(BOUND, closing::close);

    assertThreadsStop(name);
  }

  /**
   * A connection that never finishes closing (here: counted in flight until the drain deadline,
   * then the close is bounded) must not hold close() past the drain deadline and a grace.
   */
  @Test
  void should_close_a_session_whose_node_turned_silent() {
    cluster = new FakeCluster(2, PORT);
    String name = "close-silent";
    session =
        CqlSession.builder()
            .withSessionName(name)
            .addContactPoint(cluster.node(0).address())
            .withRequestTimeout(Duration.ofMillis(300))
            .withInitQueryTimeout(Duration.ofSeconds(30))
            .withReconnectionDelays(Duration.ofMillis(20), Duration.ofMillis(50))
            .build();
    await()
        .until(() -> session.metadata().nodes().stream().allMatch(n -> n.state() == NodeState.UP));
    cluster.node(1).answering(Answering.NEVER);
    // Orphans (timed out, no answer) stay in flight: the drain ends at its deadline, on the timer.
    for (int i = 0; i < 6; i++) {
      session.executeAsync("SELECT v FROM ks.silent");
    }
    // And reconnections to the silent node hang in their handshake while the session closes.
    cluster.node(1).restart();

    CqlSession closing = session;
    session = null;
    assertTimeoutPreemptively(BOUND, closing::close);

    assertThreadsStop(name);
    await().atMost(BOUND).until(() -> cluster.node(1).openConnections() == 0);
  }

  /**
   * A request that timed out keeps its stream id until its late response (an orphan), and closing
   * counted it as in flight: close() then waited the whole request timeout for a response that no
   * caller waits for (issue 21, defect 6).
   */
  @Test
  void should_not_wait_for_orphaned_stream_ids_when_closing() {
    cluster = new FakeCluster(1, PORT);
    cluster.behave("SELECT v FROM ks.silent", FakeCluster.Behaviour.silence());
    session =
        CqlSession.builder()
            .withSessionName("close-orphans")
            .addContactPoint(cluster.node(0).address())
            .withRequestTimeout(Duration.ofSeconds(10))
            .build();
    var timedOut =
        session
            .executeAsync(
                io.scyllaboot.driver.api.cql.SimpleStatement.of("SELECT v FROM ks.silent")
                    .withTimeout(Duration.ofMillis(100)))
            .toCompletableFuture();
    assertThat(timedOut)
        .failsWithin(Duration.ofSeconds(5))
        .withThrowableThat()
        .withCauseInstanceOf(DriverTimeoutException.class);
    DefaultNode node = (DefaultNode) session.metadata().nodes().iterator().next();
    assertThat(node.inFlightRequests()).as("the orphan holds its id").isEqualTo(1);

    CqlSession closing = session;
    session = null;
    long start = System.nanoTime();
    closing.close();
    // Far below the 10 s request timeout the close used to wait for.
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
  }
}
