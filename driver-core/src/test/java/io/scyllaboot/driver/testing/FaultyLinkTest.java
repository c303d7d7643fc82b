package io.scyllaboot.driver.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.AsyncResultSet;
import io.scyllaboot.driver.api.cql.PreparedStatement;
import io.scyllaboot.driver.api.cql.ResultSet;
import io.scyllaboot.driver.api.type.PrimitiveType;
import io.scyllaboot.driver.internal.protocol.Opcodes;
import io.scyllaboot.driver.testing.fakenode.FakeCluster;
import io.scyllaboot.driver.testing.fakenode.FakeNode;
import io.scyllaboot.driver.testing.fakenode.FakeResponses.Column;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@link FaultyLink} between our driver and a fake node: it forwards both ways, delays by its
 * latency, holds a lost chunk and what follows it for a retransmission timeout, holds the node's
 * answers during a partition while the node still gets the requests, and releases what it holds
 * when a side closes (the leak detector runs at paranoid).
 */
class FaultyLinkTest {
  private static final int PORT = 19932;
  private static final String INSERT = "INSERT INTO ks.tbl (k, v) VALUES (?, ?)";
  private static final String SELECT = "SELECT v FROM ks.tbl WHERE k = ?";
  private static final long MS = 1_000_000;

  @RegisterExtension final CloseAfterEach closer = new CloseAfterEach();

  private FakeNode node;
  private FaultyLink link;
  private CqlSession session;
  private PreparedStatement insert;
  private PreparedStatement select;

  @BeforeEach
  void start() {
    FakeCluster cluster = closer.add(new FakeCluster(1, PORT));
    List<Column> kv =
        List.of(new Column("k", PrimitiveType.INT), new Column("v", PrimitiveType.TEXT));
    cluster.prime(INSERT, kv, new int[] {0}, List.of(), List.of());
    cluster.prime(
        SELECT,
        List.of(new Column("k", PrimitiveType.INT)),
        new int[] {0},
        List.of(new Column("v", PrimitiveType.TEXT)),
        List.of(List.of("value")));
    node = cluster.node(0);
    link = closer.add(new FaultyLink(node.address(), 7));
    // The contact point is the link: the node is reached only through it.
    session =
        closer.add(
            CqlSession.builder()
                .addContactPoint(link.address())
                .withRequestTimeout(Duration.ofSeconds(5))
                .withReconnectionDelays(Duration.ofMillis(50), Duration.ofMillis(200))
                .build());
    insert = session.prepare(INSERT);
    select = session.prepare(SELECT);
  }

  @Test
  void a_healthy_link_forwards_both_ways() {
    assertThat(read()).isEqualTo("value");
    assertThat(link.accepted()).isPositive();
    assertThat(link.bytesToNode()).isPositive();
    assertThat(link.bytesFromNode()).isPositive();
    assertThat(link.lostChunks()).isZero();
    assertThat(link.heldChunks()).isZero();
  }

  @Test
  void latency_delays_each_direction_and_keeps_the_order_of_the_bytes() {
    link.latency(Duration.ofMillis(100));
    long start = System.nanoTime();
    assertThat(read()).isEqualTo("value");
    assertThat(System.nanoTime() - start).as("a round trip").isGreaterThanOrEqualTo(200 * MS);
    // Many frames in flight on one connection: any reordering of the bytes would break framing.
    assertThat(concurrentReads(200)).isEqualTo(200);
  }

  @Test
  void a_lost_chunk_waits_a_retransmission_timeout_and_so_does_what_follows() {
    link.loss(1.0);
    long start = System.nanoTime();
    assertThat(read()).isEqualTo("value");
    // The request and its answer are both lost once: two retransmission timeouts at least.
    assertThat(System.nanoTime() - start).isGreaterThanOrEqualTo(2 * FaultyLink.RTO_MIN_NANOS);
    link.loss(0.3);
    assertThat(concurrentReads(200)).isEqualTo(200);
    assertThat(link.lostChunks()).isGreaterThan(2);
  }

  @Test
  void a_partition_holds_the_answers_while_the_node_applies_the_requests() {
    int executed = node.received(Opcodes.EXECUTE).size();
    link.partition();
    CompletableFuture<AsyncResultSet> write =
        session.executeAsync(insert.bind(1, "one")).toCompletableFuture();
    await("the node gets the write")
        .atMost(Duration.ofSeconds(5))
        .until(() -> node.received(Opcodes.EXECUTE).size() > executed);
    await("the answer stays held")
        .during(Duration.ofMillis(300))
        .atMost(Duration.ofSeconds(2))
        .until(() -> !write.isDone());
    assertThat(link.heldChunks()).isPositive();
    long healed = System.nanoTime();
    link.heal();
    AsyncResultSet result = write.orTimeout(5, TimeUnit.SECONDS).join();
    result.close();
    assertThat(System.nanoTime()).isGreaterThan(healed);
    assertThat(read()).as("a request after the heal").isEqualTo("value");
  }

  @Test
  void answers_held_when_the_client_closes_are_released() {
    link.partition();
    List<CompletableFuture<AsyncResultSet>> reads = new ArrayList<>();
    for (int k = 0; k < 20; k++) {
      reads.add(session.executeAsync(select.bind(k)).toCompletableFuture());
    }
    await("the answers are held")
        .atMost(Duration.ofSeconds(5))
        .until(() -> link.heldChunks() > 0 && node.received(Opcodes.EXECUTE).size() >= 20);
    session.close();
    await("the held reads end with the session")
        .atMost(Duration.ofSeconds(5))
        .until(() -> reads.stream().allMatch(CompletableFuture::isDone));
    link.close(); // closes what is left; the leak check after the class finds nothing held
  }

  @Test
  void a_held_segment_gets_through_at_the_first_retransmission_after_the_heal() {
    assertThat(FaultyLink.retransmissionAfter(0)).isEqualTo(200 * MS);
    assertThat(FaultyLink.retransmissionAfter(150 * MS)).isEqualTo(200 * MS);
    assertThat(FaultyLink.retransmissionAfter(200 * MS)).isEqualTo(200 * MS);
    assertThat(FaultyLink.retransmissionAfter(201 * MS)).isEqualTo(600 * MS);
    assertThat(FaultyLink.retransmissionAfter(1_000 * MS)).isEqualTo(1_400 * MS);
    assertThat(FaultyLink.retransmissionAfter(2_000 * MS)).isEqualTo(3_000 * MS);
    assertThat(FaultyLink.retransmissionAfter(TimeUnit.MINUTES.toNanos(10)))
        .as("the timeout stops doubling at 120 s")
        .isLessThanOrEqualTo(TimeUnit.MINUTES.toNanos(10) + FaultyLink.RTO_MAX_NANOS);
  }

  private String read() {
    try (ResultSet rs = session.execute(select.bind(1))) {
      return rs.one().getString(0);
    }
  }

  /** Runs {@code count} reads at once; returns how many answered the primed row. */
  private long concurrentReads(int count) {
    List<CompletableFuture<String>> reads = new ArrayList<>();
    for (int k = 0; k < count; k++) {
      reads.add(
          session
              .executeAsync(select.bind(k))
              .thenApply(
                  rs -> {
                    try (rs) {
                      return rs.one().getString(0);
                    }
                  })
              .toCompletableFuture());
    }
    return reads.stream().map(CompletableFuture::join).filter("value"::equals).count();
  }
}
