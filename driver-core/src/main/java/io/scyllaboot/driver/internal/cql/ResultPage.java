package io.scyllaboot.driver.internal.cql;

import io.scyllaboot.driver.api.cql.AsyncResultSet;
import io.scyllaboot.driver.api.cql.ColumnDefinitions;
import io.scyllaboot.driver.api.cql.ExecutionInfo;
import io.scyllaboot.driver.api.cql.PagingState;
import io.scyllaboot.driver.api.cql.QueryTrace;
import io.scyllaboot.driver.api.cql.Row;
import io.scyllaboot.driver.api.type.PrimitiveType;
import io.scyllaboot.driver.internal.protocol.codec.CodecRegistry;
import io.scyllaboot.driver.internal.protocol.codec.TypeCodec;
import io.scyllaboot.driver.internal.protocol.frame.ResponseFrame;
import io.scyllaboot.driver.internal.protocol.message.DefaultColumnDefinitions;
import io.scyllaboot.driver.internal.protocol.message.HeapRows;
import io.scyllaboot.driver.internal.protocol.message.RowsResult;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.UUID;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;

/**
 * One page of a result. The rows are copied once onto the heap when the page is built and the
 * network buffer is released at once, so that a page dropped unconsumed pins no pooled memory and
 * its rows stay readable after the iteration, after {@link #close()} and from other threads. Cells
 * are still decoded only when read. Column definitions come from the prepared statement when the
 * server skipped them, else are parsed from the page on first use; codecs are looked up once per
 * column on first read.
 *
 * <p>Iteration ({@link #one()}, {@link #currentPage()}) is for one thread; rows are immutable and
 * may be read from any thread.
 */
public final class ResultPage implements AsyncResultSet {
  private boolean remoteDatacenter; // set before the page is handed to the caller
  private MappingCodecs mappingCodecs = MappingCodecs.NONE; // likewise
  private static final String APPLIED = "[applied]";
  private static final TypeCodec<?>[] NO_CODECS = new TypeCodec<?>[0];

  private final HeapRows rows;
  private final ColumnDefinitions knownColumns;
  private final DefaultPreparedStatement prepared;
  private final ResponseFrame frame;
  private final InetSocketAddress coordinator;
  private final List<ExecutionInfo.Attempt> failedAttempts;
  private final int speculativeExecutions;
  private final Function<UUID, CompletionStage<QueryTrace>> traces; // null: none
  private final Function<PagingState, CompletionStage<AsyncResultSet>> nextPageFetcher;
  private final byte[] pagingState;
  // Resolved lazily and racily: a codec is stateless, so a thread that sees null resolves it again.
  private final TypeCodec<?>[] codecs;
  private volatile ColumnDefinitions columns;
  private int next;
  private boolean closed;
  private Boolean applied;

  /**
   * @param rows the page's rows, or null for results without rows; they are copied and released
   * @param knownColumns the prepared result columns when the server skipped metadata, else null
   * @param frame the response (its warnings, tracing id and custom payload)
   * @param coordinator the node that answered
   * @param failedAttempts the attempts that failed before, in order (null when none)
   * @param nextPageFetcher fetches the page after a paging state (used only when there is one)
   * @param prepared the statement executed, whose last sent columns this page reuses when its own
   *     specs are the same bytes; null for unprepared statements
   */
  public ResultPage(
      RowsResult rows,
      ColumnDefinitions knownColumns,
      ResponseFrame frame,
      InetSocketAddress coordinator,
      List<ExecutionInfo.Attempt> failedAttempts,
      Function<PagingState, CompletionStage<AsyncResultSet>> nextPageFetcher,
      DefaultPreparedStatement prepared) {
    this(rows, knownColumns, frame, coordinator, failedAttempts, 0, nextPageFetcher, prepared);
  }

  /** As above, for a request that started {@code speculativeExecutions} speculative executions. */
  public ResultPage(
      RowsResult rows,
      ColumnDefinitions knownColumns,
      ResponseFrame frame,
      InetSocketAddress coordinator,
      List<ExecutionInfo.Attempt> failedAttempts,
      int speculativeExecutions,
      Function<PagingState, CompletionStage<AsyncResultSet>> nextPageFetcher,
      DefaultPreparedStatement prepared) {
    this(
        rows,
        knownColumns,
        frame,
        coordinator,
        failedAttempts,
        speculativeExecutions,
        nextPageFetcher,
        prepared,
        null);
  }

