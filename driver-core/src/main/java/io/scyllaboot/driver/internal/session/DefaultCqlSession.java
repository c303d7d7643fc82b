package io.scyllaboot.driver.internal.session;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.util.HashedWheelTimer;
import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.PreparedCacheStats;
import io.scyllaboot.driver.api.cql.AsyncResultSet;
import io.scyllaboot.driver.api.cql.BoundStatement;
import io.scyllaboot.driver.api.cql.PreparedStatement;
import io.scyllaboot.driver.api.cql.ResultSet;
import io.scyllaboot.driver.api.cql.SimpleStatement;
import io.scyllaboot.driver.api.cql.Statement;
import io.scyllaboot.driver.api.error.AllNodesFailedException;
import io.scyllaboot.driver.api.error.ConnectionException;
import io.scyllaboot.driver.api.error.DriverTimeoutException;
import io.scyllaboot.driver.api.error.RequestThrottledException;
import io.scyllaboot.driver.api.metadata.ClusterMetadata;
import io.scyllaboot.driver.api.metrics.RequestListener;
import io.scyllaboot.driver.api.metrics.SessionSnapshot;
import io.scyllaboot.driver.api.policy.SpeculativeExecutionPolicy;
import io.scyllaboot.driver.api.session.AsyncSessionCallback;
import io.scyllaboot.driver.api.session.SessionCallback;
import io.scyllaboot.driver.internal.connection.ChannelFactory;
import io.scyllaboot.driver.internal.connection.ConnectionOptions;
import io.scyllaboot.driver.internal.connection.DriverChannel;
import io.scyllaboot.driver.internal.connection.SessionIdentity;
import io.scyllaboot.driver.internal.connection.Transport;
import io.scyllaboot.driver.internal.cql.DefaultPreparedStatement;
import io.scyllaboot.driver.internal.cql.DefaultResultSet;
import io.scyllaboot.driver.internal.metadata.DefaultNode;
import io.scyllaboot.driver.internal.metrics.SessionMetrics;
import io.scyllaboot.driver.internal.pool.ChannelPool;
import io.scyllaboot.driver.internal.protocol.frame.ResponseFrame;
import io.scyllaboot.driver.internal.protocol.message.Result;
import io.scyllaboot.driver.internal.routing.QueryPlan;
import io.scyllaboot.driver.internal.util.DriverThreads;
import io.scyllaboot.driver.internal.util.Futures;
import java.net.SocketAddress;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The session: the request path (statement cache, query plan, pool, connection, retries) on top of
 * the {@link Cluster} (control connection, topology, pools), and the resources both share.
 */
public final class DefaultCqlSession implements CqlSession {
  private static final Logger LOG = LoggerFactory.getLogger(DefaultCqlSession.class);

  private final SessionSettings settings;
  private final io.scyllaboot.driver.api.type.CodecRegistry codecRegistry;
  private final EventLoopGroup group;
  private final HashedWheelTimer timer;
  private final SessionMetrics metrics;
  private final Cluster cluster;
  private final StatementRequests requests;
  private final StatementRouting routing;
  private final KeyspaceSwitch keyspaceSwitch;
  private final Throttler throttler;
  private final PreparedStatementCache preparedCache;
  private final SyncBounds syncBounds;
  private final AtomicBoolean closed = new AtomicBoolean();
  private final CompletableFuture<Void> closeFuture = new CompletableFuture<>();

