package io.scyllaboot.driver.internal.session;

import io.netty.buffer.ByteBuf;
import io.netty.util.Timeout;
import io.scyllaboot.driver.api.cql.AsyncResultSet;
import io.scyllaboot.driver.api.cql.ColumnDefinitions;
import io.scyllaboot.driver.api.cql.ExecutionInfo;
import io.scyllaboot.driver.api.cql.PagingState;
import io.scyllaboot.driver.api.cql.Statement;
import io.scyllaboot.driver.api.error.AllNodesFailedException;
import io.scyllaboot.driver.api.error.ConnectionException;
import io.scyllaboot.driver.api.error.DriverTimeoutException;
import io.scyllaboot.driver.api.error.NodeUnresponsiveException;
import io.scyllaboot.driver.api.error.ServerException;
import io.scyllaboot.driver.api.error.UnpreparedException;
import io.scyllaboot.driver.api.metrics.RequestInfo;
import io.scyllaboot.driver.api.metrics.RequestListener;
import io.scyllaboot.driver.api.policy.RetryPolicy;
import io.scyllaboot.driver.api.policy.SpeculativeExecutionPolicy;
import io.scyllaboot.driver.internal.connection.DriverChannel;
import io.scyllaboot.driver.internal.connection.ResponseCallback;
import io.scyllaboot.driver.internal.cql.DefaultBoundStatement;
import io.scyllaboot.driver.internal.cql.DefaultPreparedStatement;
import io.scyllaboot.driver.internal.cql.ResultPage;
import io.scyllaboot.driver.internal.metadata.DefaultNode;
import io.scyllaboot.driver.internal.pool.ChannelPool;
import io.scyllaboot.driver.internal.protocol.Opcodes;
import io.scyllaboot.driver.internal.protocol.frame.FrameHeader;
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
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One request through the load-balanced path: takes nodes from the query plan until one has a
 * connection, sends, and applies the retry policy to errors. The timeout covers every attempt, and
 * the time spent in the throttler's queue: each attempt gets what is left of it. The attempts of
 * one execution are sequential, so an execution needs no locks.
 *
 * <p>One object per request plays every role: the handler is the future the caller gets, the
 * callback its connection completes, and (for a bound statement at the session's defaults) the
 * EXECUTE it sends. Only the per-attempt {@code PendingRequest} is separate.
 *
 * <p>Speculative executions (idempotent statements, when the session has a policy): the handler the
 * caller holds is the first execution and the <em>root</em>; each speculative execution is another
 * handler of the same request (same bytes, plan, deadline) that reports to the root instead of
 * completing itself. The root is completed once (a CAS on its state), by the first response or a
 * final error; it then cancels the other executions' attempts, whose stream ids stay held until
 * their late responses. An execution that runs out of nodes ends the request only if it was the
 * last one running.
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
  private static final int DONE = 4; // claimed by an execution: only with speculative executions
  private static final AtomicIntegerFieldUpdater<RequestHandler> STATE =
      AtomicIntegerFieldUpdater.newUpdater(RequestHandler.class, "state");
  private static final AtomicIntegerFieldUpdater<RequestHandler> RUNNING =
      AtomicIntegerFieldUpdater.newUpdater(RequestHandler.class, "running");

  private final DefaultCqlSession session;
  private final Statement<?> statement;
  // What is sent: this handler itself for a bound statement at the session's defaults (no request
  // object of its own), else the statement's own request.
  private final Request request;
  // This handler as an EXECUTE: the shared parameters, and what is this request's own.
  private final @Nullable QueryOptions sharedOptions;
  private final byte @Nullable [] resultMetadataId;
  private final long timestamp;
  private final byte @Nullable [] payload; // this handler as the EXECUTE: its custom payload
  // The prepared result columns when the request asked the server to skip them, else null.
  private final @Nullable ColumnDefinitions knownColumns;
  private final QueryPlan plan;
  private final long token;
  private final boolean idempotent;
  private final RetryPolicy retryPolicy;
  private final long deadline;
  private final long startNanos;
  private volatile int state;
  private volatile @Nullable Timeout queueTimeout; // the throttler's, while queued
  private List<ExecutionInfo.Attempt> failedAttempts; // the root's, for every execution
  private DefaultNode node;
  private DriverChannel channel;
  private int retries;
  private int attempts;
  private boolean reprepared;
  private boolean moved; // taken off an unresponsive node once: not again
  private final @Nullable RequestListener listener;
  private @Nullable Object listenerContext;
  // Speculative executions. The session's policy (null for none): it learns every latency; this
  // request's (null unless idempotent): it may start more executions. The root is null for the
  // root itself; the rest is used only when speculation is non-null.
  private final @Nullable SpeculativeExecutionPolicy latencyPolicy;
  private final @Nullable SpeculativeExecutionPolicy speculation;
  private final @Nullable RequestHandler root;
  private long sentNanos;
  private volatile @Nullable CompletableFuture<ResponseFrame> pendingAttempt;
  private volatile int running; // root: executions that still have nodes to try
  private volatile int speculativeExecutions; // root: started so far
  private volatile @Nullable RequestHandler latestExecution; // root: the newest speculative one
  private @Nullable RequestHandler earlierExecution; // the one started before this one
  private volatile @Nullable RequestHandler winner; // root: the execution that completed it
  private volatile @Nullable ScheduledFuture<?> nextSpeculation; // root

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
      this.payload = requests.policies().payload(statement);
      this.request = this;
      this.knownColumns = sharedOptions.skipMetadata() ? prepared.resultColumns() : null;
    } else {
      this.resultMetadataId = null;
      this.timestamp = QueryOptions.NO_TIMESTAMP;
      this.payload = null;
      this.request = requests.encode(statement);
      this.knownColumns = StatementRequests.knownColumns(request, prepared);
    }
    this.plan = plan;
    this.token = token;
    this.idempotent = requests.isIdempotent(statement);
    this.retryPolicy = requests.policies().retryPolicy(statement);
    this.startNanos = session.metrics().start();
    this.deadline = System.nanoTime() + requests.timeoutNanos(statement);
    this.root = null;
    this.latencyPolicy =
        requests.policies().speculativePolicy(statement, session.speculativeExecutionPolicy());
    this.speculation = idempotent ? latencyPolicy : null;
    this.running = 1;
    this.listener = session.requestListener();
    if (listener != null) {
      listenerContext = listener.onStart(this);
    }
  }

  /** A speculative execution of {@code root}: the same request, reporting to the root. */
  private RequestHandler(RequestHandler root) {
    this.session = root.session;
    this.statement = root.statement;
    this.sharedOptions = root.sharedOptions;
    this.resultMetadataId = root.resultMetadataId;
    this.timestamp = root.timestamp; // the same write, should two executions apply it
    this.payload = root.payload; // the same request id
    this.request = root.request == root ? this : root.request;
    this.knownColumns = root.knownColumns;
    this.plan = root.plan;
    this.token = root.token;
    this.idempotent = root.idempotent;
    this.retryPolicy = root.retryPolicy;
    this.startNanos = root.startNanos;
    this.deadline = root.deadline;
    this.root = root;
    this.latencyPolicy = root.latencyPolicy;
    this.speculation = root.speculation;
    this.listener = null;
  }

  // ---- the throttler's side: a queued request either leaves the queue or expires, never both

  void markQueued() {
    state = QUEUED;
  }

  long remainingNanos() {
    return deadline - System.nanoTime();
  }

  /**
   * The throttler's timer entry for this queued request; cancelled as soon as the request leaves
   * the queue (also when that happened before the entry was handed over).
   */
  void queueTimeout(Timeout timeout) {
    queueTimeout = timeout;
    if (state != QUEUED) {
      cancelQueueTimeout();
    }
  }

  private void cancelQueueTimeout() {
    Timeout timeout = queueTimeout;
    if (timeout != null) {
      queueTimeout = null;
      timeout.cancel();
    }
  }

  /** Takes the request out of the queue to start it; false if it expired there. */
  boolean leaveQueue() {
    if (!STATE.compareAndSet(this, QUEUED, STARTED)) {
      return false;
    }
    cancelQueueTimeout();
    return true;
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
      if (speculation != null && channel != null && !isDone()) {
        scheduleSpeculation(this, 1);
      }
    } catch (RuntimeException e) {
      fail(e); // a defect, not the node's: the caller learns of it through the future
    }
  }

  private void sendToNextNode() {
    int index;
    while ((index = plan.pollIndex()) >= 0) {
      if (sendTo(index)) {
        return;
      }
    }
    RequestHandler request = rootOrThis();
    if (speculation != null && RUNNING.decrementAndGet(request) > 0) {
      return; // another execution may still answer
    }
    fail(new AllNodesFailedException("no node could run '" + describe() + "'", errorsByNode()));
  }

  /** Sends to the plan's node at {@code index}; false (recorded) if it has no open connection. */
  private boolean sendTo(int index) {
    DefaultNode candidate = plan.node(index);
    ChannelPool pool = session.pool(candidate);
    DriverChannel connection = DefaultCqlSession.connection(pool, plan.shard(index), token);
    if (connection == null) {
      recordAttempt(candidate, new ConnectionException("no open connection to " + candidate));
      return false;
    }
    node = candidate;
    send(connection);
    return true;
  }

  // ---- speculative executions (root only)

  /** Schedules the execution after {@code executions}, relative to {@code latest}'s start. */
  private void scheduleSpeculation(RequestHandler latest, int executions) {
    long delay = speculation.nextExecutionDelayNanos(latest.node, statement, executions);
    if (delay < 0) {
      return;
    }
    ScheduledFuture<?> scheduled =
        latest
            .channel
            .eventLoop()
            .schedule(() -> speculate(executions), delay, TimeUnit.NANOSECONDS);
    nextSpeculation = scheduled;
    if (isDone()) {
      scheduled.cancel(false); // completed meanwhile: its cancellation may have missed this one
    }
  }

  /** Starts one more execution on the plan's next node, unless the request is over. */
  private void speculate(int executions) {
    if (isDone() || deadline - System.nanoTime() <= 0) {
      return;
    }
    int index = plan.pollIndex();
    if (index < 0) {
      return; // no node left to speculate on
    }
    RequestHandler execution = new RequestHandler(this);
    RUNNING.incrementAndGet(this);
    execution.earlierExecution = latestExecution;
    latestExecution = execution;
    speculativeExecutions = executions;
    session.metrics().speculativeExecution();
    if (!execution.sendTo(index)) {
      execution.sendToNextNode();
    }
    if (execution.channel != null && !isDone()) {
      scheduleSpeculation(execution, executions + 1);
    }
  }

  /** Cancels every execution's attempt but the winner's, and the next speculation. */
  private void cancelOtherExecutions(RequestHandler completing) {
    ScheduledFuture<?> scheduled = nextSpeculation;
    if (scheduled != null) {
      scheduled.cancel(false);
    }
    cancelAttempt(this, completing);
    for (RequestHandler e = latestExecution; e != null; e = e.earlierExecution) {
      cancelAttempt(e, completing);
    }
  }

  private static void cancelAttempt(RequestHandler execution, RequestHandler completing) {
    CompletableFuture<ResponseFrame> pending = execution.pendingAttempt;
    if (execution != completing && pending != null) {
      // Unwritten: never sent. Written: its stream id stays held until the late response.
      pending.cancel(false);
    }
  }

  /** Completes the request once: with speculative executions, the first to claim it wins. */
  private boolean claim() {
    if (speculation == null) {
      return true;
    }
    int current;
    do {
      current = state;
      if (current == DONE || current == EXPIRED) {
        return false;
      }
    } while (!STATE.compareAndSet(this, current, DONE));
    return true;
  }

  private RequestHandler rootOrThis() {
    return root == null ? this : root;
  }

  private void send(DriverChannel connection) {
    long remaining = deadline - System.nanoTime();
    if (remaining <= 0) {
      fail(timeout());
      return;
    }
    channel = connection;
    attempts++;
    if (latencyPolicy != null) {
      sentNanos = System.nanoTime();
    }
    try {
      // The channel calls onResponse directly: no whenComplete stage per attempt.
      CompletableFuture<ResponseFrame> pending = connection.send(request, remaining, this);
      if (speculation != null) {
        pendingAttempt = pending;
      }
    } catch (RuntimeException e) {
      fail(e);
    }
  }

  @Override
  public boolean movableWhenUnresponsive() {
    // With speculative executions the next nodes are tried already, and the stuck attempt may
    // still answer: it is waited for, not abandoned. Without a next node it would only fail.
    return idempotent && !moved && speculation == null && plan.hasNext();
  }

  @Override
  public void onResponse(ResponseFrame frame, Throwable error) {
    if (speculation != null && rootOrThis().isDone()) {
      // Another execution completed the request (this attempt may be the cancelled one).
      if (frame != null) {
        StatementRequests.releaseRows(frame);
      }
      return;
    }
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
      if (latencyPolicy != null) {
        latencyPolicy.onResponse(node, System.nanoTime() - sentNanos);
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
                  rootOrThis().attemptsSoFar(),
                  rootOrThis().speculativeExecutions,
                  this);
      if (node.distance() == DefaultNode.REMOTE) {
        session.metrics().remoteDatacenterRequest();
        if (page instanceof ResultPage result) {
          result.servedByRemoteDatacenter();
        }
      }
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
    if (!rootOrThis().isDone()) {
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
    if (error instanceof NodeUnresponsiveException) {
      moved = true; // moved once: a second slow node is waited for
    }
    switch (RetryDispatch.decide(retryPolicy, statement, error, idempotent, retries)) {
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

  // On the root, for every execution: a lock on failures only, uncontended without speculation.
  private void recordAttempt(DefaultNode failed, Throwable error) {
    RequestHandler request = rootOrThis();
    synchronized (request) {
      if (request.failedAttempts == null) {
        request.failedAttempts = new ArrayList<>(2);
      }
      request.failedAttempts.add(new ExecutionInfo.Attempt(failed.address(), error));
    }
  }

  /** The failed attempts for a result: a copy when other executions may still add to them. */
  private List<ExecutionInfo.Attempt> attemptsSoFar() {
    if (speculation == null) {
      return failedAttempts;
    }
    synchronized (this) {
      return failedAttempts == null ? null : List.copyOf(failedAttempts);
    }
  }

  private Map<SocketAddress, Throwable> errorsByNode() {
    List<ExecutionInfo.Attempt> failed = rootOrThis().attemptsSoFar();
    if (failed == null) {
      return Map.of();
    }
    Map<SocketAddress, Throwable> errors = new LinkedHashMap<>();
    for (ExecutionInfo.Attempt attempt : failed) {
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

  // The permit is freed before the future completes (a request sent from its callback finds it, and
  // a caller never sees its permit counted after its future completed) and queued requests start
  // after it completed (none overtakes that completion).
  private void succeed(AsyncResultSet page) {
    RequestHandler request = rootOrThis();
    if (!request.claim()) {
      page.close(); // another execution completed the request
      return;
    }
    if (speculation != null) {
      request.winner = this;
      request.cancelOtherExecutions(this);
    }
    request.succeeded(page);
  }

  private void succeeded(AsyncResultSet page) {
    session.metrics().requestSucceeded(startNanos);
    if (listener != null) {
      listener.onSuccess(this, listenerContext);
    }
    Throttler throttler = session.throttler();
    throttler.releasePermit();
    if (!complete(page)) {
      page.close();
    }
    throttler.drainQueued();
  }

  /** Ends the request with an error: a final one, or the last execution ran out of nodes. */
  private void fail(Throwable error) {
    RequestHandler request = rootOrThis();
    if (!request.claim()) {
      return;
    }
    if (speculation != null) {
      request.winner = this;
      request.cancelOtherExecutions(this);
    }
    request.failed(error);
  }

  private void failed(Throwable error) {
    session.metrics().requestFailed(startNanos, error);
    if (listener != null) {
      listener.onError(this, listenerContext, error);
    }
    Throttler throttler = session.throttler();
    throttler.releasePermit();
    completeExceptionally(error);
    throttler.drainQueued();
  }

  // ---- Request: this handler as the EXECUTE of a bound statement at the session's defaults

  @Override
  public int opcode() {
    return Opcodes.EXECUTE;
  }

  @Override
  public int headerFlags() {
    return payload == null ? 0 : FrameHeader.FLAG_CUSTOM_PAYLOAD;
  }

  @Override
  public int encodedSize(int protocolVersion) {
    return encodedSize(protocolVersion, false);
  }

  @Override
  public void encode(ByteBuf out, int protocolVersion) {
    encode(out, protocolVersion, false);
  }

  @Override
  public int encodedSize(int protocolVersion, boolean metadataIds) {
    return (payload == null ? 0 : payload.length)
        + Execute.encodedSize(
            protocolVersion,
            metadataIds,
            ((DefaultBoundStatement) statement).prepared().id(),
            resultMetadataId,
            sharedOptions,
            ((DefaultBoundStatement) statement).values(),
            timestamp);
  }

  @Override
  public void encode(ByteBuf out, int protocolVersion, boolean metadataIds) {
    if (payload != null) {
      out.writeBytes(payload);
    }
    Execute.encode(
        out,
        protocolVersion,
        metadataIds,
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
    RequestHandler last = winnerOrThis();
    return last.node == null ? null : last.node.address();
  }

  @Override
  public int attempts() {
    int all = attempts;
    for (RequestHandler e = latestExecution; e != null; e = e.earlierExecution) {
      all += e.attempts;
    }
    return all;
  }

  @Override
  public boolean scylla() {
    DriverChannel last = winnerOrThis().channel;
    return last != null && last.features() != null && last.features().isSharded();
  }

  private RequestHandler winnerOrThis() {
    RequestHandler completing = winner;
    return completing == null ? this : completing;
  }
}
