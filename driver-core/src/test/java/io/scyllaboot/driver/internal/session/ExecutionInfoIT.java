package io.scyllaboot.driver.internal.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.ExecutionInfo;
import io.scyllaboot.driver.api.cql.ResultSet;
import io.scyllaboot.driver.api.cql.Row;
import io.scyllaboot.driver.api.cql.SimpleStatement;
import io.scyllaboot.driver.api.error.UnsupportedStatementException;
import io.scyllaboot.driver.testing.CassandraNode;
import io.scyllaboot.driver.testing.CassandraNodeExtension;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * On the real node: how each result was obtained (coordinator, attempts, warnings, tracing id),
 * client-side timestamps as the server stores them, and USE refused where it would switch one
 * connection (UseKeyspaceIT: on the session).
 */
@ExtendWith(CassandraNodeExtension.class)
class ExecutionInfoIT {
  private static String keyspace;
  private static CqlSession session;

  @BeforeAll
  static void open() {
    keyspace = CassandraNode.uniqueKeyspace("execinfo");
    session = CassandraNode.openSession();
    CassandraNode.createKeyspace(session, keyspace);
    session.execute("CREATE TABLE " + keyspace + ".kv (k int, c int, v text, PRIMARY KEY (k, c))");
  }

  @AfterAll
  static void close() {
    if (session != null) {
      session.execute("DROP KEYSPACE IF EXISTS " + keyspace);
      session.close();
    }
  }

  @Test
  void should_say_which_node_coordinated_and_the_single_attempt() {
    try (ResultSet rs =
        session.execute("INSERT INTO " + keyspace + ".kv (k, c, v) VALUES (?, ?, ?)", 1, 1, "a")) {
      ExecutionInfo info = rs.executionInfo();
      assertThat(info.coordinator()).isEqualTo(CassandraNode.address());
      assertThat(info.attempts()).hasSize(1);
      assertThat(info.attempts().get(0).error()).isNull();
      assertThat(info.tracingId()).isNull();
      assertThat(info.warnings()).isEmpty();
      assertThat(info.customPayload()).isEmpty();
    }
  }

  @Test
  void should_return_the_tracing_id_of_a_traced_request_and_the_trace_exists() {
    UUID tracingId;
    try (ResultSet rs =
        session.execute(
            SimpleStatement.of("SELECT v FROM " + keyspace + ".kv WHERE k = 1")
                .withTracing(true))) {
      tracingId = rs.executionInfo().tracingId();
    }
    assertThat(tracingId).isNotNull();
    // The trace is written asynchronously by the server.
    await()
        .atMost(Duration.ofSeconds(20))
        .until(
            () -> {
              try (ResultSet trace =
                  session.execute(
                      "SELECT coordinator FROM system_traces.sessions WHERE session_id = ?",
                      tracingId)) {
                return trace.one() != null;
              }
            });
  }

  @Test
  void should_carry_the_server_warnings() {
    // An aggregation over several partitions makes Cassandra warn.
    try (ResultSet rs = session.execute("SELECT count(*) FROM " + keyspace + ".kv")) {
      assertThat(rs.executionInfo().warnings()).isNotEmpty();
      assertThat(rs.warnings()).isEqualTo(rs.executionInfo().warnings());
    }
  }

  @Test
  void should_write_with_the_client_timestamp_or_the_statement_one() {
    long before = System.currentTimeMillis() * 1000;
    session.execute("INSERT INTO " + keyspace + ".kv (k, c, v) VALUES (?, ?, ?)", 2, 1, "x");
    long after = System.currentTimeMillis() * 1000 + 1000;
    try (ResultSet rs =
        session.execute(
            "SELECT writetime(v) FROM " + keyspace + ".kv WHERE k = ? AND c = ?", 2, 1)) {
      assertThat(rs.one().getLong(0)).isBetween(before, after);
    }
    session.execute(
        session
            .prepare("INSERT INTO " + keyspace + ".kv (k, c, v) VALUES (?, ?, ?)")
            .bind(2, 2, "y")
            .withTimestamp(1234567L));
    // A later write with an older timestamp loses: the newer value stays.
    session.execute(
        session
            .prepare("INSERT INTO " + keyspace + ".kv (k, c, v) VALUES (?, ?, ?)")
            .bind(2, 2, "older")
            .withTimestamp(1000L));
    try (ResultSet rs =
        session.execute(
            "SELECT v, writetime(v) FROM " + keyspace + ".kv WHERE k = ? AND c = ?", 2, 2)) {
      Row row = rs.one();
      assertThat(row.getString(0)).isEqualTo("y");
      assertThat(row.getLong(1)).isEqualTo(1234567L);
    }
  }

  @Test
  void should_accept_client_timestamps_on_lightweight_transactions_and_counters() {
    session.execute(
        "CREATE TABLE IF NOT EXISTS " + keyspace + ".hits (k int PRIMARY KEY, n counter)");
    String lwt = "INSERT INTO " + keyspace + ".kv (k, c, v) VALUES (?, ?, ?) IF NOT EXISTS";
    try (ResultSet rs = session.execute(lwt, 3, 1, "first")) {
      assertThat(rs.wasApplied()).isTrue();
    }
    try (ResultSet rs = session.execute(lwt, 3, 1, "second")) {
      assertThat(rs.wasApplied()).isFalse();
    }
    session.execute("UPDATE " + keyspace + ".hits SET n = n + 1 WHERE k = ?", 1);
    session.execute("UPDATE " + keyspace + ".hits SET n = n + 1 WHERE k = ?", 1);
    try (ResultSet rs = session.execute("SELECT n FROM " + keyspace + ".hits WHERE k = ?", 1)) {
      assertThat(rs.one().getLong(0)).isEqualTo(2L);
    }
  }

  @Test
  void should_refuse_use_on_a_pinned_connection_which_it_alone_would_switch() {
    assertThatThrownBy(
            () -> session.executeInSession(pinned -> pinned.execute("use " + keyspace + ";")))
        .isInstanceOf(UnsupportedStatementException.class);
    assertThatThrownBy(() -> session.prepare("USE " + keyspace))
        .isInstanceOf(UnsupportedStatementException.class);
    // Unqualified names still fail: no connection switched to the keyspace.
    assertThatThrownBy(() -> session.execute("SELECT * FROM kv")).hasMessageContaining("keyspace");
  }
}
