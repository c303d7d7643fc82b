package io.scyllaboot.spring.cql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.AsyncResultSet;
import io.scyllaboot.driver.api.cql.Row;
import io.scyllaboot.driver.api.cql.SimpleStatement;
import io.scyllaboot.driver.api.error.DriverTimeoutException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;
import org.mockito.Mockito;
import org.springframework.dao.EmptyResultDataAccessException;
import org.springframework.dao.IncorrectResultSizeDataAccessException;
import org.springframework.dao.QueryTimeoutException;

/**
 * What the asynchronous template's futures deliver, whatever its continuation chain looks like:
 * rows of every page in order, numbered across pages; driver failures translated (also on a later
 * page), a mapper's own exception as it is; the single-row checks; wasApplied and a closed page.
 */
class AsyncCqlTemplateTest {
  private static final String CQL = "SELECT v FROM ks.t WHERE k = ?";

  private final CqlSession session = Mockito.mock(CqlSession.class);
  private final AsyncCqlTemplate template = new AsyncCqlTemplate(session);

  private static Row row(int value) {
    Row row = Mockito.mock(Row.class);
    Mockito.when(row.getInt(0)).thenReturn(value);
    return row;
  }

  private static AsyncResultSet page(
      CompletableFuture<AsyncResultSet> next, boolean applied, Row... rows) {
    AsyncResultSet page = Mockito.mock(AsyncResultSet.class);
    Mockito.when(page.currentPage()).thenReturn(List.of(rows));
    Row[] then = Arrays.copyOf(rows, rows.length + 1); // one() returns each row, then null
    Mockito.when(page.one()).thenReturn(then[0], Arrays.copyOfRange(then, 1, then.length));
    Mockito.when(page.hasMorePages()).thenReturn(next != null);
    if (next != null) {
      Mockito.when(page.fetchNextPage()).thenReturn(next);
    }
    Mockito.when(page.wasApplied()).thenReturn(applied);
    return page;
  }

  private void answer(CompletableFuture<AsyncResultSet> first) {
    Mockito.when(session.executeAsync(eq(CQL), any(Object[].class))).thenReturn(first);
  }

  private static Throwable cause(CompletableFuture<?> future) {
    assertThatThrownBy(future::join).isInstanceOf(CompletionException.class);
    try {
      future.get();
    } catch (ExecutionException e) {
      return e.getCause();
    } catch (InterruptedException e) {
      throw new AssertionError(e);
    }
    throw new AssertionError("completed normally");
  }

  @Test
  void should_map_every_row_of_every_page_numbered_across_pages() {
    CompletableFuture<AsyncResultSet> second = new CompletableFuture<>();
    answer(CompletableFuture.completedFuture(page(second, true, row(10), row(11))));
    CompletableFuture<List<String>> rows =
        template.query(CQL, (row, n) -> n + "=" + row.getInt(0), 1);
    assertThat(rows).isNotDone(); // waits for the second page
    second.complete(page(null, true, row(12)));
    assertThat(rows.join()).containsExactly("0=10", "1=11", "2=12");
  }

  @Test
  void should_translate_a_driver_failure_on_a_later_page() {
    CompletableFuture<AsyncResultSet> second = new CompletableFuture<>();
    answer(CompletableFuture.completedFuture(page(second, true, row(10))));
    CompletableFuture<List<Integer>> rows = template.query(CQL, (row, n) -> row.getInt(0), 1);
    second.completeExceptionally(new DriverTimeoutException("read timed out"));
    Throwable cause = cause(rows);
    assertThat(cause)
        .isInstanceOf(QueryTimeoutException.class)
        .hasMessageContaining(CQL)
        .hasCauseInstanceOf(DriverTimeoutException.class);
  }

  @Test
  void should_translate_a_failure_wrapped_in_a_completion_exception() {
    answer(
        CompletableFuture.failedFuture(
            new CompletionException(new DriverTimeoutException("write timed out"))));
    assertThat(cause(template.execute(CQL, 1)))
        .isInstanceOf(QueryTimeoutException.class)
        .hasCauseInstanceOf(DriverTimeoutException.class);
  }

  @Test
  void should_fail_with_the_mappers_own_exception_untranslated() {
    IllegalStateException mine = new IllegalStateException("bad row");
    answer(CompletableFuture.completedFuture(page(null, true, row(1))));
    CompletableFuture<List<Integer>> rows =
        template.query(
            CQL,
            (row, n) -> {
              throw mine;
            },
            1);
    assertThat(cause(rows)).isSameAs(mine);
  }

  @Test
  void should_pass_an_error_that_is_not_a_runtime_exception_as_it_is() {
    AssertionError error = new AssertionError("not a driver exception");
    answer(CompletableFuture.failedFuture(error));
    assertThat(cause(template.execute(CQL, 1))).isSameAs(error);
  }

  @Test
  void should_return_the_only_row_and_refuse_none_or_several_over_pages() {
    answer(CompletableFuture.completedFuture(page(null, true, row(7))));
    assertThat(template.queryForObject(CQL, (row, n) -> row.getInt(0), 1).join()).isEqualTo(7);

    answer(CompletableFuture.completedFuture(page(null, true)));
    assertThat(cause(template.queryForObject(CQL, (row, n) -> row.getInt(0), 1)))
        .isInstanceOf(EmptyResultDataAccessException.class)
        .hasMessageContaining(CQL);

    List<Integer> mapped = new ArrayList<>();
    CompletableFuture<AsyncResultSet> second = new CompletableFuture<>();
    answer(CompletableFuture.completedFuture(page(second, true, row(1))));
    CompletableFuture<Integer> several =
        template.queryForObject(
            CQL,
            (row, n) -> {
              mapped.add(n);
              return row.getInt(0);
            },
            1);
    second.complete(page(null, true, row(2), row(3)));
    Throwable cause = cause(several);
    assertThat(cause)
        .isInstanceOf(IncorrectResultSizeDataAccessException.class)
        .isNotInstanceOf(EmptyResultDataAccessException.class)
        .hasMessageContaining("but got 3");
    assertThat(((IncorrectResultSizeDataAccessException) cause).getActualSize()).isEqualTo(3);
    assertThat(mapped).containsExactly(0, 1, 2); // every row mapped, as the list-based path did
  }

  @Test
  void should_report_was_applied_and_close_the_page() {
    AsyncResultSet notApplied = page(null, false);
    answer(CompletableFuture.completedFuture(notApplied));
    assertThat(template.execute(CQL, 1).join()).isFalse();
    Mockito.verify(notApplied).close();

    SimpleStatement statement = SimpleStatement.of("UPDATE ks.t SET v = 1 WHERE k = 1");
    AsyncResultSet applied = page(null, true);
    Mockito.when(session.executeAsync(statement))
        .thenReturn(CompletableFuture.completedFuture(applied));
    assertThat(template.execute(statement).join()).isTrue();
    Mockito.verify(applied).close();
  }

  @Test
  void should_name_the_statement_in_a_translated_failure() {
    SimpleStatement statement = SimpleStatement.of("UPDATE ks.t SET v = 1 WHERE k = 1");
    Mockito.when(session.executeAsync(statement))
        .thenReturn(CompletableFuture.failedFuture(new DriverTimeoutException("timed out")));
    assertThat(cause(template.execute(statement)))
        .isInstanceOf(QueryTimeoutException.class)
        .hasMessageContaining("UPDATE ks.t SET v = 1 WHERE k = 1");
  }
}
