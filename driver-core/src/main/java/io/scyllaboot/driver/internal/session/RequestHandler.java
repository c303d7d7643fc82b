package io.scyllaboot.driver.internal.session;

import io.scyllaboot.driver.api.cql.AsyncResultSet;
import io.scyllaboot.driver.api.cql.ExecutionInfo;
import io.scyllaboot.driver.api.cql.PagingState;
import io.scyllaboot.driver.api.cql.Statement;
import io.scyllaboot.driver.api.error.AllNodesFailedException;
import io.scyllaboot.driver.api.error.BusyConnectionException;
import io.scyllaboot.driver.api.error.ConnectionException;
import io.scyllaboot.driver.api.error.DriverTimeoutException;
import io.scyllaboot.driver.api.error.FrameDecodingException;
import io.scyllaboot.driver.api.error.NodeUnresponsiveException;
import io.scyllaboot.driver.api.error.RequestNotSentException;
import io.scyllaboot.driver.api.error.ServerException;
import io.scyllaboot.driver.api.error.UnpreparedException;
import io.scyllaboot.driver.api.policy.RetryPolicy;
import io.scyllaboot.driver.api.policy.SpeculativeExecutionPolicy;
import io.scyllaboot.driver.internal.connection.DriverChannel;
import io.scyllaboot.driver.internal.connection.ResponseCallback;
import io.scyllaboot.driver.internal.cql.DefaultPreparedStatement;
import io.scyllaboot.driver.internal.cql.ResultPage;
import io.scyllaboot.driver.internal.metadata.DefaultNode;
import io.scyllaboot.driver.internal.pool.ChannelPool;
import io.scyllaboot.driver.internal.protocol.frame.ResponseFrame;
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
 * <p>One object per request plays every role: the handler is the future the caller gets (its {@link
 * RequestLifecycle}: whatever the caller does to it ends the request exactly once), the callback
 * its connection completes, and (for a bound statement at the session's defaults) the EXECUTE it
 * sends. Only the per-attempt {@code PendingRequest} is separate.
 *
 * <p>Speculative executions (idempotent statements, when the session has a policy): the handler the
 * caller holds is the first execution and the <em>root</em>; each speculative execution is another
 * handler of the same request (same bytes, plan, deadline) that reports to the root instead of
 * completing itself. The root is completed once (a CAS on its state), by the first response, a
 * final error or its caller; it then cancels the other executions' attempts, whose stream ids stay
 * held until their late responses. An execution that runs out of nodes ends the request only if it
 * was the last one running.
 */
final class RequestHandler extends OutgoingStatement
    implements ResponseCallback, Function<PagingState, CompletionStage<AsyncResultSet>> {
  private static final Logger LOG = LoggerFactory.getLogger(RequestHandler.class);
  private static final AtomicIntegerFieldUpdater<RequestHandler> RUNNING =
      AtomicIntegerFieldUpdater.newUpdater(RequestHandler.class, "running");
  // Never-sent attempts moved to another connection of their node, at most: a bound in case every
  // connection of the node closes one after the other.
  private static final int MAX_SAME_NODE_RESENDS = 3;

  private final QueryPlan plan;
  private final long token;
  private final boolean idempotent;
  private final RetryPolicy retryPolicy;
  private List<ExecutionInfo.Attempt> failedAttempts; // the root's, for every execution
  private DefaultNode node;
  private int shard; // the plan's shard for the node, or -1
  private DriverChannel channel;
  private int retries;
  private int attempts;
  private int sameNodeResends;
  private boolean reprepared;
  private boolean moved; // taken off an unresponsive node once: not again
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
    super(session, statement);
    StatementRequests requests = session.requests();
    this.plan = plan;
    this.token = token;
    this.idempotent = requests.isIdempotent(statement);
    this.retryPolicy = requests.policies().retryPolicy(statement);
    this.root = null;
    this.latencyPolicy =
        requests.policies().speculativePolicy(statement, session.speculativeExecutionPolicy());
    this.speculation = idempotent ? latencyPolicy : null;
    this.running = 1;
    announceStart();
  }

  /** A speculative execution of {@code root}: the same request, reporting to the root. */
  private RequestHandler(RequestHandler root) {
    super(root);
    this.plan = root.plan;
    this.token = root.token;
    this.idempotent = root.idempotent;
    this.retryPolicy = root.retryPolicy;
    this.root = root;
    this.latencyPolicy = root.latencyPolicy;
    this.speculation = root.speculation;
  }

  /** Sends the first attempt; the request holds a throttler permit from here on. */
  void start() {
    try {
      sendToNextNode();
      if (speculation != null && channel != null && !ended()) {
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
    Map<SocketAddress, Throwable> errors = errorsByNode();
    Map<SocketAddress, DefaultNode> nodes = new java.util.HashMap<>();
    for (SocketAddress address : errors.keySet()) {
      DefaultNode known = session.knownNode(address);
      if (known != null) {
        nodes.put(address, known);
      }
    }
    fail(AllNodesFailedException.of("no node could run '" + describe() + "'", errors, nodes));
  }

  /** Sends to the plan's node at {@code index}; false (recorded) if it has no open connection. */
  private boolean sendTo(int index) {
    DefaultNode candidate = plan.node(index);
    ChannelPool pool = session.pool(candidate);
    DriverChannel connection = StatementRouting.connection(pool, plan.shard(index), token);
    if (connection == null) {
      recordAttempt(candidate, new ConnectionException("no open connection to " + candidate));
      return false;
    }
    node = candidate;
    shard = plan.shard(index);
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
    if (ended()) {
      scheduled.cancel(false); // completed meanwhile: its cancellation may have missed this one
    }
  }

  /** Starts one more execution on the plan's next node, unless the request is over. */
  private void speculate(int executions) {
    if (ended() || deadline - System.nanoTime() <= 0) {
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
    if (execution.channel != null && !ended()) {
      scheduleSpeculation(execution, executions + 1);
    }
  }

  @Override
  void stopExecutions(@Nullable RequestLifecycle completing) {
    ScheduledFuture<?> scheduled = nextSpeculation;
    if (scheduled != null) {
      scheduled.cancel(false);
    }
    cancelAttempt(this, completing);
    for (RequestHandler e = latestExecution; e != null; e = e.earlierExecution) {
      cancelAttempt(e, completing);
    }
  }

  private static void cancelAttempt(
      RequestHandler execution, @Nullable RequestLifecycle completing) {
    CompletableFuture<ResponseFrame> pending = execution.pendingAttempt;
    if (execution != completing && pending != null) {
      // Unwritten: never sent. Written: its stream id stays held until the late response.
      pending.cancel(false);
    }
  }

  private RequestHandler rootOrThis() {
    return root == null ? this : root;
  }

  private void send(DriverChannel connection) {
    RequestHandler request = rootOrThis();
    if (request.ended()) {
      return; // e.g. its caller gave up during a re-prepare
    }
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
      CompletableFuture<ResponseFrame> pending =
          connection.send(this.request, plan.tabletVersionBlock(), remaining, this);
      pendingAttempt = pending;
      if (request.ended()) {
        pending.cancel(false); // its caller gave up while it was sent: stop it if unwritten
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

  /**
   * A losing execution's (or a given-up attempt's) answer: its latency still informs the policy.
   */
  @Override
  public void onLateResponse() {
    if (latencyPolicy != null && node != null) {
      latencyPolicy.onResponse(node, System.nanoTime() - sentNanos);
    }
  }

  @Override
  public void onResponse(ResponseFrame frame, Throwable error) {
    if (rootOrThis().ended()) {
      // Another execution or the caller ended the request (this attempt may be a cancelled one).
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
      exception.setCoordinator(node);
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
      // Remote-DC failover; a plan of a profile's own data center sent it where it belongs.
      if (node.distance() == DefaultNode.REMOTE && !plan.isOwnDatacenter()) {
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
      if (e instanceof FrameDecodingException wrongAnswer) {
        channel.closeAfter(wrongAnswer); // nothing else read on it can be trusted
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
    if (!rootOrThis().ended()) {
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
    if (error instanceof RequestNotSentException || error instanceof BusyConnectionException) {
      // Never sent: another connection of the same node can run it before any other node.
      DriverChannel other = otherConnectionOfNode();
      if (other != null) {
        recordAttempt(node, error);
        send(other);
        return;
      }
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

  /** An open connection of the current node other than the one that did not send, or null. */
  private @Nullable DriverChannel otherConnectionOfNode() {
    if (sameNodeResends >= MAX_SAME_NODE_RESENDS) {
      return null;
    }
    DriverChannel other = StatementRouting.connection(session.pool(node), shard, token);
    if (other == null || other == channel || !other.isOpen()) {
      return null;
    }
    sameNodeResends++;
    return other;
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

  @Override
  String describe() {
    String text = statement.toString();
    return text.length() > 100 ? text.substring(0, 97) + "..." : text;
  }

  private void succeed(AsyncResultSet page) {
    RequestHandler request = rootOrThis();
    if (!request.claimEnd()) {
      page.close(); // another execution or the caller ended the request
      return;
    }
    if (speculation != null) {
      request.winner = this;
      request.stopExecutions(this);
    }
    request.endWithResult(page);
  }

  /** Ends the request with an error: a final one, or the last execution ran out of nodes. */
  private void fail(Throwable error) {
    RequestHandler request = rootOrThis();
    if (!request.claimEnd()) {
      return;
    }
    if (speculation != null) {
      request.winner = this;
      request.stopExecutions(this);
    }
    request.endWithError(error);
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
