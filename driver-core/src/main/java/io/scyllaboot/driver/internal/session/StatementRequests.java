package io.scyllaboot.driver.internal.session;

import io.scyllaboot.driver.api.ConsistencyLevel;
import io.scyllaboot.driver.api.cql.AsyncResultSet;
import io.scyllaboot.driver.api.cql.BatchStatement;
import io.scyllaboot.driver.api.cql.ColumnDefinitions;
import io.scyllaboot.driver.api.cql.ExecutionInfo;
import io.scyllaboot.driver.api.cql.PagingState;
import io.scyllaboot.driver.api.cql.SimpleStatement;
import io.scyllaboot.driver.api.cql.Statement;
import io.scyllaboot.driver.api.cql.StatementOptions;
import io.scyllaboot.driver.api.error.ConnectionException;
import io.scyllaboot.driver.api.error.DriverException;
import io.scyllaboot.driver.internal.connection.DriverChannel;
import io.scyllaboot.driver.internal.cql.DefaultBoundStatement;
import io.scyllaboot.driver.internal.cql.DefaultPreparedStatement;
import io.scyllaboot.driver.internal.cql.ResultPage;
import io.scyllaboot.driver.internal.cql.SimpleValues;
import io.scyllaboot.driver.internal.protocol.frame.ResponseFrame;
import io.scyllaboot.driver.internal.protocol.message.Batch;
import io.scyllaboot.driver.internal.protocol.message.Execute;
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
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;

/**
 * Turns statements into protocol requests (with the session's defaults applied) and responses into
 * result pages. Stateless apart from the settings; shared by the load-balanced and pinned paths.
 */
final class StatementRequests {
  private final SessionSettings settings;
  private final long defaultTimeoutNanos;
  private final ClientTimestamps timestamps;

  /** A statement ready to send: its request and, for a bound statement, its prepared metadata. */
  record Encoded(
      Request request, DefaultPreparedStatement prepared, ColumnDefinitions knownColumns) {}

  StatementRequests(SessionSettings settings) {
    this.settings = settings;
    this.defaultTimeoutNanos = settings.requestTimeout().toNanos();
    this.timestamps = settings.clientTimestamps() ? new ClientTimestamps() : null;
  }

  /** The statement's own timestamp, else the session's next one, else none. */
  private long timestamp(StatementOptions options) {
    Long own = options.timestamp();
    if (own != null) {
      return own;
    }
    return timestamps == null ? QueryOptions.NO_TIMESTAMP : timestamps.next();
  }

  long timeoutNanos(Statement<?> statement) {
    return statement.options().timeout() == null
        ? defaultTimeoutNanos
        : statement.options().timeout().toNanos();
  }

  boolean isIdempotent(Statement<?> statement) {
    Boolean idempotent = statement.options().idempotent();
    return idempotent == null ? settings.idempotent() : idempotent;
  }

  /**
   * The request for a statement.
   *
   * @throws DriverException for values that cannot be sent (before anything is sent)
   */
  Encoded encode(Statement<?> statement) {
    StatementOptions options = statement.options();
    Encoded encoded;
    if (statement instanceof SimpleStatement simple) {
      UseStatements.refuse(simple.query());
      encoded =
          new Encoded(
              new Query(simple.query(), queryOptions(options, SimpleValues.of(simple), false)),
              null,
              null);
    } else if (statement instanceof BatchStatement batch) {
      encoded = new Encoded(batchRequest(batch), null, null);
    } else {
      DefaultBoundStatement bound = (DefaultBoundStatement) statement;
      DefaultPreparedStatement prepared = bound.prepared();
      boolean skipMetadata = prepared.canSkipMetadata();
      Request request =
          new Execute(
              prepared.id(),
              prepared.resultMetadataId(),
              queryOptions(options, bound.values(), skipMetadata));
      encoded = new Encoded(request, prepared, skipMetadata ? prepared.resultColumns() : null);
    }
    if (options.tracing()) {
      return new Encoded(
          new TracedRequest(encoded.request()), encoded.prepared(), encoded.knownColumns());
    }
    return encoded;
  }

  /**
   * The result page of a successful response. The page owns the rows; when building it fails, the
   * rows are released and the exception is thrown.
   */
  AsyncResultSet toResultSet(
      Encoded encoded,
      ResponseFrame frame,
      InetSocketAddress coordinator,
      List<ExecutionInfo.Attempt> failedAttempts,
      Function<PagingState, CompletionStage<AsyncResultSet>> nextPage) {
    if (!(frame.message() instanceof RowsResult rows)) {
      return new ResultPage(null, null, frame, coordinator, failedAttempts, nextPage, null);
    }
    try {
      DefaultPreparedStatement prepared = encoded.prepared();
      if (prepared != null && rows.newMetadataId() != null && rows.hasMetadata()) {
        prepared.updateResultMetadata(rows.newMetadataId(), rows.columns());
      }
      ColumnDefinitions known = encoded.knownColumns();
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
      return new ResultPage(
          rows,
          rows.hasMetadata() ? null : known,
          frame,
          coordinator,
          failedAttempts,
          nextPage,
          prepared);
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
              return CompletableFuture.failedFuture(
                  new ConnectionException(channel + " answered PREPARE with " + frame.message()));
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
        children.add(new Batch.Child(simple.query(), null, SimpleValues.of(simple)));
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
    int pageSize = options.pageSize() > 0 ? options.pageSize() : settings.pageSize();
    byte[] pagingState = options.pagingState() == null ? null : options.pagingState().toBytes();
    return new QueryOptions(
        consistencyCode(options),
        values,
        skipMetadata,
        pageSize,
        pagingState,
        serialConsistencyCode(options),
        timestamp(options),
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
