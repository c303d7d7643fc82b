package io.scyllaboot.driver.internal.cql;

import io.scyllaboot.driver.api.cql.AsyncResultSet;
import io.scyllaboot.driver.api.cql.ColumnDefinitions;
import io.scyllaboot.driver.api.cql.ExecutionInfo;
import io.scyllaboot.driver.api.cql.PagingState;
import io.scyllaboot.driver.api.cql.Row;
import io.scyllaboot.driver.api.type.PrimitiveType;
import io.scyllaboot.driver.internal.protocol.codec.CodecRegistry;
import io.scyllaboot.driver.internal.protocol.codec.TypeCodec;
import io.scyllaboot.driver.internal.protocol.frame.ResponseFrame;
import io.scyllaboot.driver.internal.protocol.message.DefaultColumnDefinitions;
import io.scyllaboot.driver.internal.protocol.message.RowsResult;
import io.scyllaboot.driver.internal.util.DriverThreads;
import java.lang.ref.Cleaner;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;

/**
 * One page of a result over a lazy {@link RowsResult}. Column definitions come from the prepared
 * statement when the server skipped them, else are parsed from the page on first use; codecs are
 * looked up once per column on first read. The page's buffer is released when the iteration moves
 * past the last row, or on {@link #close()}.
 */
public final class ResultPage implements AsyncResultSet {
  private static final String APPLIED = "[applied]";

  /**
   * Releases the buffer of a page that became unreachable before it was consumed or closed, for
   * example after {@code page.one()} read the only row that mattered. Explicit release goes through
   * the same cleanable, so the buffer is released exactly once either way.
   */
  private static final Cleaner CLEANER = Cleaner.create(DriverThreads.factory("page-cleaner"));

  private final RowsResult rows;
  private final Cleaner.Cleanable cleanable;
  private final ColumnDefinitions knownColumns;
  private final ResponseFrame frame;
  private final InetSocketAddress coordinator;
  private final List<ExecutionInfo.Attempt> failedAttempts;
  private final Function<PagingState, CompletionStage<AsyncResultSet>> nextPageFetcher;
  private ColumnDefinitions columns;
  private TypeCodec<?>[] codecs;
  private int next;
  private Boolean applied;

  /**
   * @param rows the page's rows, or null for results without rows; ownership passes to this page
   * @param knownColumns the prepared result columns when the server skipped metadata, else null
   * @param frame the response (its warnings, tracing id and custom payload)
   * @param coordinator the node that answered
   * @param failedAttempts the attempts that failed before, in order (null when none)
   * @param nextPageFetcher fetches the page after a paging state (used only when there is one)
   */
  public ResultPage(
      RowsResult rows,
      ColumnDefinitions knownColumns,
      ResponseFrame frame,
      InetSocketAddress coordinator,
      List<ExecutionInfo.Attempt> failedAttempts,
      Function<PagingState, CompletionStage<AsyncResultSet>> nextPageFetcher) {
    this.rows = rows;
    this.knownColumns = knownColumns;
    this.frame = frame;
    this.coordinator = coordinator;
    this.failedAttempts = failedAttempts;
    this.nextPageFetcher = nextPageFetcher;
    this.cleanable = rows == null ? null : CLEANER.register(this, rows::release);
  }

  @Override
  public ColumnDefinitions columnDefinitions() {
    if (columns == null) {
      ColumnDefinitions parsed = rows == null ? null : rows.columns();
      columns =
          parsed != null
              ? parsed
              : (knownColumns != null ? knownColumns : DefaultColumnDefinitions.EMPTY);
    }
    return columns;
  }

  TypeCodec<?> codec(int column) {
    TypeCodec<?>[] resolved = codecs;
    if (resolved == null) {
      resolved = new TypeCodec<?>[rows.columnCount()];
      codecs = resolved;
    }
    TypeCodec<?> codec = resolved[column];
    if (codec == null) {
      codec = CodecRegistry.DEFAULT.codecFor(columnDefinitions().get(column).type());
      resolved[column] = codec;
    }
    return codec;
  }

  RowsResult rows() {
    return rows;
  }

  @Override
  public Iterable<Row> currentPage() {
    return this::iterator;
  }

  private Iterator<Row> iterator() {
    return new Iterator<>() {
      @Override
      public boolean hasNext() {
        if (rows != null && next < rows.rowCount()) {
          return true;
        }
        close();
        return false;
      }

      @Override
      public Row next() {
        if (!hasNext()) {
          throw new NoSuchElementException();
        }
        return new LazyRow(ResultPage.this, next++);
      }
    };
  }

  @Override
  public int remaining() {
    return rows == null || rows.isReleased() ? 0 : rows.rowCount() - next;
  }

  @Override
  public Row one() {
    if (remaining() == 0) {
      close();
      return null;
    }
    return new LazyRow(this, next++);
  }

  @Override
  public boolean hasMorePages() {
    return rows != null && rows.pagingState() != null;
  }

  @Override
  public PagingState pagingState() {
    return hasMorePages() ? PagingState.fromBytes(rows.pagingState()) : null;
  }

  @Override
  public CompletionStage<AsyncResultSet> fetchNextPage() {
    if (!hasMorePages()) {
      throw new IllegalStateException("this is the last page: check hasMorePages() first");
    }
    return nextPageFetcher.apply(pagingState());
  }

  @Override
  public boolean wasApplied() {
    if (applied == null) {
      applied = readApplied();
    }
    return applied;
  }

  /**
   * The {@code [applied]} column of a lightweight transaction's first row; true for other results.
   * Read before the page is released, so that it survives iteration and close.
   */
  private boolean readApplied() {
    if (rows == null || rows.isReleased() || rows.rowCount() == 0) {
      return true;
    }
    boolean conditional =
        rows.hasMetadata()
            ? rows.firstColumnIs(APPLIED)
            : knownColumns != null
                && knownColumns.size() > 0
                && APPLIED.equals(knownColumns.get(0).name());
    if (!conditional || columnDefinitions().get(0).type() != PrimitiveType.BOOLEAN) {
      return true;
    }
    return Boolean.TRUE.equals(new LazyRow(this, 0).getObject(0));
  }

  @Override
  public List<String> warnings() {
    return frame.warnings();
  }

  @Override
  public ExecutionInfo executionInfo() {
    List<ExecutionInfo.Attempt> attempts;
    ExecutionInfo.Attempt answer = new ExecutionInfo.Attempt(coordinator, null);
    if (failedAttempts == null || failedAttempts.isEmpty()) {
      attempts = List.of(answer);
    } else {
      attempts = new ArrayList<>(failedAttempts);
      attempts.add(answer);
      attempts = List.copyOf(attempts);
    }
    return new ExecutionInfo(
        coordinator, attempts, frame.warnings(), frame.tracingId(), frame.customPayload());
  }

  /**
   * A copy of this page on the heap that is never released, so that its rows stay readable after
   * the iteration (for {@code ResultSet.all()}). This page is left as it is.
   */
  ResultPage detachedCopy() {
    return new ResultPage(
        rows.detachedCopy(),
        columnDefinitions(),
        frame,
        coordinator,
        failedAttempts,
        nextPageFetcher);
  }

  @Override
  public void close() {
    if (cleanable != null) {
      if (applied == null) {
        applied = readApplied();
      }
      cleanable.clean();
    }
  }

  @Override
  public String toString() {
    return "ResultPage[rows=" + (rows == null ? 0 : rows.rowCount()) + ", next=" + next + "]";
  }
}
