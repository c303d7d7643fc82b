package io.scyllaboot.driver.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;

import io.scyllaboot.driver.api.cql.AsyncResultSet;
import io.scyllaboot.driver.api.cql.PreparedStatement;
import io.scyllaboot.driver.api.cql.ResultSet;
import io.scyllaboot.driver.api.cql.Row;
import io.scyllaboot.driver.api.cql.SimpleStatement;
import io.scyllaboot.driver.api.error.AlreadyExistsException;
import io.scyllaboot.driver.api.error.ErrorCodes;
import io.scyllaboot.driver.api.error.InvalidQueryException;
import io.scyllaboot.driver.api.error.SyntaxErrorException;
import io.scyllaboot.driver.testing.CassandraNode;
import io.scyllaboot.driver.testing.CassandraNodeExtension;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The first end-to-end slice against the real node: one connection, many requests in flight. */
@ExtendWith(CassandraNodeExtension.class)
class CqlSessionIT {
  private static final int ROWS = 10_000;

  private static String keyspace;
  private static CqlSession session;

  @BeforeAll
  static void createSchema() {
    keyspace = CassandraNode.uniqueKeyspace("session");
    try (CqlSession admin =
        CqlSession.builder()
            .addContactPoint(CassandraNode.address())
            .withRequestTimeout(Duration.ofSeconds(30))
            .build()) {
      admin.execute(
          "CREATE KEYSPACE "
              + keyspace
              + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
      admin.execute(
          "CREATE TABLE "
              + keyspace
              + ".items (id int PRIMARY KEY, name text, amount bigint, tag uuid)");
      admin.execute(
          "CREATE TABLE "
              + keyspace
              + ".bulk (id int PRIMARY KEY, name text, amount bigint, tag uuid)");
    }
    session =
        CqlSession.builder()
            .addContactPoint(CassandraNode.address())
            .withKeyspace(keyspace)
            .withMaxRequestsPerConnection(2048)
            .withRequestTimeout(Duration.ofSeconds(30))
            .build();
  }

  @AfterAll
  static void dropSchema() {
    if (session != null) {
      session.execute("DROP KEYSPACE IF EXISTS " + keyspace);
      session.close();
    }
  }

  private static UUID tagOf(int id) {
    return new UUID(id * 31L, ~id);
  }

  @Test
  void should_write_and_read_back_10000_rows_from_concurrent_requests_on_one_connection() {
    PreparedStatement insert =
        session.prepare("INSERT INTO bulk (id, name, amount, tag) VALUES (?, ?, ?, ?)");
    assertThat(insert.variables().size()).isEqualTo(4);

    // Every insert is issued at once: 2048 go out on the connection's stream ids, the rest wait
    // for an id in the connection's queue and go out as responses free ids.
    List<CompletableFuture<AsyncResultSet>> writes = new ArrayList<>(ROWS);
    for (int id = 0; id < ROWS; id++) {
      writes.add(
          session
              .executeAsync(insert.bind(id, "name-" + id, id * 1_000_000_007L, tagOf(id)))
              .toCompletableFuture());
    }
    CompletableFuture.allOf(writes.toArray(new CompletableFuture<?>[0])).join();
    writes.forEach(write -> write.join().close());

    List<CompletableFuture<Void>> reads = new ArrayList<>(ROWS);
    for (int id = 0; id < ROWS; id++) {
      int expected = id;
      reads.add(
          session
              .executeAsync("SELECT id, name, amount, tag FROM bulk WHERE id = ?", id)
              .thenAccept(
                  page -> {
                    Row row = page.one();
                    assertThat(row).as("row %s", expected).isNotNull();
                    assertThat(row.getInt("id")).isEqualTo(expected);
                    assertThat(row.getString(1)).isEqualTo("name-" + expected);
                    assertThat(row.getLong("amount")).isEqualTo(expected * 1_000_000_007L);
                    assertThat(row.getUuid("tag")).isEqualTo(tagOf(expected));
                    assertThat(page.one()).isNull(); // the page is consumed and released
                  })
              .toCompletableFuture());
    }
    CompletableFuture.allOf(reads.toArray(new CompletableFuture<?>[0])).join();

    // The same rows through automatic paging: 10 pages of 1000.
    long count = 0;
    long sum = 0;
    try (ResultSet all =
        session.execute(SimpleStatement.of("SELECT id FROM bulk").withPageSize(1000))) {
      for (Row row : all) {
        count++;
        sum += row.getInt(0);
      }
    }
    assertThat(count).isEqualTo(ROWS);
    assertThat(sum).isEqualTo((long) ROWS * (ROWS - 1) / 2);
  }

  @Test
  void should_fail_with_typed_server_errors_and_keep_the_connection_usable() {
    assertThatThrownBy(() -> session.execute("SELEKT * FROM items"))
        .isInstanceOf(SyntaxErrorException.class)
        .satisfies(
            e -> assertThat(((SyntaxErrorException) e).code()).isEqualTo(ErrorCodes.SYNTAX_ERROR));
    assertThatThrownBy(() -> session.execute("SELECT * FROM no_such_table"))
        .isInstanceOf(InvalidQueryException.class)
        .hasMessageContaining("no_such_table");
    assertThatThrownBy(() -> session.execute("CREATE TABLE items (id int PRIMARY KEY)"))
        .isInstanceOfSatisfying(
            AlreadyExistsException.class,
            e -> {
              assertThat(e.keyspace()).isEqualTo(keyspace);
              assertThat(e.table()).isEqualTo("items");
            });

    try (ResultSet rs = session.execute("SELECT release_version FROM system.local")) {
      assertThat(rs.one().getString("release_version")).startsWith("5.0");
    }
  }

  @Test
  void should_refuse_to_block_a_driver_thread() throws Exception {
    // A callback runs on the caller's thread when the response came before it was registered (a
    // loaded machine can pause the caller that long): try until one runs on a driver I/O thread.
    Object notOnDriverThread = new Object();
    for (int attempt = 0; attempt < 50; attempt++) {
      CompletionStage<Object> nested =
          session
              .executeAsync("SELECT release_version FROM system.local")
              .thenApply(
                  page -> {
                    page.close();
                    if (!Thread.currentThread().getName().contains("-io-")) {
                      return notOnDriverThread;
                    }
                    return session.execute("SELECT release_version FROM system.local");
                  });
      try {
        assertThat(nested.toCompletableFuture().get(10, TimeUnit.SECONDS))
            .isSameAs(notOnDriverThread);
      } catch (ExecutionException e) {
        assertThat(e)
            .hasCauseInstanceOf(IllegalStateException.class)
            .hasStackTraceContaining("driver I/O thread");
        return;
      }
    }
    fail("no callback ran on a driver I/O thread in 50 attempts");
  }

  @Test
  void should_report_results_without_rows() {
    AsyncResultSet result =
        session
            .executeAsync("INSERT INTO items (id, name) VALUES (?, ?)", -1, "void")
            .toCompletableFuture()
            .join();
    assertThat(result.remaining()).isZero();
    assertThat(result.one()).isNull();
    assertThat(result.hasMorePages()).isFalse();
    assertThat(result.wasApplied()).isTrue();
  }

  @Test
  void should_report_whether_a_lightweight_transaction_was_applied() {
    assertThat(
            session
                .execute("INSERT INTO items (id, name) VALUES (?, ?) IF NOT EXISTS", -2, "a")
                .wasApplied())
        .isTrue();
    assertThat(
            session
                .execute("INSERT INTO items (id, name) VALUES (?, ?) IF NOT EXISTS", -2, "b")
                .wasApplied())
        .isFalse();
    // Still known after the rows were consumed and the page released.
    try (ResultSet rs =
        session.execute("INSERT INTO items (id, name) VALUES (?, ?) IF NOT EXISTS", -2, "c")) {
      assertThat(rs.all()).hasSize(1);
      assertThat(rs.wasApplied()).isFalse();
    }
  }

  @Test
  void should_fail_a_prepare_of_invalid_cql_without_caching_the_failure() {
    String bad = "SELECT nope FROM items WHERE id = ?";
    assertThatThrownBy(() -> session.execute(bad, 1)).isInstanceOf(InvalidQueryException.class);
    assertThatThrownBy(() -> session.executeAsync(bad, 1).toCompletableFuture().join())
        .isInstanceOf(CompletionException.class)
        .hasCauseInstanceOf(InvalidQueryException.class);
  }
}