  private DefaultCqlSession(SessionSettings settings) {
    this.settings = settings;
    this.group =
        new MultiThreadIoEventLoopGroup(
            settings.ioThreads(),
            DriverThreads.factory(settings.sessionName() + "-io"),
            Transport.select(settings.nativeTransport()).ioHandlerFactory());
    this.timer =
        new HashedWheelTimer(
            DriverThreads.factory(settings.sessionName() + "-timer"), 10, TimeUnit.MILLISECONDS);
    this.metrics = settings.instrumentation().sessionMetrics(settings.sessionName());
    ConnectionOptions options =
        new ConnectionOptions(
            settings.protocolVersion(),
            settings.connectTimeout(),
            settings.initQueryTimeout(),
            settings.maxRequestsPerConnection(),
            settings.maxQueuedRequests(),
            ConnectionOptions.DEFAULTS.maxFrameLength(),
            settings.heartbeatInterval(),
            settings.compression(),
            settings.sslContext(),
            settings.hostnameVerification(),
            settings.authProvider(),
            settings.policies().applicationName(),
            settings.policies().applicationVersion());
    ChannelFactory factory =
        new ChannelFactory(
                group,
                options,
                settings.sessionName(),
                metrics.countsTraffic() ? metrics : null,
                identity(settings))
            .tabletsRoutingV2(settings.routing().tabletsRoutingV2())
            .sniProxy(settings.sniProxy());
    this.cluster =
        new Cluster(
            settings, factory, timer, Cluster.adminExecutor(settings.sessionName()), metrics);
    this.requests = new StatementRequests(settings, new QueryTraces(this));
    this.routing = new StatementRouting(cluster, requests.policies(), settings.consistency());
    this.codecRegistry =
        new io.scyllaboot.driver.internal.cql.SessionCodecRegistry(
            settings.policies().codecs(), cluster);
    this.syncBounds = new SyncBounds(settings);
    this.throttler =
        settings.maxConcurrentRequests() > 0
            ? new Throttler(settings.maxConcurrentRequests(), settings.maxThrottledQueue(), timer)
            : Throttler.UNLIMITED;
    // Keyed by query text alone: a USE, which changes the keyspace, clears it (KeyspaceSwitch).
    this.preparedCache =
        new PreparedStatementCache(
            settings.maxPrepared(), metrics, query -> cluster.prepare(requests, query));
    this.keyspaceSwitch = new KeyspaceSwitch(cluster, requests, preparedCache);
  }

  /**
   * The session's id and configuration, sent in STARTUP to a ScyllaDB node that offers {@code
   * CLIENT_OPTIONS}; the id is logged so that an operator can find the session in {@code
   * system.clients}.
   */
  private static SessionIdentity identity(SessionSettings settings) {
    SessionIdentity identity =
        new SessionIdentity(java.util.UUID.randomUUID(), SessionConfigJson.of(settings));
    LOG.debug(
        "[{}] session id {} (shown to ScyllaDB in system.clients.client_options){}",
        settings.sessionName(),
        identity.sessionId(),
        identity.configJson() == null ? "; its configuration is over 32 KiB and is not sent" : "");
    return identity;
  }

  /** How many connect timeouts opening a session may take in all, whatever goes wrong. */
  static final int START_TIMEOUT_FACTOR = 3;

  /**
   * Opens a session; fails when no contact point can be reached, when a start-up step fails, or
   * when the whole start-up takes more than {@link #START_TIMEOUT_FACTOR} connect timeouts.
   */
  public static CompletionStage<CqlSession> connect(SessionSettings settings) {
    DefaultCqlSession session = new DefaultCqlSession(settings);
    CompletableFuture<CqlSession> started = new CompletableFuture<>();
    long boundNanos = settings.connectTimeout().toNanos() * START_TIMEOUT_FACTOR;
    io.netty.util.Timeout bound =
        session.timer.newTimeout(
            timeout -> {
              if (started.completeExceptionally(
                  new DriverTimeoutException(
                      "the session did not start within "
                          + Duration.ofNanos(boundNanos)
                          + " ("
                          + START_TIMEOUT_FACTOR
                          + " x the connect timeout)"))) {
                session.closeAsync();
              }
            },
            boundNanos,
            TimeUnit.NANOSECONDS);
    session
        .cluster
        .init()
        .whenComplete(
            (ignored, error) -> {
              bound.cancel();
              if (error != null) {
                if (started.completeExceptionally(Futures.unwrap(error))) {
                  session.closeAsync();
                }
              } else if (!started.complete(session)) {
                session.closeAsync(); // too late: the caller was told it failed
              }
            });
    return started;
  }

  // ---- collaborators, for the request handlers

  StatementRequests requests() {
    return requests;
  }

  SessionMetrics metrics() {
    return metrics;
  }

