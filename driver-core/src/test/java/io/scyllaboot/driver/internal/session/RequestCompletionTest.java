package io.scyllaboot.driver.internal.session;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.AsyncResultSet;
import io.scyllaboot.driver.api.cql.SimpleStatement;
import io.scyllaboot.driver.api.type.PrimitiveType;
import io.scyllaboot.driver.testing.CloseAfterEach;
import io.scyllaboot.driver.testing.fakenode.FakeCluster;
import io.scyllaboot.driver.testing.fakenode.FakeResponses.Column;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Every future an async call returns completes within its timeout, whatever goes wrong inside the
 * driver, and nothing escapes the call synchronously (issue 21, defects 1 and 2).
 */
class RequestCompletionTest {
  private static final int PORT = 19746;
  private static final String INSERT = "INSERT INTO ks.tbl (k, v) VALUES (?, ?)";
  private static final List<Column> KV =
      List.of(new Column("k", PrimitiveType.INT), new Column("v", PrimitiveType.TEXT));

  @RegisterExtension final CloseAfterEach closer = new CloseAfterEach();
  private FakeCluster cluster;
  private CqlSession session;

  private DefaultCqlSession connect(int nodes) {
    cluster = closer.add(new FakeCluster(nodes, PORT));
    cluster.prime(INSERT, KV, new int[] {0}, List.of(), List.of());
    session =
        closer.add(
            CqlSession.builder()
                .addContactPoint(cluster.node(0).address())
                .withRequestTimeout(Duration.ofSeconds(2))
                .build());
    return (DefaultCqlSession) session;
  }

  @Test
  void should_complete_every_request_and_prepare_across_the_wrap_of_the_plan_rotation() {
    DefaultCqlSession session = connect(3); // not a power of two
    session.loadBalancing().roundRobin(Integer.MAX_VALUE - 2);
    List<CompletableFuture<AsyncResultSet>> calls = new ArrayList<>();
    for (int i = 0; i < 6; i++) { // the first PREPARE's plan and the requests cross the wrap
      calls.add(session.executeAsync(INSERT, i, "v").toCompletableFuture());
      calls.add(session.executeAsync(SimpleStatement.of("SELECT " + i)).toCompletableFuture());
    }
    for (CompletableFuture<AsyncResultSet> call : calls) {
      assertThat(call).succeedsWithin(Duration.ofSeconds(5));
    }
  }

  @Test
  void should_not_leave_a_prepare_pending_when_the_prepare_step_throws_synchronously()
      throws Exception {
    int[] calls = {0};
    PreparedStatementCache cache =
        new PreparedStatementCache(
            10,
            io.scyllaboot.driver.internal.metrics.NoopSessionMetrics.INSTANCE,
            query -> {
              if (calls[0]++ == 0) {
                throw new ArrayIndexOutOfBoundsException("Index -2 out of bounds for length 3");
              }
              return CompletableFuture.failedFuture(new IllegalStateException("second try ran"));
            });
    CompletableFuture<?> first = cache.prepareMissing(INSERT);
    assertThat(first)
        .failsWithin(Duration.ofSeconds(1))
        .withThrowableThat()
        .havingRootCause()
        .isInstanceOf(ArrayIndexOutOfBoundsException.class);
    CompletableFuture<?> second = cache.prepareMissing(INSERT);
    assertThat(second).isNotSameAs(first);
    assertThat(second.handle((ok, error) -> error).get(1, TimeUnit.SECONDS))
        .hasMessage("second try ran");
  }

  @Test
  void should_learn_a_tablet_from_a_statement_without_partition_key_markers() {
    // Variables but no partition key marker: the statement has no routing keyspace of its own.
    String byValue = "SELECT k FROM ks.tbl WHERE v = ? ALLOW FILTERING";
    DefaultCqlSession session = connect(1);
    cluster.prime(
        byValue,
        List.of(new Column("v", PrimitiveType.TEXT)),
        new int[0],
        List.of(new Column("k", PrimitiveType.INT)),
        List.of(List.of(1)));
    cluster.behave(
        byValue,
        FakeCluster.Behaviour.withPayload(
            java.util.Map.of(
                io.scyllaboot.driver.internal.routing.Tablet.PAYLOAD_KEY,
                tabletPayload(-100, 100, new java.util.UUID(0xFA4E, 0), 0))));
    assertThat(session.executeAsync(byValue, "x").toCompletableFuture())
        .succeedsWithin(Duration.ofSeconds(5))
        .satisfies(page -> page.close());
    assertThat(session.loadBalancing().tablets().tablets("ks", "tbl"))
        .singleElement()
        .satisfies(tablet -> assertThat(tablet.lastToken()).isEqualTo(100));
  }

  /** The tablets-routing-v1 payload of one tablet with one replica. */
  private static byte[] tabletPayload(long first, long last, java.util.UUID host, int shard) {
    java.nio.ByteBuffer out = java.nio.ByteBuffer.allocate(12 + 12 + 8 + 32);
    out.putInt(8).putLong(first).putInt(8).putLong(last);
    out.putInt(4 + 32).putInt(1); // the replica list's length, its count
    out.putInt(28).putInt(16).putLong(host.getMostSignificantBits());
    out.putLong(host.getLeastSignificantBits()).putInt(4).putInt(shard);
    return out.array();
  }
}
