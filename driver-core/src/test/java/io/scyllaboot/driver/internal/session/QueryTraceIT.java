package io.scyllaboot.driver.internal.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.ExecutionInfo;
import io.scyllaboot.driver.api.cql.QueryTrace;
import io.scyllaboot.driver.api.cql.ResultSet;
import io.scyllaboot.driver.api.cql.Row;
import io.scyllaboot.driver.api.cql.SimpleStatement;
import io.scyllaboot.driver.testing.CassandraNode;
import io.scyllaboot.driver.testing.CassandraNodeExtension;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * On the real node: a traced request's trace read back from system_traces, and the application name
 * and version each connection announced, as the node's client list shows them.
 */
@ExtendWith(CassandraNodeExtension.class)
class QueryTraceIT {
  private static String keyspace;
  private static CqlSession session;

  @BeforeAll
  static void open() {
    keyspace = CassandraNode.uniqueKeyspace("traces");
    session =
        CqlSession.builder()
            .addContactPoint(CassandraNode.address())
            .withRequestTimeout(Duration.ofSeconds(30)) // DDL on a busy machine
            .withApplication("trace-it", "1.2.3")
            .build();
    CassandraNode.createKeyspace(session, keyspace);
    session.execute("CREATE TABLE " + keyspace + ".kv (k int PRIMARY KEY, v text)");
  }

  @AfterAll
  static void close() {
    if (session != null) {
      session.execute("DROP KEYSPACE IF EXISTS " + keyspace);
      session.close();
    }
  }

  @Test
  void should_read_the_trace_session_and_its_events_on_demand() {
    ExecutionInfo info;
    try (ResultSet rs =
        session.execute(
            session
                .prepare("SELECT v FROM " + keyspace + ".kv WHERE k = ?")
                .bind(1)
                .withTracing(true))) {
      info = rs.executionInfo();
    }
    // The server writes the trace after it answered; each read already waits a little for it.
    await()
        .atMost(Duration.ofSeconds(30))
        .ignoreExceptionsInstanceOf(CompletionException.class)
        .untilAsserted(
            () -> {
              QueryTrace trace = info.queryTrace().toCompletableFuture().get(10, TimeUnit.SECONDS);
              assertThat(trace.tracingId()).isEqualTo(info.tracingId());
              assertThat(trace.requestType()).containsIgnoringCase("execute");
              assertThat(trace.coordinator()).isEqualTo(CassandraNode.address().getAddress());
              assertThat(trace.duration()).isPositive();
              assertThat(trace.startedAt()).isNotNull();
              assertThat(trace.parameters()).containsKey("query");
              assertThat(trace.events()).isNotEmpty();
              assertThat(trace.events())
                  .allSatisfy(
                      event -> {
                        assertThat(event.activity()).isNotBlank();
                        assertThat(event.source()).isNotNull();
                      });
              assertThat(trace.events())
                  .extracting(QueryTrace.Event::timestamp)
                  .isSortedAccordingTo(java.util.Comparator.naturalOrder());
            });
  }

  @Test
  void should_refuse_the_trace_of_a_request_that_was_not_traced() {
    try (ResultSet rs =
        session.execute(SimpleStatement.of("SELECT release_version FROM system.local"))) {
      assertThatThrownBy(() -> rs.executionInfo().queryTrace().toCompletableFuture().join())
          .hasCauseInstanceOf(IllegalStateException.class)
          .hasMessageContaining("withTracing(true)");
    }
  }

  @Test
  void should_show_the_application_name_and_version_in_the_node_client_list() {
    try (ResultSet rs = session.execute("SELECT * FROM system_views.clients")) {
      boolean found = false;
      for (Row row : rs) {
        Map<String, String> options = row.getMap("client_options", String.class, String.class);
        if (options != null && "trace-it".equals(options.get("APPLICATION_NAME"))) {
          assertThat(options).containsEntry("APPLICATION_VERSION", "1.2.3");
          assertThat(row.getString("driver_name")).isEqualTo("Scylla Boot");
          found = true;
        }
      }
      assertThat(found).as("a connection of this session in system_views.clients").isTrue();
    }
  }
}
