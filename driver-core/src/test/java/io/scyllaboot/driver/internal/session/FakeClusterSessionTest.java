package io.scyllaboot.driver.internal.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.AsyncResultSet;
import io.scyllaboot.driver.api.cql.PreparedStatement;
import io.scyllaboot.driver.api.cql.ResultSet;
import io.scyllaboot.driver.api.error.AllNodesFailedException;
import io.scyllaboot.driver.api.error.BusyConnectionException;
import io.scyllaboot.driver.api.error.ConnectionException;
import io.scyllaboot.driver.api.error.DriverTimeoutException;
import io.scyllaboot.driver.api.error.OverloadedException;
import io.scyllaboot.driver.api.error.ReadTimeoutException;
import io.scyllaboot.driver.api.error.RequestThrottledException;
import io.scyllaboot.driver.api.error.SyntaxErrorException;
import io.scyllaboot.driver.api.error.UnavailableException;
import io.scyllaboot.driver.api.metadata.Node;
import io.scyllaboot.driver.api.metadata.NodeState;
import io.scyllaboot.driver.internal.protocol.Opcodes;
import io.scyllaboot.driver.internal.protocol.Primitives;
import io.scyllaboot.driver.internal.routing.Murmur3;
import io.scyllaboot.driver.testing.fakenode.FakeCluster;
import io.scyllaboot.driver.testing.fakenode.FakeCluster.Behaviour;
import io.scyllaboot.driver.testing.fakenode.FakeClusterFixture;
import io.scyllaboot.driver.testing.fakenode.FakeNode;
import io.scyllaboot.driver.testing.fakenode.FakeRequest;
import io.scyllaboot.driver.testing.fakenode.FakeResponses;
import io.scyllaboot.driver.testing.fakenode.FakeResponses.Column;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The session against a fake cluster of three nodes (our codec in server mode), for what one real
 * node cannot show: routing, nodes going down and up, UNPREPARED after a restart, retries, slow and
 * lost responses, stream-id exhaustion, pinned connections.
 */
class FakeClusterSessionTest {
  private static final int PORT = 19042;
  private static final String INSERT = FakeClusterFixture.INSERT;
  private static final String SELECT = FakeClusterFixture.SELECT;
  private static final List<Column> KV = FakeClusterFixture.KV;

  @RegisterExtension final FakeClusterFixture fixture = new FakeClusterFixture();
  private FakeCluster cluster;
  private CqlSession session;

  private void start(int nodes) {
    start(new FakeCluster(nodes, PORT));
  }

  private void start(FakeCluster fake) {
    cluster = fixture.start(fake);
  }

  private CqlSession connect() {
    return connect(CqlSession.builder());
  }

  private CqlSession connect(io.scyllaboot.driver.api.CqlSessionBuilder builder) {
    session = fixture.connect(builder);
    return session;
  }

  private static int executes(FakeNode node) {
    return node.received(Opcodes.EXECUTE).size();
  }

  /** The node whose range holds the token: the first node token at or after it, else the first. */
  private FakeNode owner(long token) {
    FakeNode best = null;
    FakeNode lowest = null;
    for (FakeNode node : cluster.nodes()) {
      long nodeToken = Long.parseLong(node.tokens().iterator().next());
      if (lowest == null || nodeToken < Long.parseLong(lowest.tokens().iterator().next())) {
        lowest = node;
      }
      if (nodeToken >= token
          && (best == null || nodeToken < Long.parseLong(best.tokens().iterator().next()))) {
        best = node;
      }
    }
    return best != null ? best : lowest;
  }

  private static long tokenOfInt(int key) {
    ByteBuf bytes = Unpooled.buffer(4).writeInt(key);
    return Murmur3.token(bytes, 0, 4);
  }

  @Test
  void should_discover_every_node_and_open_a_pool_to_each() {
    start(3);
    connect();
    assertThat(session.metadata().nodes())
        .hasSize(3)
        .allMatch(node -> node.state() == NodeState.UP);
    assertThat(session.metadata().clusterName()).isEqualTo("fake");
    for (FakeNode node : cluster.nodes()) {
      assertThat(node.openConnections()).as("%s", node).isPositive();
    }
  }

