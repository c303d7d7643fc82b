package io.scyllaboot.driver.internal.session;

import io.scyllaboot.driver.api.ConsistencyLevel;
import io.scyllaboot.driver.api.cql.AsyncResultSet;
import io.scyllaboot.driver.api.cql.BatchStatement;
import io.scyllaboot.driver.api.cql.ColumnDefinitions;
import io.scyllaboot.driver.api.cql.ExecutionInfo;
import io.scyllaboot.driver.api.cql.PagingState;
import io.scyllaboot.driver.api.cql.QueryTrace;
import io.scyllaboot.driver.api.cql.SimpleStatement;
import io.scyllaboot.driver.api.cql.Statement;
import io.scyllaboot.driver.api.cql.StatementOptions;
import io.scyllaboot.driver.api.error.DriverException;
import io.scyllaboot.driver.api.error.FrameDecodingException;
import io.scyllaboot.driver.internal.connection.DriverChannel;
import io.scyllaboot.driver.internal.cql.DefaultBoundStatement;
import io.scyllaboot.driver.internal.cql.DefaultPreparedStatement;
import io.scyllaboot.driver.internal.cql.MappingCodecs;
import io.scyllaboot.driver.internal.cql.NonIdempotentWrites;
import io.scyllaboot.driver.internal.cql.ResultPage;
import io.scyllaboot.driver.internal.cql.SimpleValues;
import io.scyllaboot.driver.internal.protocol.frame.ResponseFrame;
import io.scyllaboot.driver.internal.protocol.message.Batch;
import io.scyllaboot.driver.internal.protocol.message.Execute;
import io.scyllaboot.driver.internal.protocol.message.PayloadRequest;
import io.scyllaboot.driver.internal.protocol.message.Prepare;
import io.scyllaboot.driver.internal.protocol.message.Query;
import io.scyllaboot.driver.internal.protocol.message.QueryOptions;
import io.scyllaboot.driver.internal.protocol.message.Request;
import io.scyllaboot.driver.internal.protocol.message.Response;
import io.scyllaboot.driver.internal.protocol.message.Result;
import io.scyllaboot.driver.internal.protocol.message.RowsResult;
import io.scyllaboot.driver.internal.protocol.message.TracedRequest;
import io.scyllaboot.driver.internal.protocol.message.Values;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * Turns statements into protocol requests (with the session's defaults applied) and responses into
 * result pages. Stateless apart from the settings; shared by the load-balanced and pinned paths.
 */
final class StatementRequests {
  private final SessionSettings settings;
  private final long defaultTimeoutNanos;
  private final ClientTimestamps timestamps;
  // The query parameters of every bound statement at the session's defaults, with and without
  // SKIP_METADATA: the values and timestamp of each request are written at encode time.
  private final QueryOptions sharedWithMetadata;
  private final QueryOptions sharedSkippingMetadata;
  private final RequestPolicies policies;

  private final @Nullable Function<UUID, CompletionStage<QueryTrace>> traces;

  /** {@code traces} reads traces for the results' execution infos (null: none). */
  StatementRequests(
      SessionSettings settings, @Nullable Function<UUID, CompletionStage<QueryTrace>> traces) {
    this.traces = traces;
    this.settings = settings;
    this.defaultTimeoutNanos = settings.requestTimeout().toNanos();
    this.timestamps = settings.clientTimestamps() ? new ClientTimestamps() : null;
    this.sharedWithMetadata = queryOptions(StatementOptions.DEFAULTS, null, false, false);
    this.sharedSkippingMetadata = queryOptions(StatementOptions.DEFAULTS, null, true, false);
    this.policies = new RequestPolicies(settings.policies());
  }

  /** The session's codecs of application types. */
  MappingCodecs mappingCodecs() {
    return settings.policies().codecs();
  }

  /** Profiles, retry policies, custom payloads and request ids. */
  RequestPolicies policies() {
    return policies;
  }

  /**
   * The shared query parameters of a bound statement whose options leave consistency, serial
   * consistency, page size and paging state at the session's defaults and that is not traced; null
   * for any other statement (it gets a request of its own from {@link #encode}). The caller writes
   * the statement's values and {@link #timestamp(Statement)} with them.
   *
   * @throws IllegalArgumentException for more values than the protocol can count
   */
  @Nullable QueryOptions sharedOptions(Statement<?> statement) {
    if (!(statement instanceof DefaultBoundStatement bound)) {
      return null;
    }
    StatementOptions options = bound.options();
    if (options.consistency() != null
        || options.serialConsistency() != null
        || options.pageSize() > 0
        || options.pagingState() != null
        || options.tracing()) {
      return null;
    }
    QueryOptions.checkValueCount(bound.values());
    return bound.prepared().canSkipMetadata() ? sharedSkippingMetadata : sharedWithMetadata;
  }

  /** The timestamp a request for this statement carries (see {@link #sharedOptions}). */
  long timestamp(Statement<?> statement) {
    return timestamp(statement.options());
  }

  /** The statement's own timestamp, else the session's next one, else none. */
  private long timestamp(StatementOptions options) {
    Long own = options.timestamp();
    if (own != null) {
      return own;
    }
    return timestamps == null ? QueryOptions.NO_TIMESTAMP : timestamps.next();
  }

  /**
   * The QUERY of a simple statement, not refusing a USE: {@link KeyspaceSwitch} sends one on every
   * connection ({@link #encode} refuses it, as it would switch one).
   */
  Query simpleQuery(SimpleStatement simple) {
    return new Query(
        simple.query(),
        queryOptions(simple.options(), SimpleValues.of(simple, mappingCodecs()), false));
  }

  long timeoutNanos(Statement<?> statement) {
    return statement.options().timeout() == null
        ? defaultTimeoutNanos
        : statement.options().timeout().toNanos();
  }

  boolean isIdempotent(Statement<?> statement) {
    Boolean idempotent = statement.options().idempotent();
    if (idempotent != null) {
      return idempotent;
    }
    // The default never covers an LWT or a counter update: a second run is a different write.
    return settings.idempotent() && !NonIdempotentWrites.of(statement);
  }

  /**
   * The request for a statement.
   *
   * @throws DriverException for values that cannot be sent (before anything is sent)
   */
  Request encode(Statement<?> statement) {
    StatementOptions options = statement.options();
    Request request;
    if (statement instanceof SimpleStatement simple) {
      UseStatements.refuse(simple.query());
      request = simpleQuery(simple);
    } else if (statement instanceof BatchStatement batch) {
      request = batchRequest(batch);
    } else {
      DefaultBoundStatement bound = (DefaultBoundStatement) statement;
      DefaultPreparedStatement prepared = bound.prepared();
      boolean skipMetadata = prepared.canSkipMetadata();
      request =
          new Execute(
              prepared.id(),
              prepared.resultMetadataId(),
              queryOptions(options, bound.values(), skipMetadata));
    }
    Request traced = options.tracing() ? new TracedRequest(request) : request;
    byte[] payload = policies.payload(statement);
    return payload == null ? traced : new PayloadRequest(traced, payload);
  }

  /** The prepared statement a statement executes (null for simple statements and batches). */
  static @Nullable DefaultPreparedStatement preparedOf(Statement<?> statement) {
    return statement instanceof DefaultBoundStatement bound ? bound.prepared() : null;
  }

  /**
   * The prepared result columns the rows of a response to {@code request} are read with when it
   * asked the server to skip them, else null. Taken when the request is built: the statement's
   * metadata may change while the request is in flight.
   */
  static @Nullable ColumnDefinitions knownColumns(
      Request request, @Nullable DefaultPreparedStatement prepared) {
    Request sent = request.unwrapped();
    return prepared != null && sent instanceof Execute execute && execute.options().skipMetadata()
        ? prepared.resultColumns()
        : null;
  }

  /**
   * The result page of a successful response. The page owns the rows; when building it fails, the
   * rows are released and the exception is thrown.
   */
  AsyncResultSet toResultSet(
      @Nullable DefaultPreparedStatement prepared,
      @Nullable ColumnDefinitions known,
      ResponseFrame frame,
      InetSocketAddress coordinator,
      List<ExecutionInfo.Attempt> failedAttempts,
      int speculativeExecutions,
      Function<PagingState, CompletionStage<AsyncResultSet>> nextPage) {
    if (!(frame.message() instanceof RowsResult rows)) {
      if (!(frame.message() instanceof Result) || frame.message() instanceof Result.Prepared) {
        // READY or SUPPORTED where a RESULT belongs: never read as an empty page.
        throw new FrameDecodingException(
            "the node answered "
                + (prepared == null ? "a statement" : "'" + prepared.query() + "'")
                + " with "
                + frame.message()
                + " instead of a RESULT");
      }
      return new ResultPage(
          null,
          null,
          frame,
          coordinator,
          failedAttempts,
          speculativeExecutions,
          nextPage,
          null,
          traces);
    }
    try {
      if (prepared != null && rows.newMetadataId() != null && rows.hasMetadata()) {
        prepared.updateResultMetadata(rows.newMetadataId(), rows.columns());
      }
      if (known != null && !prepared.hasResultMetadataId()) {
        // v4: the statement may have been prepared again since this request was encoded (after
        // UNPREPARED, the same request is resent): its columns now are the ones the server used.
        known = prepared.resultColumns();
      }
      if (!rows.hasMetadata() && (known == null || known.size() != rows.columnCount())) {
        throw new DriverException(
            "rows of '"
                + (prepared == null ? "?" : prepared.query())
                + "' have "
                + rows.columnCount()
                + " columns but the prepared metadata has "
                + (known == null ? 0 : known.size())
                + "; the table changed: prepare the statement again");
      }
      ResultPage page =
          new ResultPage(
              rows,
              rows.hasMetadata() ? null : known,
              frame,
              coordinator,
              failedAttempts,
              speculativeExecutions,
              nextPage,
              prepared,
              traces);
      page.useMappingCodecs(mappingCodecs());
      return page;
    } catch (RuntimeException e) {
      rows.release();
      throw e;
    }
  }

  /** The prepared statement (the statement itself, or a batch child) with this id, or null. */
  static DefaultPreparedStatement findPrepared(Statement<?> statement, byte[] id) {
    if (statement instanceof DefaultBoundStatement bound
        && Arrays.equals(bound.prepared().id(), id)) {
      return bound.prepared();
    }
    if (statement instanceof BatchStatement batch) {
      for (Statement<?> child : batch.statements()) {
        DefaultPreparedStatement found = findPrepared(child, id);
        if (found != null) {
          return found;
        }
      }
    }
    return null;
  }

  /** Prepares a query on one connection. */
  CompletionStage<Result.Prepared> prepare(DriverChannel channel, String query) {
    try {
      UseStatements.refuse(query);
    } catch (RuntimeException e) {
      return CompletableFuture.failedFuture(e);
    }
    return channel
        .send(new Prepare(query, null), defaultTimeoutNanos)
        .thenCompose(
            frame -> {
              if (frame.message() instanceof Result.Prepared prepared) {
                return CompletableFuture.completedFuture(prepared);
              }
              if (frame.message() instanceof Response.Error error) {
                error.exception().setNode(channel.remoteAddress());
                return CompletableFuture.failedFuture(error.exception());
              }
              releaseRows(frame);
              FrameDecodingException wrong =
                  new FrameDecodingException(
                      channel + " answered PREPARE with " + frame.message() + ", not PREPARED");
              channel.closeAfter(wrong);
              return CompletableFuture.failedFuture(wrong);
            });
  }

  /**
   * Prepares again on this connection (the node forgot the statement) and refreshes the result
   * metadata: the table may have changed, which is why the node forgot it.
   */
  CompletionStage<Void> reprepare(DriverChannel channel, DefaultPreparedStatement prepared) {
    return prepare(channel, prepared.query())
        .thenAccept(
            response ->
                prepared.updateResultMetadata(
                    response.resultMetadataId(), response.resultMetadata().columns()));
  }

  static void releaseRows(ResponseFrame frame) {
    if (frame.message() instanceof RowsResult rows) {
      rows.release();
    }
  }

  private Batch batchRequest(BatchStatement batch) {
    List<Batch.Child> children = new ArrayList<>(batch.statements().size());
    for (Statement<?> child : batch.statements()) {
      if (child instanceof SimpleStatement simple) {
        children.add(
            new Batch.Child(simple.query(), null, SimpleValues.of(simple, mappingCodecs())));
      } else {
        DefaultBoundStatement bound = (DefaultBoundStatement) child;
        children.add(new Batch.Child(null, bound.prepared().id(), bound.values()));
      }
    }
    StatementOptions options = batch.options();
    return new Batch(
        batch.type().code(),
        children,
        consistencyCode(options),
        serialConsistencyCode(options),
        timestamp(options));
  }

  private QueryOptions queryOptions(StatementOptions options, Values values, boolean skipMetadata) {
    return queryOptions(options, values, skipMetadata, true);
  }

  private QueryOptions queryOptions(
      StatementOptions options, Values values, boolean skipMetadata, boolean withTimestamp) {
    int pageSize = options.pageSize() > 0 ? options.pageSize() : settings.pageSize();
    byte[] pagingState = options.pagingState() == null ? null : options.pagingState().toBytes();
    return new QueryOptions(
        consistencyCode(options),
        values,
        skipMetadata,
        pageSize,
        pagingState,
        serialConsistencyCode(options),
        withTimestamp ? timestamp(options) : QueryOptions.NO_TIMESTAMP,
        null);
  }

  private int consistencyCode(StatementOptions options) {
    ConsistencyLevel level = options.consistency();
    return (level == null ? settings.consistency() : level).code();
  }

  /** -1 (not sent) for SERIAL, the server's default. */
  private int serialConsistencyCode(StatementOptions options) {
    ConsistencyLevel level = options.serialConsistency();
    ConsistencyLevel serial = level == null ? settings.serialConsistency() : level;
    return serial == ConsistencyLevel.SERIAL ? -1 : serial.code();
  }
}