  /** As above, with what reads the request's trace for {@link ExecutionInfo#queryTrace()}. */
  public ResultPage(
      RowsResult rows,
      ColumnDefinitions knownColumns,
      ResponseFrame frame,
      InetSocketAddress coordinator,
      List<ExecutionInfo.Attempt> failedAttempts,
      int speculativeExecutions,
      Function<PagingState, CompletionStage<AsyncResultSet>> nextPageFetcher,
      DefaultPreparedStatement prepared,
      Function<UUID, CompletionStage<QueryTrace>> traces) {
    this.traces = traces;
    this.speculativeExecutions = speculativeExecutions;
    this.prepared = prepared;
    if (rows == null) {
      this.rows = null;
      this.pagingState = null;
      this.codecs = NO_CODECS;
    } else {
      try {
        this.rows = rows.copyToHeap();
      } finally {
        rows.release();
      }
      this.pagingState = rows.pagingState();
      this.codecs = new TypeCodec<?>[this.rows.columnCount()];
    }
    this.knownColumns = knownColumns;
    this.frame = frame;
    this.coordinator = coordinator;
    this.failedAttempts = failedAttempts;
    this.nextPageFetcher = nextPageFetcher;
  }

  @Override
  public ColumnDefinitions columnDefinitions() {
    ColumnDefinitions resolved = columns;
    if (resolved == null) {
      ColumnDefinitions parsed =
          rows == null || !rows.hasMetadata()
              ? null
              : (prepared != null ? prepared.sentColumns(rows) : rows.columns());
      resolved =
          parsed != null
              ? parsed
              : (knownColumns != null ? knownColumns : DefaultColumnDefinitions.EMPTY);
      columns = resolved;
    }
    return resolved;
  }

  TypeCodec<?> codec(int column) {
    TypeCodec<?> codec = codecs[column];
    if (codec == null) {
      codec = CodecRegistry.DEFAULT.codecFor(columnDefinitions().get(column).type());
      codecs[column] = codec;
    }
    return codec;
  }

  HeapRows rows() {
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
        if (remaining() > 0) {
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
    return rows == null || closed ? 0 : rows.rowCount() - next;
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
    return pagingState != null;
  }

  @Override
  public PagingState pagingState() {
    return hasMorePages() ? PagingState.fromBytes(pagingState) : null;
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

  /** The {@code [applied]} column of a lightweight transaction's first row; true for others. */
  private boolean readApplied() {
    if (rows == null || rows.rowCount() == 0) {
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
    ExecutionInfo.Attempt answer = new ExecutionInfo.Attempt(coordinator, null);
    List<ExecutionInfo.Attempt> attempts;
    if (failedAttempts == null || failedAttempts.isEmpty()) {
      attempts = List.of(answer);
    } else {
      List<ExecutionInfo.Attempt> all = new ArrayList<>(failedAttempts);
      all.add(answer);
      attempts = List.copyOf(all);
    }
    return new ExecutionInfo(
        coordinator,
        attempts,
        frame.warnings(),
        frame.tracingId(),
        frame.customPayload(),
        speculativeExecutions,
        remoteDatacenter,
        traces,
        pagingState());
  }

  /** The session's codecs of application types, for rows read as those types. */
  public void useMappingCodecs(MappingCodecs codecs) {
    mappingCodecs = codecs;
  }

  MappingCodecs mappingCodecs() {
    return mappingCodecs;
  }

  /** The coordinator is in a remote data center (remote-DC failover served the request). */
  public void servedByRemoteDatacenter() {
    remoteDatacenter = true;
  }

  /** Ends the iteration of this page; its rows stay readable. */
  @Override
  public void close() {
    closed = true;
  }

  @Override
  public String toString() {
    return "ResultPage[rows=" + (rows == null ? 0 : rows.rowCount()) + ", next=" + next + "]";
  }
}