  /** The session's request listeners as one, or null when there is none. */
  RequestListener requestListener() {
    return settings.instrumentation().requestListener();
  }

  SyncBounds syncBounds() {
    return syncBounds;
  }

  Throttler throttler() {
    return throttler;
  }

  /** The session's speculative execution policy, or null for none. */
  SpeculativeExecutionPolicy speculativeExecutionPolicy() {
    SpeculativeExecutionPolicy policy = settings.speculativeExecution();
    return policy == SpeculativeExecutionPolicy.NONE ? null : policy;
  }

  boolean logsServerWarnings() {
    return settings.logServerWarnings();
  }

  ChannelPool pool(DefaultNode node) {
    return cluster.pool(node);
  }

  io.scyllaboot.driver.internal.routing.LoadBalancingPolicy loadBalancing() {
    return cluster.loadBalancing();
  }

  /** Waits (bounded) for schema agreement after DDL, so that the next statement sees it. */
  CompletionStage<?> afterResult(ResponseFrame frame, DriverChannel coordinator) {
    if (frame.message() instanceof Result.SchemaChange) {
      return cluster
          .awaitSchemaAgreement(coordinator)
          .thenCompose(agreed -> cluster.refreshSchema());
    }
    return null;
  }

  QueryPlan planFor(Statement<?> statement, long token) {
    return routing.planFor(statement, token);
  }

  /** The session's node at this address, or null (not a node's, or not yet known). */
  @Nullable DefaultNode knownNode(SocketAddress address) {
    return cluster.knownNode(address);
  }

  /** Learns a tablet from a response's routing payload (a misrouted request to a tablet table). */
  void learnTablet(Statement<?> statement, ResponseFrame frame) {
    cluster.learnTablet(statement, frame);
  }

  /** The first connection of the statement's plan, for a pinned session. */
  DriverChannel pickChannel(Statement<?> statement) {
    long token = StatementRouting.tokenOf(statement);
    QueryPlan plan = planFor(statement, token);
    Map<SocketAddress, Throwable> errors = new LinkedHashMap<>();
    Map<SocketAddress, DefaultNode> nodes = new java.util.HashMap<>();
    DefaultNode node;
    while ((node = plan.poll()) != null) {
      ChannelPool pool = cluster.pool(node);
      DriverChannel channel = StatementRouting.connection(pool, plan, token);
      if (channel != null) {
        return channel;
      }
      errors.put(node.address(), new ConnectionException("no open connection"));
      nodes.put(node.address(), node);
    }
    throw AllNodesFailedException.of(
        "no connection to bind the session callback to", errors, nodes);
  }

  // ---- the API

  @Override
  public CompletionStage<AsyncResultSet> executeAsync(String cql, Object... values) {
    if (values.length == 0) {
      return executeAsync(SimpleStatement.of(cql));
    }
    DefaultPreparedStatement cached = preparedCache.get(cql);
    if (cached != null) {
      // The hot path: no continuation, binding happens on the caller's thread.
      BoundStatement bound;
      try {
        bound = cached.bind(values);
      } catch (RuntimeException e) {
        return CompletableFuture.failedFuture(e);
      }
      return executeAsync(bound);
    }
    // The request starts where the PREPARE completes: listeners carry the caller's context there.
    return preparedCache
        .prepareMissing(cql)
        .thenCompose(inCallerContext(prepared -> executeAsync(prepared.bind(values))));
  }

  @Override
  public <T, R> Function<T, R> inCallerContext(Function<T, R> continuation) {
    RequestListener listener = requestListener();
    return listener == null ? continuation : listener.onDeferredStart(continuation);
  }