  @Test
  void should_send_each_bound_statement_to_the_replica_that_owns_its_token() {
    start(3);
    connect();
    PreparedStatement insert = session.prepare(INSERT);
    cluster.nodes().forEach(FakeNode::clearReceived);
    for (int key = 0; key < 60; key++) {
      FakeNode expected = owner(tokenOfInt(key));
      int before = executes(expected);
      session.execute(insert.bind(key, "v" + key)).close();
      assertThat(executes(expected)).as("key %s goes to %s", key, expected).isEqualTo(before + 1);
    }
    // Every node owned some of the 60 keys.
    assertThat(cluster.nodes()).allMatch(node -> executes(node) > 0);
  }

  @Test
  void should_prepare_once_per_node_even_when_many_first_uses_race() {
    start(3);
    connect();
    List<CompletableFuture<AsyncResultSet>> calls = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      calls.add(session.executeAsync(INSERT, i, "x").toCompletableFuture());
    }
    calls.forEach(call -> call.join().close());
    await()
        .untilAsserted(
            () -> {
              for (FakeNode node : cluster.nodes()) {
                List<FakeRequest> prepares =
                    node.received(Opcodes.PREPARE).stream()
                        .filter(r -> r.query().equals(INSERT))
                        .toList();
                assertThat(prepares).as("PREPAREs on %s", node).hasSize(1);
              }
            });
    assertThat(session.prepare(INSERT)).isSameAs(session.prepare(INSERT));
  }

  @Test
  void should_reprepare_transparently_after_a_node_restart() {
    start(1);
    connect();
    PreparedStatement insert = session.prepare(INSERT);
    session.execute(insert.bind(1, "a")).close();
    FakeNode node = cluster.node(0);
    node.restart(); // forgets every prepared id
    await()
        .until(
            () ->
                session.metadata().nodes().iterator().next().state() == NodeState.UP
                    && node.openConnections() >= 2);
    node.clearReceived();
    session.execute(insert.bind(2, "b")).close();
    assertThat(node.received())
        .extracting(FakeRequest::opcodeName)
        .containsSubsequence("EXECUTE", "PREPARE", "EXECUTE");
  }

  @Test
  void should_mark_a_node_down_when_its_connections_close_and_up_when_it_returns() {
    start(3);
    connect();
    FakeNode third = cluster.node(2);
    Node driverView =
        session.metadata().nodes().stream()
            .filter(n -> n.address().equals(third.address()))
            .findFirst()
            .orElseThrow();
    third.stop();
    await().until(() -> driverView.state() == NodeState.DOWN);
    // Requests keep working on the other nodes.
    for (int i = 0; i < 10; i++) {
      session.execute(INSERT, i, "x").close();
    }
    third.start();
    await().atMost(Duration.ofSeconds(10)).until(() -> driverView.state() == NodeState.UP);
  }

  @Test
  void should_time_out_and_keep_the_stream_id_until_the_late_response_arrives() {
    start(1);
    connect();
    session.prepare(SELECT);
    cluster.behave(SELECT, Behaviour.delay(600));
    Node node = session.metadata().nodes().iterator().next();
    assertThatThrownBy(
            () ->
                session.execute(
                    session.prepare(SELECT).bind(1).withTimeout(Duration.ofMillis(100))))
        .isInstanceOf(DriverTimeoutException.class);
    assertThat(node.inFlightRequests()).isEqualTo(1);
    await().until(() -> node.inFlightRequests() == 0);
    cluster.clearBehaviour(SELECT);
    try (ResultSet rs = session.execute(SELECT, 1)) {
      assertThat(rs.one().getString(0)).isEqualTo("value");
    }
  }

  @Test
  void should_retry_an_idempotent_statement_on_the_next_node_after_overloaded() {
    start(3);
    connect();
    PreparedStatement insert = session.prepare(INSERT);
    int key = 7;
    FakeNode owner = owner(tokenOfInt(key));
    cluster.behave(
        INSERT,
        Behaviour.error(FakeResponses.error(0x1001, "overloaded"))
            .onNode(cluster.nodes().indexOf(owner)));
    assertThatThrownBy(() -> session.execute(insert.bind(key, "x")))
        .as("not idempotent: no retry")
        .isInstanceOf(OverloadedException.class);
    session.execute(insert.bind(key, "x").withIdempotent(true)).close();
    int total = cluster.nodes().stream().mapToInt(FakeClusterSessionTest::executes).sum();
    assertThat(total).isEqualTo(3); // 1 failed, then 1 failed + 1 retried elsewhere
  }

  @Test
  void should_retry_unavailable_once_on_the_next_node_and_read_timeouts_once_on_the_same() {
    start(3);
    connect();
    PreparedStatement select = session.prepare(SELECT);
    cluster.behave(
        SELECT,
        Behaviour.error(
            out -> {
              out.writeInt(0x1000);
              Primitives.writeString(out, "not enough replicas");
              out.writeShort(4).writeInt(2).writeInt(1);
            }));
    cluster.nodes().forEach(FakeNode::clearReceived);
    assertThatThrownBy(() -> session.execute(select.bind(1)))
        .isInstanceOfSatisfying(
            UnavailableException.class, e -> assertThat(e.required()).isEqualTo(2));
    assertThat(cluster.nodes().stream().filter(n -> executes(n) == 1).count()).isEqualTo(2);

    cluster.behave(
        SELECT,
        Behaviour.error(
            out -> {
              out.writeInt(0x1200);
              Primitives.writeString(out, "read timeout");
              out.writeShort(1).writeInt(1).writeInt(1).writeByte(0);
            }));
    cluster.nodes().forEach(FakeNode::clearReceived);
    assertThatThrownBy(() -> session.execute(select.bind(1)))
        .isInstanceOf(ReadTimeoutException.class);
    assertThat(cluster.nodes().stream().filter(n -> executes(n) == 2).count()).isEqualTo(1);
  }

  @Test
  void should_surface_server_errors_as_typed_exceptions_and_stay_usable() {
    start(1);
    connect();
    cluster.behave(
        "BAD CQL", Behaviour.error(FakeResponses.error(0x2000, "line 1: no viable alternative")));
    assertThatThrownBy(() -> session.execute("BAD CQL"))
        .isInstanceOf(SyntaxErrorException.class)
        .hasMessageContaining("no viable alternative");
    try (ResultSet rs = session.execute(SELECT, 1)) {
      assertThat(rs.one().getString(0)).isEqualTo("value");
    }
  }

  @Test
  void should_queue_then_refuse_requests_when_stream_ids_are_exhausted() {
    start(1);
    connect(CqlSession.builder().withMaxRequestsPerConnection(2).withMaxQueuedRequests(1));
    session.prepare(SELECT);
    cluster.behave(SELECT, Behaviour.silence());
    List<CompletableFuture<AsyncResultSet>> calls = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      calls.add(session.executeAsync(SELECT, i).toCompletableFuture());
    }
    CompletableFuture<AsyncResultSet> refused =
        session.executeAsync(SELECT, 4).toCompletableFuture();
    assertThatThrownBy(refused::join)
        .isInstanceOf(CompletionException.class)
        .cause()
        .isInstanceOf(AllNodesFailedException.class)
        .satisfies(
            e -> {
              AllNodesFailedException all = (AllNodesFailedException) e;
              assertThat(all.errors().values())
                  .hasOnlyElementsOfType(BusyConnectionException.class);
              assertThat(all.allErrors().keySet())
                  .as("keyed by the session's node, data center and host id known")
                  .singleElement()
                  .satisfies(node -> assertThat(node.hostId()).isNotNull())
                  .satisfies(node -> assertThat(node.datacenter()).isNotNull());
            });
    assertThat(calls).noneMatch(CompletableFuture::isDone);
  }

  @Test
  void should_throttle_past_the_concurrency_limit_and_queue_bound() {
    start(1);
    connect(CqlSession.builder().withThrottling(1, 1));
    session.prepare(SELECT);
    cluster.behave(SELECT, Behaviour.delay(300));
    CompletableFuture<AsyncResultSet> first = session.executeAsync(SELECT, 1).toCompletableFuture();
    CompletableFuture<AsyncResultSet> second =
        session.executeAsync(SELECT, 2).toCompletableFuture();
    assertThatThrownBy(() -> session.executeAsync(SELECT, 3).toCompletableFuture().join())
        .hasCauseInstanceOf(RequestThrottledException.class);
    first.join().close();
    second.join().close();
  }

  @Test
  void should_run_a_session_callback_on_one_connection() {
    start(3);
    connect();
    session.prepare(INSERT);
    cluster.nodes().forEach(FakeNode::clearReceived);
    int written =
        session.executeInSession(
            pinned -> {
              for (int key = 0; key < 30; key++) {
                pinned.execute(INSERT, key, "x").close();
              }
              return 30;
            });
    assertThat(written).isEqualTo(30);
    Set<String> connections = new HashSet<>();
    cluster
        .nodes()
        .forEach(
            node -> node.received(Opcodes.EXECUTE).forEach(r -> connections.add(r.connection())));
    assertThat(connections).hasSize(1);
  }

  @Test
  void should_fail_a_session_callback_whose_connection_dies_without_moving_to_another_node() {
    start(3);
    connect();
    session.prepare(INSERT);
    assertThatThrownBy(
            () ->
                session.executeInSession(
                    pinned -> {
                      pinned.execute(INSERT, 1, "x").close();
                      FakeNode owner = owner(tokenOfInt(1));
                      owner.stop();
                      return pinned.execute(INSERT, 2, "y");
                    }))
        .isInstanceOf(ConnectionException.class);
  }

  @Test
  void should_use_only_the_local_datacenter() {
    start(new FakeCluster(PORT, "dc1", "dc1", "dc2"));
    connect(CqlSession.builder().withLocalDatacenter("dc1"));
    for (int i = 0; i < 30; i++) {
      session.execute(INSERT, i, "x").close();
    }
    assertThat(executes(cluster.node(2))).isZero();
    assertThat(cluster.node(2).openConnections()).isZero();
    assertThat(executes(cluster.node(0)) + executes(cluster.node(1))).isEqualTo(30);
  }

  @Test
  void should_close_a_connection_whose_heartbeat_goes_unanswered_and_reconnect() {
    start(1);
    connect(
        CqlSession.builder()
            .withHeartbeatInterval(Duration.ofSeconds(1))
            .withConnectTimeout(Duration.ofMillis(500)));
    FakeNode node = cluster.node(0);
    int startups = node.received(Opcodes.STARTUP).size();
    node.answerHeartbeats(false);
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> node.received(Opcodes.STARTUP).size() > startups);
    node.answerHeartbeats(true);
    Node driverView = session.metadata().nodes().iterator().next();
    await().atMost(Duration.ofSeconds(10)).until(() -> driverView.state() == NodeState.UP);
    try (ResultSet rs = session.execute(SELECT, 1)) {
      assertThat(rs.one().getString(0)).isEqualTo("value");
    }
  }

  @Test
  void should_refresh_the_topology_on_a_topology_event() {
    start(2);
    connect();
    FakeNode control = cluster.node(0);
    int peerQueries = peersQueries(control);
    control.pushEvent(
        out -> {
          Primitives.writeString(out, "TOPOLOGY_CHANGE");
          Primitives.writeString(out, "NEW_NODE");
          Primitives.writeInet(out, cluster.node(1).address());
        });
    await().until(() -> peersQueries(control) > peerQueries);
  }

  @Test
  void should_let_requests_in_flight_finish_when_closing() {
    start(1);
    connect();
    session.prepare(SELECT);
    cluster.behave(SELECT, Behaviour.delay(300));
    CompletableFuture<AsyncResultSet> inFlight =
        session.executeAsync(SELECT, 1).toCompletableFuture();
    await().until(() -> session.metadata().nodes().iterator().next().inFlightRequests() == 1);
    CompletableFuture<Void> closing = session.closeAsync().toCompletableFuture();
    assertThatThrownBy(() -> session.executeAsync(SELECT, 2).toCompletableFuture().join())
        .hasCauseInstanceOf(ConnectionException.class);
    assertThat(inFlight.join().one().getString(0)).isEqualTo("value");
    closing.join();
    session = null;
  }

  private static int peersQueries(FakeNode node) {
    return (int)
        node.received(Opcodes.QUERY).stream()
            .filter(r -> r.query().equals("SELECT * FROM system.peers"))
            .count();
  }
}
