package io.scyllaboot.driver.internal.session;

import com.github.benmanes.caffeine.cache.AsyncCache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.util.HashedWheelTimer;
import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.AsyncResultSet;
import io.scyllaboot.driver.api.cql.BoundStatement;
import io.scyllaboot.driver.api.cql.PreparedStatement;
import io.scyllaboot.driver.api.cql.ResultSet;
import io.scyllaboot.driver.api.cql.Statement;
import io.scyllaboot.driver.api.error.AuthenticationException;
import io.scyllaboot.driver.api.error.ConnectionException;
import io.scyllaboot.driver.internal.connection.ChannelFactory;
import io.scyllaboot.driver.internal.connection.ConnectionOptions;
import io.scyllaboot.driver.internal.connection.DriverChannel;
import io.scyllaboot.driver.internal.cql.DefaultPreparedStatement;
import io.scyllaboot.driver.internal.cql.DefaultResultSet;
import io.scyllaboot.driver.internal.util.DriverThreads;
import io.scyllaboot.driver.internal.util.Futures;
import java.net.InetSocketAddress;
import java.util.Iterator;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The session: owns the event loops, the timer, the connection and the prepared-statement cache.
 * This first version holds one connection to the first contact point that accepts one.
 */
public final class DefaultCqlSession implements CqlSession {
  private static final Logger LOG = LoggerFactory.getLogger(DefaultCqlSession.class);

  private final SessionSettings settings;
  private final EventLoopGroup group;
  private final HashedWheelTimer timer;
  private final DriverChannel channel;
  private final RequestExecutor executor;
  private final AsyncCache<String, DefaultPreparedStatement> preparedCache;
  private final AtomicBoolean closed = new AtomicBoolean();
  private final CompletableFuture<Void> closeFuture = new CompletableFuture<>();

  private DefaultCqlSession(
      SessionSettings settings,
      EventLoopGroup group,
      HashedWheelTimer timer,
      DriverChannel channel) {
    this.settings = settings;
    this.group = group;
    this.timer = timer;
    this.channel = channel;
    this.executor = new RequestExecutor(settings);
    // Keyed by query text alone: the keyspace is fixed for the session's lifetime.
    this.preparedCache = Caffeine.newBuilder().maximumSize(settings.maxPrepared()).buildAsync();
  }

  /** Opens a session; fails with a ConnectionException if no contact point can be reached. */
  public static CompletionStage<CqlSession> connect(SessionSettings settings) {
    EventLoopGroup group =
        new MultiThreadIoEventLoopGroup(
            1, DriverThreads.factory(settings.sessionName() + "-io"), NioIoHandler.newFactory());
    HashedWheelTimer timer =
        new HashedWheelTimer(
            DriverThreads.factory(settings.sessionName() + "-timer"), 10, TimeUnit.MILLISECONDS);
    ConnectionOptions options =
        new ConnectionOptions(
            settings.protocolVersion(),
            settings.connectTimeout(),
            settings.connectTimeout(),
            settings.maxRequestsPerConnection(),
            settings.maxQueuedRequests(),
            ConnectionOptions.DEFAULTS.maxFrameLength(),
            settings.compression(),
            settings.sslContext(),
            settings.hostnameVerification(),
            settings.authProvider());
    ChannelFactory factory = new ChannelFactory(group, timer, options, settings.sessionName());
    CompletableFuture<CqlSession> result = new CompletableFuture<>();
    connectFirst(factory, settings, settings.contactPoints().iterator(), null)
        .whenComplete(
            (channel, error) -> {
              if (error != null) {
                timer.stop();
                group.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
                result.completeExceptionally(Futures.unwrap(error));
              } else {
                LOG.debug("[{}] connected to {}", settings.sessionName(), channel);
                result.complete(new DefaultCqlSession(settings, group, timer, channel));
              }
            });
    return result;
  }

  private static CompletionStage<DriverChannel> connectFirst(
      ChannelFactory factory,
      SessionSettings settings,
      Iterator<InetSocketAddress> points,
      Throwable lastError) {
    if (!points.hasNext()) {
      if (lastError instanceof AuthenticationException rejected) {
        // Wrong or missing credentials: a configuration error that names the node; say it as is.
        return CompletableFuture.failedFuture(rejected);
      }
      return CompletableFuture.failedFuture(
          new ConnectionException(
              "could not connect to any contact point "
                  + settings.contactPoints()
                  + (lastError == null ? "" : "; last error: " + lastError.getMessage()),
              lastError));
    }
    InetSocketAddress point = points.next();
    return factory
        .connect(point, settings.keyspace(), event -> {})
        .handle(
            (channel, error) ->
                error == null
                    ? CompletableFuture.completedFuture(channel)
                    : connectFirst(factory, settings, points, Futures.unwrap(error)))
        .thenCompose(stage -> stage);
  }

  @Override
  public CompletionStage<AsyncResultSet> executeAsync(String cql, Object... values) {
    if (values.length == 0) {
      return executor.execute(channel, io.scyllaboot.driver.api.cql.SimpleStatement.of(cql));
    }
    CompletableFuture<DefaultPreparedStatement> cached = preparedCache.getIfPresent(cql);
    if (cached != null && cached.isDone() && !cached.isCompletedExceptionally()) {
      // The hot path: no continuation, binding happens on the caller's thread.
      BoundStatement bound;
      try {
        bound = cached.join().bind(values);
      } catch (RuntimeException e) {
        return CompletableFuture.failedFuture(e);
      }
      return executor.execute(channel, bound);
    }
    return prepareInternal(cql)
        .thenCompose(prepared -> executor.execute(channel, prepared.bind(values)));
  }

  @Override
  public CompletionStage<AsyncResultSet> executeAsync(Statement<?> statement) {
    return executor.execute(channel, statement);
  }

  @Override
  public CompletionStage<PreparedStatement> prepareAsync(String cql) {
    return prepareInternal(cql).thenApply(prepared -> prepared);
  }

  private CompletableFuture<DefaultPreparedStatement> prepareInternal(String cql) {
    return preparedCache.get(
        cql, (query, unused) -> executor.prepare(channel, query, settings.keyspace()));
  }

  @Override
  public ResultSet execute(String cql, Object... values) {
    return new DefaultResultSet(Futures.getUninterruptibly(executeAsync(cql, values), "execute"));
  }

  @Override
  public ResultSet execute(Statement<?> statement) {
    return new DefaultResultSet(Futures.getUninterruptibly(executeAsync(statement), "execute"));
  }

  @Override
  public PreparedStatement prepare(String cql) {
    return Futures.getUninterruptibly(prepareAsync(cql), "prepare");
  }

  /** The protocol version the session's connection speaks (negotiated unless pinned). */
  public int protocolVersion() {
    return channel.protocolVersion();
  }

  @Override
  public String keyspace() {
    return settings.keyspace();
  }

  @Override
  public CompletionStage<Void> closeAsync() {
    if (closed.compareAndSet(false, true)) {
      channel
          .close()
          .whenComplete(
              (ignored, error) -> {
                timer.stop();
                group
                    .shutdownGracefully(0, 2, TimeUnit.SECONDS)
                    .addListener(future -> closeFuture.complete(null));
              });
    }
    return closeFuture;
  }

  @Override
  public void close() {
    Futures.getUninterruptibly(closeAsync(), "close");
  }
}
