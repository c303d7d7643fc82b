package io.scyllaboot.spring.cql;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.driver.api.cql.AsyncResultSet;
import io.scyllaboot.driver.api.cql.BatchStatement;
import io.scyllaboot.driver.api.cql.Row;
import io.scyllaboot.driver.api.cql.SimpleStatement;
import io.scyllaboot.driver.testing.CassandraNodeExtension;
import io.scyllaboot.spring.TestKeyspaceExtension;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.dao.EmptyResultDataAccessException;

/** The async template through its interface, against the real node: the blocking method set. */
@ExtendWith(CassandraNodeExtension.class)
class AsyncCqlOperationsIT {
  @RegisterExtension
  static final TestKeyspaceExtension keyspace =
      new TestKeyspaceExtension("async_ops", "items (k text, n int, v text, PRIMARY KEY (k, n))");

  private static AsyncCqlOperations operations;

  @BeforeAll
  static void rows() {
    AsyncCqlTemplate template = new AsyncCqlTemplate(keyspace.session());
    template.setPageSize(2); // every read below spans several pages
    template.setTimeout(Duration.ofSeconds(20));
    operations = template;
    List<Object[]> rows = new ArrayList<>();
    for (int n = 1; n <= 5; n++) {
      rows.add(new Object[] {"a", n, "v" + n});
    }
    assertThat(
            operations
                .batchUpdate(
                    BatchStatement.BatchType.UNLOGGED,
                    "INSERT INTO items (k, n, v) VALUES (?, ?, ?)",
                    rows)
                .join())
        .isTrue();
  }

  @Test
  void rows_of_every_page_reach_mappers_callbacks_and_lists() {
    List<Integer> seen = new ArrayList<>();
    RowCallbackHandler collect = row -> seen.add(row.getInt(0));
    operations.query("SELECT n FROM items WHERE k = ?", collect, "a").join();

    assertThat(seen).containsExactly(1, 2, 3, 4, 5);
    assertThat(operations.queryForList("SELECT v FROM items WHERE k = ?", String.class, "a").join())
        .containsExactly("v1", "v2", "v3", "v4", "v5");
    assertThat(
            operations
                .query(SimpleStatement.of("SELECT n FROM items WHERE k = 'a'"), (row, i) -> i)
                .join())
        .containsExactly(0, 1, 2, 3, 4);
  }

  @Test
  void query_for_map_and_object() {
    Map<String, Object> row =
        operations.queryForMap("SELECT k, n, v FROM items WHERE k = ? AND n = ?", "a", 3).join();

    assertThat(row).containsExactly(Map.entry("k", "a"), Map.entry("n", 3), Map.entry("v", "v3"));
    assertThat(
            operations
                .queryForObject("SELECT COUNT(*) FROM items WHERE k = ?", Long.class, "a")
                .join())
        .isEqualTo(5L);
    assertThat(operations.queryForMap("SELECT k FROM items WHERE k = ? AND n = ?", "a", 9))
        .failsWithin(Duration.ofSeconds(30))
        .withThrowableOfType(ExecutionException.class)
        .withCauseInstanceOf(EmptyResultDataAccessException.class);
  }

  @Test
  void an_extractor_walks_the_pages_itself() {
    AsyncResultSetExtractor<Integer> countRows =
        new AsyncResultSetExtractor<>() {
          private int rows;

          @Override
          public CompletionStage<Integer> extractData(AsyncResultSet page) {
            for (Row row = page.one(); row != null; row = page.one()) {
              rows++;
            }
            return page.hasMorePages()
                ? page.fetchNextPage().thenCompose(this::extractData)
                : CompletableFuture.completedFuture(rows);
          }
        };

    assertThat(operations.query("SELECT n FROM items WHERE k = ?", countRows, "a").join())
        .isEqualTo(5);
    AsyncResultSet first =
        operations.queryForResultSet("SELECT n FROM items WHERE k = ?", "a").join();
    assertThat(first.remaining()).isEqualTo(2); // the template's page size
    assertThat(first.hasMorePages()).isTrue();
  }
}
