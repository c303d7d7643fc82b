package io.scyllaboot.driver.internal.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.AsyncResultSet;
import io.scyllaboot.driver.api.metadata.Node;
import io.scyllaboot.driver.api.metadata.NodeStateListener;
import io.scyllaboot.driver.internal.protocol.Primitives;
import io.scyllaboot.driver.testing.fakenode.FakeCluster;
import io.scyllaboot.driver.testing.fakenode.FakeCluster.Behaviour;
import io.scyllaboot.driver.testing.fakenode.FakeClusterFixture;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Issue 32, defect 5: a node whose translated address changes (a host name that re-resolves to
 * another IP) stays the same node, known by its host id, and its old pool drains: a write in flight
 * there completes instead of failing with the connection.
 */
class NodeAddressChangeTest {
  private static final int PORT = 19954;

  @RegisterExtension final FakeClusterFixture fixture = new FakeClusterFixture();

  @Test
  void should_keep_the_node_and_let_its_requests_in_flight_complete_when_its_address_changes() {
    FakeCluster cluster = fixture.start(new FakeCluster(2, PORT));
    InetSocketAddress first = cluster.node(1).address();
    InetSocketAddress moved = new InetSocketAddress("127.0.0.9", PORT); // nothing listens there
    // Node 1's host name resolves to another IP from now on (nothing else changes).
    java.util.concurrent.atomic.AtomicBoolean resolvesElsewhere =
        new java.util.concurrent.atomic.AtomicBoolean();
    List<String> events = new CopyOnWriteArrayList<>();
    CqlSession session =
        fixture.connect(
            CqlSession.builder()
                .withAddressTranslator(
                    address -> address.equals(first) && resolvesElsewhere.get() ? moved : address)
                .addNodeStateListener(
                    new NodeStateListener() {
                      @Override
                      public void onAdded(Node node) {
                        events.add("added " + node.address());
                      }

                      @Override
                      public void onRemoved(Node node) {
                        events.add("removed " + node.address());
                      }
                    }));
    Node node1 =
        session.metadata().nodes().stream()
            .filter(node -> node.address().equals(first))
            .findFirst()
            .orElseThrow();
    events.clear();
    cluster.behave(FakeClusterFixture.INSERT, Behaviour.delay(1200).onNode(1));
    var insert = session.prepare(FakeClusterFixture.INSERT);
    CompletableFuture<AsyncResultSet> inFlight =
        session.executeAsync(insert.bind(1, "one").withNode(node1)).toCompletableFuture();
    await()
        .atMost(Duration.ofSeconds(5))
        .until(() -> cluster.node(1).received().stream().anyMatch(r -> r.preparedId() != null));

    resolvesElsewhere.set(true);
    cluster
        .node(0)
        .pushEvent(
            out -> {
              Primitives.writeString(out, "TOPOLOGY_CHANGE");
              Primitives.writeString(out, "NEW_NODE");
              Primitives.writeInet(out, first);
            });
    await().atMost(Duration.ofSeconds(5)).until(() -> node1.address().equals(moved));

    await().atMost(Duration.ofSeconds(5)).until(inFlight::isDone);
    assertThat(inFlight).as("the write in flight on the old address").isCompleted();
    assertThat(session.metadata().nodes()).hasSize(2).contains(node1);
    assertThat(events).as("the same node, moved: not removed and added").isEmpty();
  }
}
