package io.scyllaboot.driver.api.cql;

import java.util.List;
import java.util.concurrent.CompletionStage;
import org.jspecify.annotations.Nullable;

/**
 * One page of a result, as delivered by the asynchronous API. The page holds no network buffer: its
 * rows were copied to the heap when it arrived, so a page that is dropped unconsumed costs nothing
 * but garbage, and its rows stay readable (see {@link Row}).
 *
 * <p>Not thread-safe: iterate a page from one thread at a time (its rows may be read anywhere).
 */
public interface AsyncResultSet extends AutoCloseable {

  /** The columns of the rows (built on first call; empty for results without rows). */
  ColumnDefinitions columnDefinitions();

  /** The rows of this page not yet iterated, once; rows stay readable after the iteration. */
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

  /**
   * Ends the iteration of this page: {@link #remaining()} becomes 0. Rows already taken stay
   * readable. Idempotent; optional, as the page holds no resources.
   */
  @Override
  void close();
}
