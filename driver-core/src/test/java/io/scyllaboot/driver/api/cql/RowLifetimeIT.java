package io.scyllaboot.driver.api.cql;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.testing.CassandraNode;
import io.scyllaboot.driver.testing.CassandraNodeExtension;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Rows outlive their page: collected while iterating, they stay readable after the iteration moved
 * on, after the result was closed, and from another thread.
 */
@ExtendWith(CassandraNodeExtension.class)
class RowLifetimeIT {
  private static final int ROWS = 3_000;

  private static String keyspace;
  private static CqlSession session;

  @BeforeAll
  static void createSchema() {
    keyspace = CassandraNode.uniqueKeyspace("lifetime");
    session = CassandraNode.openSession();
    CassandraNode.createKeyspace(session, keyspace);
    session.execute("CREATE TABLE " + keyspace + ".items (id int PRIMARY KEY, name text)");
    PreparedStatement insert =
        session.prepare("INSERT INTO " + keyspace + ".items (id, name) VALUES (?, ?)");
    List<CompletableFuture<AsyncResultSet>> writes = new ArrayList<>(ROWS);
    for (int id = 0; id < ROWS; id++) {
      writes.add(session.executeAsync(insert.bind(id, "name-" + id)).toCompletableFuture());
    }
    writes.forEach(write -> write.join().close());
  }

  @AfterAll
  static void dropSchema() {
    if (session != null) {
      session.execute("DROP KEYSPACE IF EXISTS " + keyspace);
      session.close();
    }
  }

  @Test
  void should_read_rows_collected_while_iterating_after_the_result_is_closed() throws Exception {
    List<Row> collected = new ArrayList<>(ROWS);
    // Pages of 500: the iteration releases five pages before the last row is collected.
    try (ResultSet result =
        session.execute(
            SimpleStatement.of("SELECT id, name FROM " + keyspace + ".items").withPageSize(500))) {
      for (Row row : result) {
        collected.add(row);
      }
    }
    assertThat(collected).hasSize(ROWS);
    assertAllRows(collected);

    // And from another thread, which never saw the pages being built.
    CompletableFuture<Void> elsewhere =
        CompletableFuture.runAsync(
            () -> assertAllRows(collected), runnable -> new Thread(runnable).start());
    elsewhere.get(30, TimeUnit.SECONDS);
  }

  @Test
  void should_read_rows_of_an_async_page_after_it_was_consumed_and_closed() throws Exception {
    AsyncResultSet page =
        session
            .executeAsync(
                SimpleStatement.of("SELECT id, name FROM " + keyspace + ".items")
                    .withPageSize(ROWS))
            .toCompletableFuture()
            .get(30, TimeUnit.SECONDS);
    List<Row> collected = new ArrayList<>(ROWS);
    for (Row row : page.currentPage()) {
      collected.add(row);
    }
    page.close();
    assertThat(collected).hasSize(ROWS);
    CompletableFuture.runAsync(
            () -> assertAllRows(collected), runnable -> new Thread(runnable).start())
        .get(30, TimeUnit.SECONDS);
  }

  private static void assertAllRows(List<Row> rows) {
    long sum = 0;
    for (Row row : rows) {
      int id = row.getInt("id");
      assertThat(row.getString(1)).isEqualTo("name-" + id);
      sum += id;
    }
    assertThat(sum).isEqualTo((long) ROWS * (ROWS - 1) / 2);
  }
}
