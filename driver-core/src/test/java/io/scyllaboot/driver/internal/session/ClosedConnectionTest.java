package io.scyllaboot.driver.internal.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.AsyncResultSet;
import io.scyllaboot.driver.api.cql.PreparedStatement;
import io.scyllaboot.driver.api.error.ConnectionException;
import io.scyllaboot.driver.api.type.PrimitiveType;
import io.scyllaboot.driver.internal.connection.DriverChannel;
import io.scyllaboot.driver.internal.metadata.DefaultNode;
import io.scyllaboot.driver.testing.CloseAfterEach;
import io.scyllaboot.driver.testing.fakenode.FakeCluster;
import io.scyllaboot.driver.testing.fakenode.FakeNode.Answering;
import io.scyllaboot.driver.testing.fakenode.FakeResponses.Column;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A connection that closes fails only the requests it had sent; those it never sent go to another
 * open connection of the same node before any other node (issue 32, defect 7).
 */
class ClosedConnectionTest {
  private static final int PORT = 19791;
  private static final String INSERT = "INSERT INTO ks.kv (k, v) VALUES (?, ?)";
  private static final int STREAM_IDS = 4;

  @RegisterExtension final CloseAfterEach closer = new CloseAfterEach();

  @Test
  void requests_waiting_for_a_stream_id_on_a_closed_connection_move_to_the_nodes_other_one() {
    FakeCluster cluster = closer.add(new FakeCluster(1, PORT));
    cluster.prime(
        INSERT,
        List.of(new Column("k", PrimitiveType.INT), new Column("v", PrimitiveType.TEXT)),
        new int[] {0},
        List.of(),
        List.of());
    DefaultCqlSession session =
        (DefaultCqlSession)
            closer.add(
                CqlSession.builder()
                    .addContactPoint(cluster.node(0).address())
                    .withConnectionsPerNode(2)
                    .withMaxRequestsPerConnection(STREAM_IDS)
                    .withRequestTimeout(Duration.ofSeconds(5))
                    .build());
    PreparedStatement insert = session.prepare(INSERT);
    DefaultNode node = (DefaultNode) session.metadata().nodes().iterator().next();
    await().until(() -> session.pool(node).openConnections() == 2);

    cluster.node(0).answering(Answering.HOLD);
    List<CompletableFuture<AsyncResultSet>> writes = new ArrayList<>();
    for (int i = 0; i < 40; i++) { // non-idempotent: 8 sent, 32 waiting for a stream id
      writes.add(session.executeAsync(insert.bind(i, "v")).toCompletableFuture());
    }
    DriverChannel closing = session.pool(node).next();
    closing.close().join();
    cluster.node(0).answering(Answering.NORMALLY);

    List<Throwable> failed = new ArrayList<>();
    for (CompletableFuture<AsyncResultSet> write : writes) {
      await().atMost(Duration.ofSeconds(10)).until(write::isDone);
      write.whenComplete((ok, error) -> failed.add(error)).exceptionally(error -> null);
    }
    failed.removeIf(error -> error == null);
    // Only what the closed connection had sent may fail: its node may have applied it.
    assertThat(failed)
        .hasSizeLessThanOrEqualTo(STREAM_IDS)
        .allSatisfy(
            error ->
                assertThat(error)
                    .isExactlyInstanceOf(ConnectionException.class)
                    .hasMessageEndingWith(" closed"));
  }
}
