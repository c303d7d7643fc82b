package io.scyllaboot.driver.internal.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.ProtocolVersion;
import io.scyllaboot.driver.api.cql.AsyncResultSet;
import io.scyllaboot.driver.api.metadata.Node;
import io.scyllaboot.driver.api.metadata.NodeState;
import io.scyllaboot.driver.internal.metadata.DefaultNode;
import io.scyllaboot.driver.internal.protocol.Opcodes;
import io.scyllaboot.driver.testing.fakenode.FakeCluster;
import io.scyllaboot.driver.testing.fakenode.FakeCluster.Behaviour;
import io.scyllaboot.driver.testing.fakenode.FakeNode;
import io.scyllaboot.driver.testing.fakenode.FakeRequest;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * With several connections to a node, a request sent from a response callback (on the event loop of
 * the connection that answered) stays on that connection while its load is close to the least busy
 * one: no hand-over to another event loop.
 */
class ConnectionAffinityTest {
  private static final int PORT = 19642;
  private static final String SILENT = "SELECT v FROM ks.silent";
  private static final String ANSWERED = "SELECT v FROM ks.answered";

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

  @Test
  void should_keep_a_request_sent_from_a_callback_on_the_callbacks_connection() throws Exception {
    cluster = new FakeCluster(1, PORT);
    cluster.behave(SILENT, Behaviour.silence());
    // Answered a little later: the callbacks below are attached before their answers arrive, so
    // they run on the connection's event loop (attached after, they run on this thread, where no
    // connection is the callback's and the assertion would test nothing but a race).
    cluster.behave(ANSWERED, Behaviour.delay(100));
    session =
        CqlSession.builder()
            .addContactPoint(cluster.node(0).address())
            .withConnectionsPerNode(2)
            // More loops than connections: the two pool connections get loops of their own,
            // whatever loop the control connection took.
            .withIoThreads(4)
            .withProtocolVersion(ProtocolVersion.V4)
            .withRequestTimeout(Duration.ofSeconds(3))
            .build();
    FakeNode fake = cluster.node(0);
    Node node = session.metadata().nodes().iterator().next();
    await().until(() -> node.state() == NodeState.UP && fake.openConnections() >= 3);

    // One unanswered request on the first connection: the second is now the least busy.
    session.executeAsync(SILENT);
    await().until(() -> inFlight(node) == 1);

    // On the second connection: an unanswered request, then one whose callback sends a third. When
    // that callback runs, both connections hold one request: the tie would go to the first.
    CompletableFuture<AsyncResultSet> third = new CompletableFuture<>();
    session
        .executeAsync(ANSWERED)
        .thenAccept(
            first -> {
              session.executeAsync(SILENT);
              CompletionStage<AsyncResultSet> second = session.executeAsync(ANSWERED);
              second.whenComplete(
                  (page, error) ->
                      session
                          .executeAsync(ANSWERED)
                          .whenComplete(
                              (last, lastError) -> {
                                if (lastError != null) {
                                  third.completeExceptionally(lastError);
                                } else {
                                  third.complete(last);
                                }
                              }));
            });
    third.get(10, TimeUnit.SECONDS);

    var answered =
        fake.received(Opcodes.QUERY).stream().filter(r -> ANSWERED.equals(r.query())).toList();
    assertThat(answered).hasSize(3);
    assertThat(answered)
        .extracting(FakeRequest::connection)
        .containsOnly(answered.get(0).connection());
    var silent =
        fake.received(Opcodes.QUERY).stream().filter(r -> SILENT.equals(r.query())).toList();
    assertThat(silent).extracting(FakeRequest::connection).doesNotHaveDuplicates();
  }

  private static int inFlight(Node node) {
    return ((DefaultNode) node).inFlightRequests();
  }
}
