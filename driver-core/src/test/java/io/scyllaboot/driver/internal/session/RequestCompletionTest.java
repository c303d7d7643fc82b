package io.scyllaboot.driver.internal.session;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.AsyncResultSet;
import io.scyllaboot.driver.api.cql.SimpleStatement;
import io.scyllaboot.driver.api.type.PrimitiveType;
import io.scyllaboot.driver.testing.fakenode.FakeCluster;
import io.scyllaboot.driver.testing.fakenode.FakeResponses.Column;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Every future an async call returns completes within its timeout, whatever goes wrong inside the
 * driver, and nothing escapes the call synchronously (issue 21, defects 1 and 2).
 */
class RequestCompletionTest {
  private static final int PORT = 19746;
  private static final String INSERT = "INSERT INTO ks.tbl (k, v) VALUES (?, ?)";
  private static final List<Column> KV =
      List.of(new Column("k", PrimitiveType.INT), new Column("v", PrimitiveType.TEXT));

  private FakeCluster cluster;
  private CqlSession session;

  private DefaultCqlSession connect(int nodes) {
    cluster = new FakeCluster(nodes, PORT);
    cluster.prime(INSERT, KV, new int[] {0}, List.of(), List.of());
    session =
        CqlSession.builder()
            .addContactPoint(cluster.node(0).address())
            .withRequestTimeout(Duration.ofSeconds(2))
            .build();
    return (DefaultCqlSession) session;
  }

  @AfterEach
  void tearDown() {
    if (session != null) {
      session.close();
    }
    if (cluster != null) {
      cluster.close();
    }
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
}
