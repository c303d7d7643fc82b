package io.scyllaboot.driver.internal.session;

import io.scyllaboot.driver.api.ConsistencyLevel;
import io.scyllaboot.driver.api.cql.AsyncResultSet;
import io.scyllaboot.driver.api.cql.BatchStatement;
import io.scyllaboot.driver.api.cql.ColumnDefinitions;
import io.scyllaboot.driver.api.cql.SimpleStatement;
import io.scyllaboot.driver.api.cql.Statement;
import io.scyllaboot.driver.api.cql.StatementOptions;
import io.scyllaboot.driver.api.error.ConnectionException;
import io.scyllaboot.driver.api.error.DriverException;
import io.scyllaboot.driver.api.error.ServerException;
import io.scyllaboot.driver.api.error.UnpreparedException;
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
import io.scyllaboot.driver.internal.protocol.message.Values;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Turns statements into requests on a connection and responses into result pages or typed errors.
 * Re-prepares and retries once, on the same connection, when the node answers UNPREPARED.
 */
final class RequestExecutor {
  private final SessionSettings settings;
  private final long defaultTimeoutNanos;

  RequestExecutor(SessionSettings settings) {
    this.settings = settings;
    this.defaultTimeoutNanos = settings.requestTimeout().toNanos();
  }

  CompletionStage<AsyncResultSet> execute(DriverChannel channel, Statement<?> statement) {
    return execute(channel, statement, false);
  }

  private CompletionStage<AsyncResultSet> execute(
      DriverChannel channel, Statement<?> statement, boolean reprepared) {
    StatementOptions options = statement.options();
    Request request;
    ColumnDefinitions knownColumns = null;
    DefaultPreparedStatement prepared = null;
    try {
      if (statement instanceof SimpleStatement simple) {
        request = new Query(simple.query(), queryOptions(options, SimpleValues.of(simple), false));
      } else if (statement instanceof BatchStatement batch) {
        request = batchRequest(batch);
      } else {
        DefaultBoundStatement bound = (DefaultBoundStatement) statement;
        prepared = bound.prepared();
        boolean skipMetadata = prepared.canSkipMetadata();
        if (skipMetadata) {
          knownColumns = prepared.resultColumns();
        }
        request =
            new Execute(
                prepared.id(),
                prepared.resultMetadataId(),
                queryOptions(options, bound.values(), skipMetadata));
      }
    } catch (DriverException | IllegalArgumentException e) {
      return CompletableFuture.failedFuture(e);
    }
    long timeout = options.timeout() == null ? defaultTimeoutNanos : options.timeout().toNanos();
    DefaultPreparedStatement preparedStatement = prepared;
    ColumnDefinitions columns = knownColumns;
    return channel
        .send(request, timeout)
        .thenCompose(
            frame -> {
              Response message = frame.message();
              if (message instanceof Response.Error error) {
                ServerException exception = error.exception();
                exception.setNode(channel.remoteAddress());
                if (exception instanceof UnpreparedException unprepared && !reprepared) {
                  DefaultPreparedStatement unknown = findPrepared(statement, unprepared.id());
                  if (unknown != null) {
                    return reprepareAndRetry(channel, unknown, statement);
                  }
                }
                return CompletableFuture.failedFuture(exception);
              }
              try {
                return CompletableFuture.completedFuture(
                    toResultSet(channel, statement, preparedStatement, columns, frame));
              } catch (RuntimeException e) {
                releaseRows(frame);
                return CompletableFuture.failedFuture(e);
              }
            });
  }

  /** The prepared statement (the statement itself, or a batch child) with this id, or null. */
  private static DefaultPreparedStatement findPrepared(Statement<?> statement, byte[] id) {
    if (statement instanceof DefaultBoundStatement bound
        && java.util.Arrays.equals(bound.prepared().id(), id)) {
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
        QueryOptions.NO_TIMESTAMP);
  }

  private CompletionStage<AsyncResultSet> reprepareAndRetry(
      DriverChannel channel, DefaultPreparedStatement prepared, Statement<?> statement) {
    return send(channel, new Prepare(prepared.query(), null))
        .thenCompose(
            response -> {
              // The table may have changed (that is why the node forgot the statement): the rows
              // of the retry must be read with the new columns.
              prepared.updateResultMetadata(
                  response.resultMetadataId(), response.resultMetadata().columns());
              return execute(channel, statement, true);
            });
  }

  private AsyncResultSet toResultSet(
      DriverChannel channel,
      Statement<?> statement,
      DefaultPreparedStatement prepared,
      ColumnDefinitions knownColumns,
      ResponseFrame frame) {
    if (frame.message() instanceof RowsResult rows) {
      if (prepared != null && rows.newMetadataId() != null && rows.hasMetadata()) {
        prepared.updateResultMetadata(rows.newMetadataId(), rows.columns());
      }
      if (!rows.hasMetadata()
          && (knownColumns == null || knownColumns.size() != rows.columnCount())) {
        throw new DriverException(
            "rows of '"
                + prepared.query()
                + "' have "
                + rows.columnCount()
                + " columns but the prepared metadata has "
                + (knownColumns == null ? 0 : knownColumns.size())
                + "; the table changed: prepare the statement again");
      }
      return new ResultPage(
          rows,
          rows.hasMetadata() ? null : knownColumns,
          frame.warnings(),
          state -> execute(channel, statement.withPagingState(state)));
    }
    return new ResultPage(null, null, frame.warnings(), state -> null);
  }

  CompletableFuture<DefaultPreparedStatement> prepare(
      DriverChannel channel, String query, String keyspace) {
    return send(channel, new Prepare(query, null))
        .thenApply(prepared -> new DefaultPreparedStatement(query, keyspace, prepared))
        .toCompletableFuture();
  }

  private CompletionStage<Result.Prepared> send(DriverChannel channel, Prepare prepare) {
    return channel
        .send(prepare, defaultTimeoutNanos)
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

  private static void releaseRows(ResponseFrame frame) {
    if (frame.message() instanceof RowsResult rows) {
      rows.release();
    }
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
        QueryOptions.NO_TIMESTAMP,
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
