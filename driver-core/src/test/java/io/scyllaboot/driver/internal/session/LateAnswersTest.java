package io.scyllaboot.driver.internal.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.CqlSessionBuilder;
import io.scyllaboot.driver.api.cql.PreparedStatement;
import io.scyllaboot.driver.api.policy.SpeculativeExecutionPolicy;
import io.scyllaboot.driver.api.type.PrimitiveType;
import io.scyllaboot.driver.testing.CloseAfterEach;
import io.scyllaboot.driver.testing.fakenode.FakeCluster;
import io.scyllaboot.driver.testing.fakenode.FakeNode.Answering;
import io.scyllaboot.driver.testing.fakenode.FakeResponses.Column;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A node freezes with reads in flight, and resumes: it then answers everything it held, late. Every
 * read that succeeds must still carry its own key's row, whether its request moved off the frozen
 * node, timed out there or was answered late, and whatever new requests took the freed stream ids.
 * (The real-cluster freeze once returned another key's value: this is its fake-node form.) Failures
 * and latency under a freeze are {@code UnresponsiveNodeTest}'s.
 */
class LateAnswersTest {
  private static final int PORT = 19662;
  private static final String SELECT = "SELECT v FROM ks.kv WHERE k = ?";
  private static final int RATE = 600; // reads per second
  private static final Duration LOAD = Duration.ofMillis(3_500);
  private static final Duration FREEZE_AT = Duration.ofMillis(500);
  private static final Duration RESUME_AT = Duration.ofMillis(2_000);

  @RegisterExtension final CloseAfterEach closer = new CloseAfterEach();

  private record Mismatch(int key, int value) {}

  private record Run(int succeeded, List<Throwable> failures, List<Mismatch> mismatches) {}

  private FakeCluster cluster;

  private CqlSession start(CqlSessionBuilder builder) {
    cluster = closer.add(new FakeCluster(3, PORT));
    cluster.replication(
        "ks",
        Map.of("class", "org.apache.cassandra.locator.SimpleStrategy", "replication_factor", "3"));
    cluster.prime(
        SELECT,
        List.of(new Column("k", PrimitiveType.INT)),
        new int[] {0},
        List.of(new Column("v", PrimitiveType.INT)),
        List.of());
    cluster.echo(SELECT);
    CqlSession session =
        closer.add(
            builder
                .addContactPoint(cluster.node(0).address())
                .withIdempotentByDefault(true)
                .withInitQueryTimeout(Duration.ofSeconds(2))
                .withReconnectionDelays(Duration.ofMillis(50), Duration.ofMillis(200))
                .build());
    await().until(() -> session.metadata().nodes().stream().allMatch(n -> n.openConnections() > 0));
    return session;
  }

  /**
   * Paced reads of random keys; node 1 holds its answers between FREEZE_AT and RESUME_AT, then
   * answers the {@code stale} oldest with an error on stream 0 (as Cassandra 5.0.6 does) and the
   * rest normally.
   */
  private Run load(CqlSession session) {
    return load(session, 0);
  }

  private Run load(CqlSession session, int stale) {
    PreparedStatement select = session.prepare(SELECT);
    ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
    ConcurrentLinkedQueue<Mismatch> mismatches = new ConcurrentLinkedQueue<>();
    AtomicInteger succeeded = new AtomicInteger();
    List<CompletableFuture<?>> reads = new ArrayList<>();
    long begin = System.nanoTime();
    long interval = TimeUnit.SECONDS.toNanos(1) / RATE;
    long next = begin;
    boolean frozen = false;
    boolean resumed = false;
    while (next - begin < LOAD.toNanos()) {
      LockSupport.parkNanos(next - System.nanoTime()); // pacing: the load's shape, not a wait
      long elapsed = System.nanoTime() - begin;
      if (!frozen && elapsed >= FREEZE_AT.toNanos()) {
        frozen = true;
        cluster.node(1).answering(Answering.HOLD);
      }
      if (!resumed && elapsed >= RESUME_AT.toNanos()) {
        resumed = true;
        cluster.node(1).resume(Answering.NORMALLY, stale); // every held request is answered now
      }
      int key = ThreadLocalRandom.current().nextInt(1_000_000);
      reads.add(
          session
              .executeAsync(select.bind(key))
              .toCompletableFuture()
              .whenComplete(
                  (rs, error) -> {
                    if (error != null) {
                      failures.add(error);
                      return;
                    }
                    int value = rs.one().getInt(0);
                    if (value != key) {
                      mismatches.add(new Mismatch(key, value));
                    }
                    succeeded.incrementAndGet();
                  }));
      next += interval;
    }
    CompletableFuture.allOf(reads.toArray(new CompletableFuture<?>[0]))
        .handle((ok, error) -> null)
        .orTimeout(30, TimeUnit.SECONDS)
        .join();
    return new Run(succeeded.get(), List.copyOf(failures), List.copyOf(mismatches));
  }

  @Test
  void every_read_gets_its_own_row_when_a_frozen_node_answers_late_with_the_defaults() {
    Run run = load(start(CqlSession.builder()));

    assertThat(run.mismatches()).as("reads answered with another key's row").isEmpty();
    assertThat(run.succeeded()).isPositive();
  }

  @Test
  void an_error_on_stream_zero_for_a_request_that_waited_too_long_is_matched_to_no_request() {
    // Cassandra 5.0.6 answers a request that waited in its queue longer than
    // native_transport_timeout with an error on stream 0, not on the request's stream: a driver
    // that lends stream 0 to requests frees it early, and the late answer of the request that held
    // it goes to the next request on stream 0 (the wrong-value read of the 20 s freeze).
    Run run = load(start(CqlSession.builder()), 5);

    assertThat(run.mismatches()).as("reads answered with another key's row").isEmpty();
    assertThat(run.failures())
        .as("reads failed with the error meant for another request")
        .noneMatch(e -> String.valueOf(e.getMessage()).contains("timed out before it could start"));
    assertThat(run.succeeded()).isPositive();
  }

  @Test
  void every_read_gets_its_own_row_when_requests_time_out_on_the_frozen_node() {
    // Shorter than the freeze and than the unresponsive-node timeout: requests expire there,
    // holding their stream ids until the late answers come.
    Run run =
        load(
            start(
                CqlSession.builder()
                    .withRequestTimeout(Duration.ofMillis(300))
                    .withUnresponsiveNodeTimeout(Duration.ofSeconds(5))));

    assertThat(run.mismatches()).as("reads answered with another key's row").isEmpty();
    assertThat(run.succeeded()).isPositive();
  }

  @Test
  void every_read_gets_its_own_row_when_a_frozen_node_answers_late_with_speculation() {
    Run run =
        load(
            start(
                CqlSession.builder()
                    .withSpeculativeExecution(
                        SpeculativeExecutionPolicy.constantDelay(Duration.ofMillis(20), 2))));

    assertThat(run.mismatches()).as("reads answered with another key's row").isEmpty();
    assertThat(run.succeeded()).isPositive();
  }
}
