package io.scyllaboot.driver.internal.session;

import io.netty.buffer.ByteBuf;
import io.scyllaboot.driver.api.cql.AsyncResultSet;
import io.scyllaboot.driver.api.cql.ColumnDefinitions;
import io.scyllaboot.driver.api.cql.ExecutionInfo;
import io.scyllaboot.driver.api.cql.PagingState;
import io.scyllaboot.driver.api.cql.Statement;
import io.scyllaboot.driver.api.error.AllNodesFailedException;
import io.scyllaboot.driver.api.error.ConnectionException;
import io.scyllaboot.driver.api.error.DriverTimeoutException;
import io.scyllaboot.driver.api.error.ServerException;
import io.scyllaboot.driver.api.error.UnpreparedException;
import io.scyllaboot.driver.api.metrics.RequestInfo;
import io.scyllaboot.driver.api.metrics.RequestListener;
import io.scyllaboot.driver.internal.connection.DriverChannel;
import io.scyllaboot.driver.internal.connection.ResponseCallback;
import io.scyllaboot.driver.internal.cql.DefaultBoundStatement;
import io.scyllaboot.driver.internal.cql.DefaultPreparedStatement;
import io.scyllaboot.driver.internal.metadata.DefaultNode;
import io.scyllaboot.driver.internal.pool.ChannelPool;
import io.scyllaboot.driver.internal.protocol.Opcodes;
import io.scyllaboot.driver.internal.protocol.frame.ResponseFrame;
import io.scyllaboot.driver.internal.protocol.message.Execute;
import io.scyllaboot.driver.internal.protocol.message.QueryOptions;
import io.scyllaboot.driver.internal.protocol.message.Request;
import io.scyllaboot.driver.internal.protocol.message.Response;
import io.scyllaboot.driver.internal.routing.QueryPlan;
import io.scyllaboot.driver.internal.util.Futures;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One request through the load-balanced path: takes nodes from the query plan until one has a
 * connection, sends, and applies the retry policy to errors. The timeout covers every attempt, and
 * the time spent in the throttler's queue: each attempt gets what is left of it. Attempts are
 * sequential, so the handler needs no locks.
 *
 * <p>One object per request plays every role: the handler is the future the caller gets, the
 * callback its connection completes, and (for a bound statement at the session's defaults) the
 * EXECUTE it sends. Only the per-attempt {@code PendingRequest} is separate.
 */
final class RequestHandler extends CompletableFuture<AsyncResultSet>
    implements Request,
        ResponseCallback,
        Function<PagingState, CompletionStage<AsyncResultSet>>,
        RequestInfo {
  private static final Logger LOG = LoggerFactory.getLogger(RequestHandler.class);
  private static final int NEW = 0;
  private static final int QUEUED = 1;
  private static final int STARTED = 2;
  private static final int EXPIRED = 3;
  private static final AtomicIntegerFieldUpdater<RequestHandler> STATE =
      AtomicIntegerFieldUpdater.newUpdater(RequestHandler.class, "state");

  private final DefaultCqlSession session;
  private final Statement<?> statement;
  // What is sent: this handler itself for a bound statement at the session's defaults (no request
  // object of its own), else the statement's own request.
  private final Request request;
  // This handler as an EXECUTE: the shared parameters, and what is this request's own.
  private final @Nullable QueryOptions sharedOptions;
  private final byte @Nullable [] resultMetadataId;
  private final long timestamp;
  // The prepared result columns when the request asked the server to skip them, else null.
  private final @Nullable ColumnDefinitions knownColumns;
  private final QueryPlan plan;
  private final long token;
  private final boolean idempotent;
  private final long deadline;
  private final long startNanos;
  private volatile int state;
  private List<ExecutionInfo.Attempt> failedAttempts;
  private DefaultNode node;
  private DriverChannel channel;
  private int retries;
  private int attempts;
  private boolean reprepared;
  private final @Nullable RequestListener listener;
  private @Nullable Object listenerContext;

  RequestHandler(DefaultCqlSession session, Statement<?> statement, QueryPlan plan, long token) {
    this.session = session;
    this.statement = statement;
    StatementRequests requests = session.requests();
    this.sharedOptions = requests.sharedOptions(statement);
    DefaultPreparedStatement prepared = StatementRequests.preparedOf(statement);
    if (sharedOptions != null) {
      // Taken once, as a request object would: every attempt sends the same bytes.
      this.resultMetadataId = prepared.resultMetadataId();
      this.timestamp = requests.timestamp(statement);
      this.request = this;
      this.knownColumns = sharedOptions.skipMetadata() ? prepared.resultColumns() : null;
    } else {
      this.resultMetadataId = null;
      this.timestamp = QueryOptions.NO_TIMESTAMP;
      this.request = requests.encode(statement);
      this.knownColumns = StatementRequests.knownColumns(request, prepared);
    }
    this.plan = plan;
    this.token = token;
    this.idempotent = session.requests().isIdempotent(statement);
    this.startNanos = session.metrics().start();
    this.deadline = System.nanoTime() + session.requests().timeoutNanos(statement);
    this.listener = session.requestListener();
    if (listener != null) {
      listenerContext = listener.onStart(this);
    }
  }

  // ---- the throttler's side: a queued request either leaves the queue or expires, never both

  void markQueued() {
    state = QUEUED;
  }

  long remainingNanos() {
    return deadline - System.nanoTime();
  }

  /** Takes the request out of the queue to start it; false if it expired there. */
  boolean leaveQueue() {
    return STATE.compareAndSet(this, QUEUED, STARTED);
  }

  /** Fails the request with a timeout if it is still queued; true if it was. */
  boolean expireInQueue() {
    if (!STATE.compareAndSet(this, QUEUED, EXPIRED)) {
      return false;
    }
    DriverTimeoutException error =
        new DriverTimeoutException(
            "'" + describe() + "' waited in the throttler's queue for its whole timeout");
    session.metrics().requestFailed(startNanos, error);
    if (listener != null) {
      listener.onError(this, listenerContext, error);
    }
    completeExceptionally(error);
    return true;
  }

  /** The throttler refused the request: it ends here, unsent. */
  void refused(Throwable error) {
    if (listener != null) {
      listener.onError(this, listenerContext, error);
    }
  }

  /** Sends the first attempt; the request holds a throttler permit from here on. */
  void start() {
    try {
      sendToNextNode();
    } catch (RuntimeException e) {
      fail(e); // a defect, not the node's: the caller learns of it through the future
    }
  }

  private void sendToNextNode() {
    DefaultNode candidate;
    while ((candidate = plan.poll()) != null) {
      ChannelPool pool = session.pool(candidate);
      DriverChannel connection = DefaultCqlSession.connection(pool, plan, token);
      if (connection != null) {
        node = candidate;
        send(connection);
        return;
      }
      recordAttempt(candidate, new ConnectionException("no open connection to " + candidate));
    }
    fail(new AllNodesFailedException("no node could run '" + describe() + "'", errorsByNode()));
  }

  private void send(DriverChannel connection) {
    long remaining = deadline - System.nanoTime();
    if (remaining <= 0) {
      fail(timeout());
      return;
    }
    channel = connection;
    attempts++;
    try {
      // The channel calls onResponse directly: no whenComplete stage per attempt.
      connection.send(request, remaining, this);
    } catch (RuntimeException e) {
      fail(e);
    }
  }

  @Override
  public void onResponse(ResponseFrame frame, Throwable error) {
    if (error != null) {
      onError(Futures.unwrap(error));
      return;
    }
    Response message = frame.message();
    if (message instanceof Response.Error serverError) {
      ServerException exception = serverError.exception();
      exception.setNode(channel.remoteAddress());
      onError(exception);
      return;
    }
    boolean rowsHandedOver = false;
    try {
      if (!frame.customPayload().isEmpty()) {
        session.learnTablet(statement, frame);
      }
      if (!frame.warnings().isEmpty() && session.logsServerWarnings()) {
        LOG.warn("{} warned about '{}': {}", node.address(), describe(), frame.warnings());
      }
      rowsHandedOver = true; // the page owns the rows, or toResultSet released them
      AsyncResultSet page =
          // The handler itself fetches the next page: no fetcher object per request.
          session
              .requests()
              .toResultSet(
                  StatementRequests.preparedOf(statement),
                  knownColumns,
                  frame,
                  node.address(),
                  failedAttempts,
                  this);
      CompletionStage<?> agreement = session.afterResult(frame, channel);
      if (agreement == null) {
        succeed(page);
      } else {
        agreement.whenComplete((agreed, ignored) -> succeed(page));
      }
    } catch (RuntimeException e) {
      if (!rowsHandedOver) {
        StatementRequests.releaseRows(frame);
      }
      fail(e);
    }
  }

  /**
   * The backstop: {@link #onResponse} threw (a defect, e.g. in code it calls), so the request fails
   * with that error now instead of leaving its caller to wait forever.
   */
  @Override
  public void onCallbackFailure(Throwable unexpected) {
    if (!isDone()) {
      fail(unexpected);
    }
  }

  /** Fetches the page after {@code state}: the same statement, resumed. */
  @Override
  public CompletionStage<AsyncResultSet> apply(PagingState state) {
    return session.executeAsync(statement.withPagingState(state));
  }

  private void onError(Throwable error) {
    if (error instanceof UnpreparedException unprepared && !reprepared) {
      DefaultPreparedStatement unknown = StatementRequests.findPrepared(statement, unprepared.id());
      if (unknown != null) {
        reprepared = true;
        DriverChannel same = channel;
        session
            .requests()
            .reprepare(same, unknown)
            .whenComplete(
                (ok, prepareError) -> {
                  if (prepareError != null) {
                    fail(Futures.unwrap(prepareError));
                  } else {
                    send(same);
                  }
                });
        return;
      }
    }
    if (error instanceof DriverTimeoutException) {
      fail(error);
      return;
    }
    switch (RetryPolicy.decide(error, idempotent, retries)) {
      case RETRY_SAME -> {
        retries++;
        session.metrics().retried();
        recordAttempt(node, error);
        send(channel);
      }
      case RETRY_NEXT -> {
        retries++;
        session.metrics().retried();
        recordAttempt(node, error);
        sendToNextNode();
      }
      default -> fail(error);
    }
  }

  private void recordAttempt(DefaultNode failed, Throwable error) {
    if (failedAttempts == null) {
      failedAttempts = new ArrayList<>(2);
    }
    failedAttempts.add(new ExecutionInfo.Attempt(failed.address(), error));
  }

  private Map<SocketAddress, Throwable> errorsByNode() {
    if (failedAttempts == null) {
      return Map.of();
    }
    Map<SocketAddress, Throwable> errors = new LinkedHashMap<>();
    for (ExecutionInfo.Attempt attempt : failedAttempts) {
      errors.put(attempt.node(), attempt.error());
    }
    return errors;
  }

  private DriverTimeoutException timeout() {
    return new DriverTimeoutException(
        "'"
            + describe()
            + "' got no answer within its timeout after "
            + (retries + 1)
            + " attempt(s)");
  }

  private String describe() {
    String text = statement.toString();
    return text.length() > 100 ? text.substring(0, 97) + "..." : text;
  }

  // Complete first, then release the permit: a queued request never overtakes the completion of
  // the one it waited for, and a caller never sees its permit counted after its future completed.
  private void succeed(AsyncResultSet page) {
    session.metrics().requestSucceeded(startNanos);
    if (listener != null) {
      listener.onSuccess(this, listenerContext);
    }
    if (!complete(page)) {
      page.close();
    }
    session.throttler().release();
  }

  private void fail(Throwable error) {
    session.metrics().requestFailed(startNanos, error);
    if (listener != null) {
      listener.onError(this, listenerContext, error);
    }
    completeExceptionally(error);
    session.throttler().release();
  }

  // ---- Request: this handler as the EXECUTE of a bound statement at the session's defaults

  @Override
  public int opcode() {
    return Opcodes.EXECUTE;
  }

  @Override
  public int encodedSize(int protocolVersion) {
    return Execute.encodedSize(
        protocolVersion,
        ((DefaultBoundStatement) statement).prepared().id(),
        resultMetadataId,
        sharedOptions,
        ((DefaultBoundStatement) statement).values(),
        timestamp);
  }

  @Override
  public void encode(ByteBuf out, int protocolVersion) {
    Execute.encode(
        out,
        protocolVersion,
        ((DefaultBoundStatement) statement).prepared().id(),
        resultMetadataId,
        sharedOptions,
        ((DefaultBoundStatement) statement).values(),
        timestamp);
  }

  // ---- RequestInfo, for the listener: read on the thread that runs the attempts

  @Override
  public String query() {
    return StatementTexts.query(statement);
  }

  @Override
  public @Nullable String keyspace() {
    return StatementTexts.keyspace(statement, session.keyspace());
  }

  @Override
  public @Nullable InetSocketAddress node() {
    return node == null ? null : node.address();
  }

  @Override
  public int attempts() {
    return attempts;
  }

  @Override
  public boolean scylla() {
    return channel != null && channel.features() != null && channel.features().isSharded();
  }
}
