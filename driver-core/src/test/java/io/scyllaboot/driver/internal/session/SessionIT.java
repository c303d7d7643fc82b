package io.scyllaboot.driver.internal.session;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.BoundStatement;
import io.scyllaboot.driver.api.cql.PreparedStatement;
import io.scyllaboot.driver.api.cql.ResultSet;
import io.scyllaboot.driver.api.metadata.Node;
import io.scyllaboot.driver.api.metadata.NodeState;
import io.scyllaboot.driver.api.metrics.DriverMetric;
import io.scyllaboot.driver.internal.cql.DefaultBoundStatement;
import io.scyllaboot.driver.internal.cql.RoutingKey;
import io.scyllaboot.driver.testing.CassandraNode;
import io.scyllaboot.driver.testing.CassandraNodeExtension;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Session features a single real node can show: tokens, cache, metrics, metadata, callbacks. */
@ExtendWith(CassandraNodeExtension.class)
class SessionIT {
  private static final MeterRegistry REGISTRY = new SimpleMeterRegistry();
  private static String keyspace;
  private static CqlSession session;

  @BeforeAll
  static void open() {
    keyspace = CassandraNode.uniqueKeyspace("cluster");
    session =
        CqlSession.builder()
            .addContactPoint(CassandraNode.address())
            .withRequestTimeout(Duration.ofSeconds(30))
            .withMaxPrepared(3)
            .withMeterRegistry(REGISTRY)
            .withSessionName("it")
            .build();
    session.execute(
        "CREATE KEYSPACE "
            + keyspace
            + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
    // No sleep, no retry: DDL waits for schema agreement, so the next statement sees the keyspace.
    session.execute("CREATE TABLE " + keyspace + ".single (k int PRIMARY KEY, v text)");
    session.execute(
        "CREATE TABLE "
            + keyspace
            + ".composite (a text, b uuid, c bigint, v int, PRIMARY KEY ((a, b), c))");
  }

  @AfterAll
  static void close() {
    if (session != null) {
      session.execute("DROP KEYSPACE IF EXISTS " + keyspace);
      session.close();
    }
  }

  @Test
  void should_compute_the_same_token_as_the_server_for_single_and_composite_keys() {
    PreparedStatement single = session.prepare("SELECT v FROM " + keyspace + ".single WHERE k = ?");
    PreparedStatement composite =
        session.prepare("SELECT v FROM " + keyspace + ".composite WHERE a = ? AND b = ?");
    for (int k : new int[] {0, 1, -1, 42, Integer.MAX_VALUE, Integer.MIN_VALUE}) {
      BoundStatement bound = single.bind(k);
      session.execute("INSERT INTO " + keyspace + ".single (k, v) VALUES (?, 'x')", k).close();
      long server;
      try (ResultSet rs =
          session.execute("SELECT token(k) FROM " + keyspace + ".single WHERE k = ?", k)) {
        server = rs.one().getLong(0);
      }
      assertThat(RoutingKey.token((DefaultBoundStatement) bound))
          .as("token of %s", k)
          .isEqualTo(server);
    }
    for (String a :
        List.of("", "a", "a much longer partition key text of more than sixteen bytes")) {
      UUID b = UUID.nameUUIDFromBytes(a.getBytes(java.nio.charset.StandardCharsets.UTF_8));
      session
          .execute("INSERT INTO " + keyspace + ".composite (a, b, c, v) VALUES (?, ?, 1, 1)", a, b)
          .close();
      long server;
      try (ResultSet rs =
          session.execute(
              "SELECT token(a, b) FROM " + keyspace + ".composite WHERE a = ? AND b = ?", a, b)) {
        server = rs.one().getLong(0);
      }
      assertThat(RoutingKey.token((DefaultBoundStatement) composite.bind(a, b)))
          .as("token of (%s, %s)", a, b)
          .isEqualTo(server);
    }
  }

  @Test
  void should_bound_the_statement_cache_and_prepare_evicted_statements_again() {
    long missesBefore = session.preparedCacheStats().misses();
    for (int round = 0; round < 3; round++) {
      for (int i = 0; i < 5; i++) {
        session
            .execute(
                "SELECT v FROM "
                    + keyspace
                    + ".single WHERE k = ? AND v = '"
                    + i
                    + "' ALLOW FILTERING",
                i)
            .close();
      }
    }
    assertThat(session.preparedCacheStats().size()).isLessThanOrEqualTo(3);
    assertThat(session.preparedCacheStats().evictions()).isPositive();
    assertThat(session.preparedCacheStats().misses() - missesBefore).isGreaterThanOrEqualTo(5);
    // The same query, cached, is one PreparedStatement.
    String query = "SELECT v FROM " + keyspace + ".single WHERE k = ?";
    assertThat(session.prepare(query)).isSameAs(session.prepare(query));
  }

  @Test
  void should_describe_the_node_and_register_meters() {
    Node node = session.metadata().nodes().iterator().next();
    assertThat(node.state()).isEqualTo(NodeState.UP);
    assertThat(node.datacenter()).isEqualTo("datacenter1");
    assertThat(node.releaseVersion()).startsWith("5.0");
    assertThat(node.openConnections()).isEqualTo(1);
    assertThat(session.metadata().clusterName()).isEqualTo("scylla-boot-test");

    session.execute("SELECT v FROM " + keyspace + ".single WHERE k = ?", 1).close();
    assertThat(
            REGISTRY
                .get(DriverMetric.REQUESTS.meterName())
                .tag("outcome", "success")
                .timer()
                .count())
        .isPositive();
    assertThat(REGISTRY.get(DriverMetric.DATA_SENT.meterName()).counter().count()).isPositive();
    assertThat(REGISTRY.get(DriverMetric.DATA_RECEIVED.meterName()).counter().count()).isPositive();
    assertThat(REGISTRY.get(DriverMetric.NODE_CONNECTIONS.meterName()).gauge().value())
        .isEqualTo(1.0);
    assertThat(
            REGISTRY
                .get("cache.size")
                .tag("cache", DriverMetric.PREPARED_CACHE.meterName())
                .gauge()
                .value())
        .isPositive();
    session
        .executeAsync("SELECT nope FROM " + keyspace + ".single")
        .toCompletableFuture()
        .exceptionally(e -> null)
        .join();
    assertThat(
            REGISTRY
                .get(DriverMetric.ERRORS.meterName())
                .tag(DriverMetric.ERROR_TYPE_TAG, "InvalidQueryException")
                .counter()
                .count())
        .isEqualTo(1.0);
  }

  @Test
  void should_run_a_session_callback_against_the_real_node() {
    List<Integer> values =
        session.executeInSession(
            pinned -> {
              for (int k = 100; k < 110; k++) {
                pinned
                    .execute("INSERT INTO " + keyspace + ".single (k, v) VALUES (?, ?)", k, "p" + k)
                    .close();
              }
              try (ResultSet rs =
                  pinned.execute(
                      "SELECT k FROM " + keyspace + ".single WHERE k IN (100, 101, 109)")) {
                return rs.all().stream().map(row -> row.getInt(0)).sorted().toList();
              }
            });
    assertThat(values).containsExactly(100, 101, 109);
    Integer async =
        session
            .executeInSessionAsync(
                pinned ->
                    pinned
                        .executeAsync("SELECT k FROM " + keyspace + ".single WHERE k = ?", 105)
                        .thenApply(page -> page.one().getInt(0)))
            .toCompletableFuture()
            .join();
    assertThat(async).isEqualTo(105);
  }
}
