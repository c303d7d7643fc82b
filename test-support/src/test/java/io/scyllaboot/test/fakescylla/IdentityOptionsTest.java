package io.scyllaboot.test.fakescylla;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.CqlSessionBuilder;
import io.scyllaboot.driver.api.cql.PreparedStatement;
import io.scyllaboot.driver.api.metadata.Node;
import io.scyllaboot.driver.api.type.PrimitiveType;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.springframework.boot.json.JsonParserFactory;

/**
 * ScyllaDB's identity options in the handshake, on the fake cluster: {@code CLIENT_OPTIONS} in
 * STARTUP (the session's id and configuration, never a secret, only to a node that offers it) and
 * {@code SCYLLA_HOST_ID} in SUPPORTED (a connection that reached another node is closed).
 */
class IdentityOptionsTest {
  private static final String INSERT = "INSERT INTO shop.items (id, name) VALUES (?, ?)";
  private static final String PASSWORD = "pw-Secret-42";
  private static final String USER = "orders-app-user";

  private static FakeScyllaCluster cluster(String first, int port) {
    FakeScyllaCluster cluster =
        FakeScyllaCluster.builder()
            .firstAddress(first)
            .port(port)
            .shardAwarePort(port + 1)
            .nodes(3)
            .shards(2)
            .build();
    cluster.prime(
        INSERT,
        List.of(new Column("id", PrimitiveType.INT), new Column("name", PrimitiveType.TEXT)),
        new int[] {0},
        List.of(),
        List.of());
    return cluster;
  }

  private static CqlSessionBuilder builder(FakeScyllaCluster cluster) {
    return CqlSession.builder()
        .addContactPoint(cluster.node(0).address())
        .withLocalDatacenter(cluster.datacenter())
        .withReconnectionDelays(Duration.ofMillis(100), Duration.ofMillis(200))
        .withRequestTimeout(Duration.ofSeconds(5));
  }

  private static List<Map<String, String>> startups(FakeScyllaCluster cluster) {
    return cluster.nodes().stream().flatMap(node -> node.startups().stream()).toList();
  }

  private static Map<String, Object> json(String text) {
    return JsonParserFactory.getJsonParser().parseMap(text);
  }

  private static Node driverNode(CqlSession session, FakeScyllaNode node) {
    return session.metadata().nodes().stream()
        .filter(n -> node.hostId().equals(n.hostId()))
        .findFirst()
        .orElseThrow();
  }

  @Test
  void every_connection_of_a_session_sends_its_id_and_configuration_without_secrets() {
    try (FakeScyllaCluster cluster = cluster("127.0.63.1", 29642)) {
      UUID first;
      try (CqlSession session =
          builder(cluster)
              .withApplication("orders-service", "2.4.1")
              .withAuthCredentials(USER, PASSWORD)
              .build()) {
        cluster.nodes().forEach(node -> awaitConnected(session, node, 2));
        List<Map<String, String>> startups = startups(cluster);
        assertThat(startups).hasSizeGreaterThanOrEqualTo(3 * 2 + 1); // pools and control
        assertThat(startups)
            .allSatisfy(
                startup ->
                    assertThat(startup)
                        .containsKey("CLIENT_OPTIONS")
                        .doesNotContainKeys("SCYLLA_HOST_ID", "DRIVER_CONFIG", "SESSION_ID"));
        List<Object> ids =
            startups.stream()
                .map(startup -> json(startup.get("CLIENT_OPTIONS")).get("session_id"))
                .distinct()
                .toList();
        assertThat(ids).as("one id for all the session's connections").hasSize(1);
        first = UUID.fromString((String) ids.get(0));
        @SuppressWarnings("unchecked")
        Map<String, Object> config =
            (Map<String, Object>) json(startups.get(0).get("CLIENT_OPTIONS")).get("driver_config");
        assertThat(config)
            .containsEntry("local_datacenter", cluster.datacenter())
            .containsEntry("application_name", "orders-service")
            .containsKeys("request_timeout_ms", "connections_per_shard", "retry_policy");
        // Spring's basic parser reads every scalar as text: the JSON types are checked on the text.
        assertThat(startups.get(0).get("CLIENT_OPTIONS"))
            .contains("\"authentication\":true")
            .contains("\"tls\":false");
        assertThat(startups)
            .allSatisfy(
                startup ->
                    assertThat(String.join(" ", startup.values()))
                        .doesNotContain(PASSWORD)
                        .doesNotContain(USER));
      }
      cluster.clearReceived();
      try (CqlSession second = builder(cluster).build()) {
        Object id = json(startups(cluster).get(0).get("CLIENT_OPTIONS")).get("session_id");
        assertThat(UUID.fromString((String) id))
            .as("another session, another id")
            .isNotEqualTo(first);
      }
    }
  }

