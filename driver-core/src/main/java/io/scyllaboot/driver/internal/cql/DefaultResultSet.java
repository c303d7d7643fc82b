package io.scyllaboot.driver.internal.cql;

import io.scyllaboot.driver.api.cql.AsyncResultSet;
import io.scyllaboot.driver.api.cql.ColumnDefinitions;
import io.scyllaboot.driver.api.cql.ExecutionInfo;
import io.scyllaboot.driver.api.cql.PagingState;
import io.scyllaboot.driver.api.cql.ResultSet;
import io.scyllaboot.driver.api.cql.Row;
import io.scyllaboot.driver.internal.util.Futures;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;

/** The synchronous result: walks the pages, fetching each next page when the current one ends. */
public final class DefaultResultSet implements ResultSet {
  private final List<String> warnings;
  private final ColumnDefinitions columns;
  private final long pageBoundNanos;
  private AsyncResultSet page;

  /**
   * @param pageBoundNanos how long the fetch of a next page may block (see {@link
   *     Futures#getUninterruptibly(java.util.concurrent.CompletionStage, String, long)})
   */
  public DefaultResultSet(AsyncResultSet firstPage, long pageBoundNanos) {
    this.page = firstPage;
    this.pageBoundNanos = pageBoundNanos;
    this.warnings = firstPage.warnings();
    this.columns = firstPage.columnDefinitions();
  }

  @Override
  public ColumnDefinitions columnDefinitions() {
    return columns;
  }

  @Override
  public Row one() {
    while (true) {
      Row row = page.one();
      if (row != null || !page.hasMorePages()) {
        return row;
      }
      page =
          Futures.getUninterruptibly(
              page.fetchNextPage(), "fetch of the next page", pageBoundNanos);
    }
  }

  @Override
  public Iterator<Row> iterator() {
    return new Iterator<>() {
      private Row next;

      @Override
      public boolean hasNext() {
        if (next == null) {
          next = one();
        }
        return next != null;
      }

      @Override
      public Row next() {
        if (!hasNext()) {
          throw new NoSuchElementException();
        }
        Row row = next;
        next = null;
        return row;
      }
    };
  }

  @Override
  public List<Row> all() {
    List<Row> all = new ArrayList<>();
    for (Row row = one(); row != null; row = one()) {
      all.add(row);
    }
    return all;
  }

  @Override
  public int availableWithoutFetching() {
    return page.remaining();
  }

  @Override
  public boolean isFullyFetched() {
    return !page.hasMorePages();
  }

  @Override
  public PagingState pagingState() {
    return page.pagingState();
  }

  @Override
  public boolean wasApplied() {
    return page.wasApplied();
  }

  @Override
  public List<String> warnings() {
    return warnings;
  }

  @Override
  public ExecutionInfo executionInfo() {
    return page.executionInfo();
  }

  @Override
  public void close() {
    page.close();
  }
}
