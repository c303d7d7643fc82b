package io.scyllaboot.test.fakescylla;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.PreparedStatement;
import io.scyllaboot.driver.api.error.AllNodesFailedException;
import io.scyllaboot.driver.api.metadata.Node;
import io.scyllaboot.driver.api.type.PrimitiveType;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * ScyllaDB client routes (PrivateLink): the nodes listen on 127.0.24.x but advertise 127.0.25.x
 * (where nothing listens, shard-aware port included); each is reachable through its route, a proxy
 * endpoint on 127.0.24.100 that {@code system.client_routes} names under connection id {@code
 * pl-1}. The driver finds every node by host id, connects through the routes only, routes requests
 * to their shard, follows a changed route, and logs a node without one.
 */
class ClientRoutesTest {
  private static final String INSERT = "INSERT INTO shop.items (id, name) VALUES (?, ?)";
  private static final String CONNECTION = "pl-1";
  private static final int SHARDS = 4;
  private static final int BASE_PORT = 39240;

  private static FakeScyllaCluster cluster(String first) {
    FakeScyllaCluster cluster =
        FakeScyllaCluster.builder()
            .firstAddress(first)
            .port(29242)
            .shardAwarePort(29243)
            .advertise("127.0.25.1", 9042, 19042)
            .nodes(3)
            .shards(SHARDS)
            .build();
    cluster.prime(
        INSERT,
        List.of(new Column("id", PrimitiveType.INT), new Column("name", PrimitiveType.TEXT)),
        new int[] {0},
        List.of(),
        List.of());
    return cluster;
  }

  private static InetSocketAddress endpoint(int offset) {
    return new InetSocketAddress("127.0.24.100", BASE_PORT + offset);
  }

  private static CqlSession session(FakeScyllaCluster cluster, InetSocketAddress contact) {
    return CqlSession.builder()
        .addContactPoint(contact)
        .withLocalDatacenter(cluster.datacenter())
        .withClientRoutes(List.of(CONNECTION))
        .withConnectTimeout(Duration.ofSeconds(2))
        .withRequestTimeout(Duration.ofSeconds(5))
        .build();
  }

  private static int connections(FakeScyllaNode node) {
    return Arrays.stream(node.connectionsPerShard()).sum();
  }

  private static void awaitEveryShardConnected(FakeScyllaNode node) {
    await()
        .atMost(Duration.ofSeconds(10))
        .untilAsserted(
            () ->
                assertThat(node.connectionsPerShard())
                    .as(node + ": a connection per shard")
                    .doesNotContain(0));
  }