  @Test
  void sends_only_the_client_option_keys_a_node_offers() {
    try (FakeScyllaCluster cluster = cluster("127.0.63.11", 29652)) {
      cluster.node(1).identityOptions().offerClientOptions(); // a node before 2026.1
      cluster.node(1).restart();
      cluster.node(2).identityOptions().offerClientOptions("DRIVER_CONFIG", "SESSION_ID");
      cluster.node(2).restart();
      try (CqlSession session = builder(cluster).build()) {
        cluster.nodes().forEach(node -> awaitConnected(session, node, 2));
        String sessionId =
            (String)
                json(cluster.node(0).startups().get(0).get("CLIENT_OPTIONS")).get("session_id");
        assertThat(cluster.node(1).startups())
            .isNotEmpty()
            .allSatisfy(
                startup ->
                    assertThat(startup)
                        .doesNotContainKeys("CLIENT_OPTIONS", "DRIVER_CONFIG", "SESSION_ID")
                        .containsKeys("DRIVER_NAME", "DRIVER_VERSION"));
        assertThat(cluster.node(2).startups())
            .isNotEmpty()
            .allSatisfy(
                startup -> {
                  assertThat(startup).doesNotContainKey("CLIENT_OPTIONS");
                  assertThat(startup).containsEntry("SESSION_ID", sessionId);
                  assertThat(json(startup.get("DRIVER_CONFIG")))
                      .containsEntry("local_datacenter", cluster.datacenter());
                });
      }
    }
  }

  @Test
  void a_connection_that_reached_another_node_is_closed_and_the_pool_reconnects() {
    Logger checkLog =
        (Logger) LoggerFactory.getLogger("io.scyllaboot.driver.internal.pool.HostIdCheck");
    ListAppender<ILoggingEvent> log = new ListAppender<>();
    log.start();
    checkLog.addAppender(log);
    try (FakeScyllaCluster cluster = cluster("127.0.63.21", 29662)) {
      FakeScyllaNode misrouted = cluster.node(1);
      UUID other = cluster.node(2).hostId();
      misrouted.identityOptions().reportHostId(other);
      misrouted.restart();
      try (CqlSession session = builder(cluster).build()) {
        awaitConnected(session, cluster.node(0), 2);
        awaitConnected(session, cluster.node(2), 2);
        Node meant = driverNode(session, misrouted);
        // Several attempts, each closed: the pool keeps trying, the node is never used.
        await().atMost(Duration.ofSeconds(10)).until(() -> misrouted.startups().size() >= 3);
        assertThat(meant.openConnections()).isZero();
        PreparedStatement insert = session.prepare(INSERT);
        for (int key = 0; key < 100; key++) {
          session.execute(insert.bind(key, "item " + key)).close();
        }
        assertThat(misrouted.received(0x0A)).as("no request on a misrouted connection").isEmpty();
        List<ILoggingEvent> warnings =
            log.list.stream().filter(event -> event.getLevel() == Level.WARN).toList();
        assertThat(warnings)
            .as("logged once at WARN, however many attempts")
            .hasSize(1)
            .first()
            .extracting(ILoggingEvent::getFormattedMessage)
            .satisfies(
                line ->
                    assertThat(line)
                        .contains("misrouted connection")
                        .contains(misrouted.hostId().toString())
                        .contains(other.toString()));

        misrouted.identityOptions().reportHostId(null);
        misrouted.restart();
        awaitConnected(session, misrouted, 2);
      }
    } finally {
      checkLog.detachAppender(log);
    }
  }

  @Test
  void nothing_changes_for_a_node_without_a_host_id_or_client_options() {
    try (FakeScyllaCluster cluster = cluster("127.0.63.31", 29672)) {
      for (FakeScyllaNode node : cluster.nodes()) {
        node.identityOptions().offerHostId(false).offerClientOptions();
        node.restart();
      }
      try (CqlSession session = builder(cluster).build()) {
        cluster.nodes().forEach(node -> awaitConnected(session, node, 2));
        assertThat(startups(cluster))
            .allSatisfy(
                startup ->
                    assertThat(startup.keySet())
                        .doesNotContain("CLIENT_OPTIONS", "DRIVER_CONFIG", "SESSION_ID"));
      }
    }
  }

  private static void awaitConnected(CqlSession session, FakeScyllaNode node, int connections) {
    await()
        .atMost(Duration.ofSeconds(10))
        .untilAsserted(
            () ->
                assertThat(driverNode(session, node).openConnections())
                    .as(node + ": connections of the driver's pool")
                    .isGreaterThanOrEqualTo(connections));
  }
}