  @Override
  public CompletionStage<AsyncResultSet> executeAsync(Statement<?> statement) {
    if (closed.get()) {
      return CompletableFuture.failedFuture(new ConnectionException("the session is closed"));
    }
    if (statement instanceof SimpleStatement simple && UseStatements.isUse(simple.query())) {
      return keyspaceSwitch.use(simple);
    }
    RequestHandler handler;
    try {
      CqlRequestLog.executing(statement);
      statement = requests.policies().withProfile(statement);
      long token = StatementRouting.tokenOf(statement);
      // The handler encodes the statement: an error in its values fails here, unsent.
      handler = new RequestHandler(this, statement, planFor(statement, token), token);
    } catch (RuntimeException e) { // whatever it is: an async call never throws
      return CompletableFuture.failedFuture(e);
    }
    try {
      throttler.submit(handler);
    } catch (RequestThrottledException throttled) {
      metrics.throttled();
      handler.refused(throttled);
      return CompletableFuture.failedFuture(throttled);
    } catch (RuntimeException e) { // e.g. the timer stopped by a concurrent close
      handler.refused(e);
      return CompletableFuture.failedFuture(e);
    }
    return handler;
  }

  @Override
  public CompletionStage<PreparedStatement> prepareAsync(String cql) {
    DefaultPreparedStatement cached = preparedCache.get(cql);
    if (cached != null) {
      return CompletableFuture.completedFuture(cached); // the hot path: one future, no stage
    }
    // a stage of the caller's own: the PREPARE's future is shared with concurrent callers
    return preparedCache.prepareMissing(cql).thenApply(prepared -> prepared);
  }

  CompletableFuture<DefaultPreparedStatement> prepareInternal(String cql) {
    return preparedCache.getOrPrepare(cql);
  }

  @Override
  public ResultSet execute(String cql, Object... values) {
    return new DefaultResultSet(
        Futures.getUninterruptibly(
            executeAsync(cql, values), "execute", syncBounds.prepareAndExecute()),
        syncBounds.prepareAndExecute());
  }

  @Override
  public ResultSet execute(Statement<?> statement) {
    return new DefaultResultSet(
        Futures.getUninterruptibly(
            executeAsync(statement), "execute", syncBounds.execute(statement)),
        syncBounds.execute(statement));
  }

  @Override
  public PreparedStatement prepare(String cql) {
    return Futures.getUninterruptibly(prepareAsync(cql), "prepare", syncBounds.prepare());
  }

  /** The protocol version the control connection speaks (negotiated unless pinned). */
  public int protocolVersion() {
    return cluster.protocolVersion();
  }

  @Override
  public <T> T executeInSession(SessionCallback<T> callback) {
    DriverThreads.checkNotDriverThread("executeInSession");
    return callback.doInSession(new DefaultPinnedSession(this));
  }

  @Override
  public <T> CompletionStage<T> executeInSessionAsync(AsyncSessionCallback<T> callback) {
    try {
      return callback.doInSession(new DefaultPinnedSession(this));
    } catch (RuntimeException e) {
      return CompletableFuture.failedFuture(e);
    }
  }

  @Override
  public ClusterMetadata metadata() {
    return cluster;
  }

  @Override
  public io.scyllaboot.driver.api.cql.ReactiveResultSet executeReactive(Statement<?> statement) {
    java.util.Objects.requireNonNull(statement, "statement");
    return new io.scyllaboot.driver.internal.cql.RowPublisher(() -> executeAsync(statement));
  }

  @Override
  public io.scyllaboot.driver.api.type.CodecRegistry codecRegistry() {
    return codecRegistry;
  }

  @Override
  public String keyspace() {
    return cluster.keyspace();
  }

  @Override
  public PreparedCacheStats preparedCacheStats() {
    return preparedCache.stats();
  }

  @Override
  public String name() {
    return settings.sessionName();
  }

  @Override
  public SessionSnapshot snapshot() {
    int version;
    try {
      version = cluster.protocolVersion();
    } catch (RuntimeException noControlConnection) {
      version = 0; // reconnecting: no channel to ask
    }
    return SessionSnapshots.of(settings, cluster, throttler, preparedCache.stats(), version);
  }

  @Override
  public CompletionStage<Void> closeAsync() {
    if (closed.compareAndSet(false, true)) {
      new SessionCloser(settings, cluster, metrics, timer, group, closeFuture).start();
    }
    return closeFuture;
  }

  @Override
  public void close() {
    Futures.getUninterruptibly(closeAsync(), "close", syncBounds.close());
  }
}