  /**
   * Every token-routed request lands on a replica's owning shard, once the pools are ready: the
   * fake counts a connection when it accepts it, the driver routes to it once its handshake is done
   * (until then a node's tokens go elsewhere), so the 300 requests are sent again until they all
   * land right.
   */
  private static void awaitTokenRouted(FakeScyllaCluster cluster, CqlSession session) {
    await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertTokenRouted(cluster, session));
  }

  private static void assertTokenRouted(FakeScyllaCluster cluster, CqlSession session) {
    PreparedStatement insert = session.prepare(INSERT);
    cluster.clearReceived();
    for (int key = 0; key < 300; key++) {
      session.execute(insert.bind(key, "item " + key)).close();
    }
    for (FakeScyllaNode node : cluster.nodes()) {
      // An EXECUTE answered UNPREPARED (a node routed after the PREPARE) has no token: skipped.
      List<Received> executes =
          node.received(0x0A).stream().filter(request -> request.token() != null).toList();
      assertThat(executes).as("requests on " + node).isNotEmpty();
      // Through routes the node picks each connection's shard, the control connection's counted:
      // RegularPortFillTest shows the pool still getting one on every shard.
      assertThat(executes)
          .as("requests on " + node + " on a replica's owning shard")
          .allSatisfy(r -> assertThat(r.onOwningShard() && r.replica()).isTrue());
    }
  }

  @Test
  void connectsThroughTheRoutesOnlyAndRoutesEachRequestToItsShard() {
    try (FakeScyllaCluster cluster = cluster("127.0.24.1")) {
      for (FakeScyllaNode node : cluster.nodes()) {
        cluster.clientRoutes().route(CONNECTION, node, endpoint(node.index()));
      }
      try (CqlSession session = session(cluster, endpoint(0))) {
        assertThat(session.metadata().nodes())
            .extracting(Node::address)
            .containsExactlyInAnyOrder(endpoint(0), endpoint(1), endpoint(2));
        cluster.nodes().forEach(ClientRoutesTest::awaitEveryShardConnected);
        // Surplus connections (a shard that got two) are closed: wait until the counts settle.
        await()
            .atMost(Duration.ofSeconds(10))
            .untilAsserted(
                () -> {
                  for (FakeScyllaNode node : cluster.nodes()) {
                    assertThat(cluster.clientRoutes().connectionsThrough(endpoint(node.index())))
                        .as("every connection to " + node + " goes through its route")
                        .isEqualTo(connections(node));
                  }
                });
        assertThat(cluster.clientRoutes().subscribers())
            .as("the control connection registered for CLIENT_ROUTES_CHANGE")
            .isEqualTo(1);
        awaitTokenRouted(cluster, session);
      }
    }
  }

  @Test
  void aChangedRouteMovesThePoolToTheNewEndpoint() {
    try (FakeScyllaCluster cluster = cluster("127.0.24.11")) {
      for (FakeScyllaNode node : cluster.nodes()) {
        cluster.clientRoutes().route(CONNECTION, node, endpoint(10 + node.index()));
      }
      try (CqlSession session = session(cluster, endpoint(10))) {
        FakeScyllaNode moving = cluster.node(1);
        awaitEveryShardConnected(moving);
        assertThat(cluster.clientRoutes().connectionsThrough(endpoint(11))).isPositive();

        cluster.clientRoutes().route(CONNECTION, moving, endpoint(19)); // pushes the event

        await()
            .atMost(Duration.ofSeconds(10))
            .untilAsserted(
                () -> {
                  assertThat(cluster.clientRoutes().connectionsThrough(endpoint(11)))
                      .as("the old endpoint's connections are closed")
                      .isZero();
                  assertThat(cluster.clientRoutes().connectionsThrough(endpoint(19)))
                      .as("the node is pooled through its new route")
                      .isEqualTo(connections(moving))
                      .isGreaterThanOrEqualTo(SHARDS);
                });
        assertThat(session.metadata().nodes())
            .filteredOn(node -> moving.hostId().equals(node.hostId()))
            .singleElement()
            .extracting(Node::address)
            .isEqualTo(endpoint(19));
        awaitEveryShardConnected(moving);
        awaitTokenRouted(cluster, session);
      }
    }
  }

  @Test
  void aNodeWithoutARouteGetsNoConnectionAndAWarningUntilItHasOne() {
    Logger clusterLog =
        (Logger) LoggerFactory.getLogger("io.scyllaboot.driver.internal.session.ClientRouteNodes");
    ListAppender<ILoggingEvent> log = new ListAppender<>();
    log.start();
    clusterLog.addAppender(log);
    try (FakeScyllaCluster cluster = cluster("127.0.24.21")) {
      FakeScyllaNode unrouted = cluster.node(2);
      cluster.clientRoutes().route(CONNECTION, cluster.node(0), endpoint(20));
      cluster.clientRoutes().route(CONNECTION, cluster.node(1), endpoint(21));
      try (CqlSession session = session(cluster, endpoint(20))) {
        PreparedStatement insert = session.prepare(INSERT);
        for (int key = 0; key < 100; key++) {
          session.execute(insert.bind(key, "item " + key)).close(); // served by the others
        }
        assertThat(connections(unrouted)).as("nothing reaches the node without a route").isZero();
        assertThat(log.list)
            .extracting(ILoggingEvent::getFormattedMessage)
            .anySatisfy(
                line ->
                    assertThat(line)
                        .contains("no client route for node " + unrouted.hostId())
                        .contains("under connection ids [pl-1]")
                        .contains("the driver does not connect to it"));

        cluster.clientRoutes().route(CONNECTION, unrouted, endpoint(22));

        awaitEveryShardConnected(unrouted);
        assertThat(cluster.clientRoutes().connectionsThrough(endpoint(22)))
            .isEqualTo(connections(unrouted));
        awaitTokenRouted(cluster, session);
      }
    } finally {
      clusterLog.detachAppender(log);
    }
  }

  @Test
  void noRouteForAnyNodeFailsTheBuildNamingTheConnectionIds() {
    try (FakeScyllaCluster cluster = cluster("127.0.24.31")) {
      // The contact point reaches node 0 (the private endpoint's address), but the table has no
      // row for the configured connection id.
      cluster.clientRoutes().route("another-connection", cluster.node(0), endpoint(30));
      assertThatThrownBy(() -> session(cluster, endpoint(30)).close())
          .isInstanceOf(AllNodesFailedException.class)
          .hasMessageContaining("no node of 3 has a client route under connection ids [pl-1]");
    }
  }
}
