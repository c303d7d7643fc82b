package io.scyllaboot.driver.internal.session;

import io.scyllaboot.driver.api.cql.AsyncResultSet;
import io.scyllaboot.driver.api.cql.ColumnDefinitions;
import io.scyllaboot.driver.api.cql.PreparedStatement;
import io.scyllaboot.driver.api.cql.ResultSet;
import io.scyllaboot.driver.api.cql.SimpleStatement;
import io.scyllaboot.driver.api.cql.Statement;
import io.scyllaboot.driver.api.error.ConnectionException;
import io.scyllaboot.driver.api.error.UnpreparedException;
import io.scyllaboot.driver.api.session.PinnedSession;
import io.scyllaboot.driver.internal.connection.DriverChannel;
import io.scyllaboot.driver.internal.cql.DefaultPreparedStatement;
import io.scyllaboot.driver.internal.cql.DefaultResultSet;
import io.scyllaboot.driver.internal.protocol.message.Request;
import io.scyllaboot.driver.internal.protocol.message.Response;
import io.scyllaboot.driver.internal.util.Futures;
import java.net.InetSocketAddress;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The session of a callback: binds one connection at the first statement (through the query plan of
 * that statement), then sends every statement straight to it. See {@link PinnedSession} for the
 * contract when the connection dies.
 */
final class DefaultPinnedSession implements PinnedSession {
  private final DefaultCqlSession session;
  private final AtomicReference<DriverChannel> bound = new AtomicReference<>();

  DefaultPinnedSession(DefaultCqlSession session) {
    this.session = session;
  }

  private DriverChannel channelFor(Statement<?> statement) {
    DriverChannel channel = bound.get();
    if (channel == null) {
      DriverChannel candidate = session.pickChannel(statement);
      channel = bound.compareAndSet(null, candidate) ? candidate : bound.get();
    }
    if (!channel.isOpen()) {
      throw new ConnectionException(
          "the connection of this session callback ("
              + channel
              + ") closed; the callback's"
              + " remaining statements are not moved to another node");
    }
    return channel;
  }

  @Override
  public CompletionStage<AsyncResultSet> executeAsync(String cql, Object... values) {
    if (values.length == 0) {
      return executeAsync(SimpleStatement.of(cql));
    }
    return session
        .prepareInternal(cql)
        .thenCompose(prepared -> executeAsync(prepared.bind(values)));
  }

  @Override
  public CompletionStage<AsyncResultSet> executeAsync(Statement<?> original) {
    try {
      CqlRequestLog.executing(original);
      Statement<?> statement = session.requests().policies().withProfile(original);
      DriverChannel channel = channelFor(statement);
      Request request = session.requests().encode(statement);
      ColumnDefinitions known =
          StatementRequests.knownColumns(request, StatementRequests.preparedOf(statement));
      return execute(channel, statement, request, known, false);
    } catch (RuntimeException e) { // whatever it is: an async call never throws
      return CompletableFuture.failedFuture(e);
    }
  }

  private CompletionStage<AsyncResultSet> execute(
      DriverChannel channel,
      Statement<?> statement,
      Request request,
      ColumnDefinitions known,
      boolean reprepared) {
    StatementRequests requests = session.requests();
    return channel
        .send(request, requests.timeoutNanos(statement))
        .thenCompose(
            frame -> {
              if (frame.message() instanceof Response.Error error) {
                error.exception().setNode(channel.remoteAddress());
                if (error.exception() instanceof UnpreparedException unprepared && !reprepared) {
                  DefaultPreparedStatement unknown =
                      StatementRequests.findPrepared(statement, unprepared.id());
                  if (unknown != null) {
                    return requests
                        .reprepare(channel, unknown)
                        .thenCompose(ok -> execute(channel, statement, request, known, true));
                  }
                }
                return CompletableFuture.failedFuture(error.exception());
              }
              try {
                return CompletableFuture.completedFuture(
                    requests.toResultSet(
                        StatementRequests.preparedOf(statement),
                        known,
                        frame,
                        (InetSocketAddress) channel.remoteAddress(),
                        null,
                        0,
                        state -> executeAsync(statement.withPagingState(state))));
              } catch (RuntimeException e) {
                return CompletableFuture.failedFuture(e);
              }
            });
  }

  @Override
  public ResultSet execute(String cql, Object... values) {
    return new DefaultResultSet(
        Futures.getUninterruptibly(
            executeAsync(cql, values), "execute", session.syncBounds().prepareAndExecute()),
        session.syncBounds().prepareAndExecute());
  }

  @Override
  public ResultSet execute(Statement<?> statement) {
    return new DefaultResultSet(
        Futures.getUninterruptibly(
            executeAsync(statement), "execute", session.syncBounds().execute(statement)),
        session.syncBounds().execute(statement));
  }

  @Override
  public PreparedStatement prepare(String cql) {
    return Futures.getUninterruptibly(
        session.prepareInternal(cql), "prepare", session.syncBounds().prepare());
  }
}
