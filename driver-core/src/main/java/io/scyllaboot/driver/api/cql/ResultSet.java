package io.scyllaboot.driver.api.cql;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The result of a synchronous execution. Iterating fetches further pages transparently (blocking
 * the iterating thread while a page is fetched). Rows may be kept: see {@link Row}. {@link
 * #close()} ends the iteration. Iterate from one thread.
 */
public interface ResultSet extends PagingIterable<Row>, AutoCloseable {

  @Override
  ColumnDefinitions columnDefinitions();

  /** The next row, or {@code null} when there are no more. */
  @Override
  @Nullable Row one();

  /** Every remaining row, fetching every page. Use on results known to be small. */
  @Override
  List<Row> all();

  /**
   * The rows of the current page not read yet: reading that many more never waits for a page (the
   * DataStax driver's {@code getAvailableWithoutFetching()}).
   */
  @Override
  int availableWithoutFetching();

  /** Whether the current page is the last one: reading on never fetches another page. */
  @Override
  boolean isFullyFetched();

  /** The state after the current page, or {@code null} on the last page. */
  @Nullable PagingState pagingState();

  /** Whether a lightweight transaction was applied ({@code true} for other statements). */
  @Override
  boolean wasApplied();

  /** Warnings the server attached to the first page. */
  List<String> warnings();

  /** How the current page (the last one fetched) was obtained. */
  @Override
  ExecutionInfo executionInfo();

  @Override
  void close();
}
