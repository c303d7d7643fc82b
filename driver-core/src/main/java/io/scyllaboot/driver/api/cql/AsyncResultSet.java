package io.scyllaboot.driver.api.cql;

import java.util.List;
import java.util.concurrent.CompletionStage;
import org.jspecify.annotations.Nullable;

/**
 * One page of a result, as delivered by the asynchronous API. The page holds the response's network
 * buffer until its rows are consumed: iterate {@link #currentPage()} to the end, or call {@link
 * #close()}, exactly as with any resource. A page of a statement that returned no rows holds
 * nothing.
 *
 * <p>Not thread-safe: consume a page from one thread at a time.
 */
public interface AsyncResultSet extends AutoCloseable {

  /** The columns of the rows (built on first call; empty for results without rows). */
  ColumnDefinitions columnDefinitions();

  /**
   * The rows of this page, once. Moving past the last row releases the page; see {@link Row} for
   * how long a row stays readable.
   */
  Iterable<Row> currentPage();

  /** The rows of this page not yet iterated. */
  int remaining();

  /** The next row of this page, or {@code null} when none is left. */
  @Nullable Row one();

  /** Whether the server has more pages for this query. */
  boolean hasMorePages();

  /** The state to resume after this page, or {@code null} on the last page. */
  @Nullable PagingState pagingState();

  /**
   * Fetches the next page; this page stays as it is.
   *
   * @throws IllegalStateException if there is no next page
   */
  CompletionStage<AsyncResultSet> fetchNextPage();

  /**
   * For a lightweight transaction ({@code IF ...}), whether it was applied; {@code true} for every
   * other statement.
   */
  boolean wasApplied();

  /** Warnings the server attached to the response (empty when none). */
  List<String> warnings();

  /** How this page was obtained: coordinator, attempts, warnings, tracing id, custom payload. */
  ExecutionInfo executionInfo();

  /** Releases the page's buffer if its rows were not all consumed. Idempotent. */
  @Override
  void close();
}
