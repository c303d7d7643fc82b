package io.scyllaboot.driver.internal.pool;

import io.netty.util.concurrent.EventExecutor;
import io.scyllaboot.driver.api.metadata.NodeState;
import io.scyllaboot.driver.api.policy.ReconnectionPolicy;
import io.scyllaboot.driver.internal.connection.ChannelFactory;
import io.scyllaboot.driver.internal.connection.DriverChannel;
import io.scyllaboot.driver.internal.connection.ScyllaFeatures;
import io.scyllaboot.driver.internal.connection.ShardAwarePorts;
import io.scyllaboot.driver.internal.connection.Transport;
import io.scyllaboot.driver.internal.metadata.DefaultNode;
import io.scyllaboot.driver.internal.routing.Sharder;
import io.scyllaboot.driver.internal.util.Futures;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The connections to one node, grouped by shard: one group for Apache Cassandra (or with shard
 * awareness off), one per shard for a ScyllaDB node, whose first connection tells the shard count.
 *
 * <p>Selection is lock-free: volatile copy-on-write arrays read by {@link #next()} (the least busy
 * connection) and {@link #next(long)} (the least busy connection of the token's shard). Adding and
 * removing connections, filling and reconnecting run on one admin executor, so they need no lock.
 *
 * <p>Filling a sharded node: through its shard-aware port, each missing shard gets a connection
 * from a local port of that shard (the next port when one is in use, the regular port on other
 * errors); a connection that lands on another shard than asked (NAT rewrote the port) stops the use
 * of the shard-aware port for a while. Without one, connections go to the regular port, where the
 * node picks the shard (the least loaded, counting other clients' connections): a connection that
 * lands on a full shard is held while the round goes on, so the node's next choice moves on to
 * another shard instead of handing the same full one back, and all held ones are closed when the
 * fill ends; rounds go on while they make progress, within a bound. Lost connections are replaced
 * after an exponential backoff (with jitter), cut short by {@link #reconnectNow()}; when the last
 * one closes the node is marked down, and up again when a connection is open. A node that comes
 * back with another shard count gets a new pool layout.
 */
public final class ChannelPool {
  private static final Logger LOG = LoggerFactory.getLogger(ChannelPool.class);
  private static final int MAX_PORT_TRIES = 64;

  private final DefaultNode node;
  private final ChannelFactory factory;
  private final PoolOptions options;
  private volatile String keyspace; // changed by USE on the session (admin executor)
  private final EventExecutor admin;
  private final HostIdCheck hostIdCheck;
  private volatile ShardedChannels channels = ShardedChannels.EMPTY;
  private volatile boolean closed;
  // Admin executor only:
  private ScyllaFeatures features; // null until the first connection
  private boolean filling;
  private boolean reconnecting;
  private ScheduledFuture<?> pendingReconnect;
  private ReconnectionPolicy.Schedule schedule; // null while not reconnecting
  private long shardAwarePortBlockedUntil;
  // Connections that landed on a full shard during a fill through the regular port, held until it
  // ends (see the class comment).
  private final List<DriverChannel> surplus = new ArrayList<>();

  public ChannelPool(
      DefaultNode node,
      ChannelFactory factory,
      PoolOptions options,
      String keyspace,
      EventExecutor admin) {
    this.node = node;
    this.factory = factory;
    this.options = options;
    this.keyspace = keyspace;
    this.admin = admin;
    this.hostIdCheck = new HostIdCheck(node);
    node.counters(() -> channels.all.length, () -> channels.inFlight(), () -> channels.awaiting());
  }

  public DefaultNode node() {
    return node;
  }

  /**
   * Admin executor. Connections opened from now on open in {@code newKeyspace}; returns those open
   * now, for the caller to switch (a USE on the session).
   */
  public java.util.List<DriverChannel> switchKeyspace(String newKeyspace) {
    keyspace = newKeyspace;
    return java.util.List.of(channels.all);
  }

  /** Opens the connections; completes (never exceptionally) once the first round has finished. */
  public CompletionStage<Void> init() {
    CompletableFuture<Void> done = new CompletableFuture<>();
    // The first connection goes to the regular port: it tells whether and how the node is sharded.
    open(0)
        .whenComplete(
            (channel, error) ->
                admin.execute(
                    () -> {
                      if (channels.all.length == 0) {
                        node.state(NodeState.DOWN);
                        scheduleReconnect();
                        done.complete(null);
                      } else {
                        fill(done);
                      }
                    }));
    return done;
  }

  // ---- selection (any thread)

  /**
   * The connection with the fewest requests in flight, or null when none is open. May race with a
   * close and return a connection that is closing: the request then fails unsent and moves on.
   */
  public DriverChannel next() {
    return channels.next();
  }

  /** The least busy connection of the shard that owns the token, else of any shard. */
  public DriverChannel next(long token) {
    return channels.next(token);
  }

  /** The least busy connection of a given shard (a tablet's), else of any shard. */
  public DriverChannel nextOnShard(int shard) {
    return channels.nextOnShard(shard);
  }

  public int openConnections() {
    return channels.all.length;
  }

  /** Stream ids held by timed-out requests whose response has not come, on all connections. */
  public int orphanedIds() {
    int orphaned = 0;
    for (DriverChannel channel : channels.all) {
      orphaned += channel.orphanedCount();
    }
    return orphaned;
  }

  /** Requests in flight on each open connection, for diagnostics. */
  public int[] inFlightPerConnection() {
    DriverChannel[] all = channels.all;
    int[] loads = new int[all.length];
    for (int i = 0; i < all.length; i++) {
      loads[i] = all[i].inFlightCount();
    }
    return loads;
  }

  /** The node's shard count when its connections told it (ScyllaDB), else 0. */
  public int shardCount() {
    ShardedChannels current = channels;
    for (DriverChannel channel : current.all) {
      if (channel.features() != null && channel.features().isSharded()) {
        return current.sharder.shardCount();
      }
    }
    return 0;
  }

  /** Open connections per shard (one entry when the node is not sharded). */
  public int[] connectionsPerShard() {
    return channels.counts();
  }

  // ---- opening (admin executor)

  private boolean sharded() {
    return options.shardAware() && features != null && features.isSharded();
  }

  private int wantedPerShard() {
    return sharded() ? options.connectionsPerShard() : options.connectionsPerNode();
  }

  private int missing() {
    return channels.missing(wantedPerShard());
  }

  /** The shard-aware port to use now, or 0. */
  private int shardAwarePort() {
    if (!sharded() || !options.shardAwarePort() || System.nanoTime() < shardAwarePortBlockedUntil) {
      return 0;
    }
    return factory.options().sslContext() != null
        ? features.shardAwarePortSsl()
        : features.shardAwarePort();
  }

  /** One round of opening every missing connection; {@code done} completes when it is over. */
  private void fill(CompletableFuture<Void> done) {
    int missing = missing();
    if (closed || filling || missing == 0) {
      if (missing == 0) {
        schedule = null;
      }
      done.complete(null);
      return;
    }
    filling = true;
    int before = channels.all.length + surplus.size();
    List<Supplier<CompletionStage<?>>> opens = new ArrayList<>();
    int port = shardAwarePort();
    if (port != 0) {
      int wanted = wantedPerShard();
      DriverChannel[][] shards = channels.byShard;
      for (int shard = 0; shard < shards.length; shard++) {
        for (int k = shards[shard].length; k < wanted; k++) {
          int target = shard;
          opens.add(() -> openOnShard(target, port));
        }
      }
    } else {
      for (int i = 0; i < missing; i++) {
        opens.add(() -> open(0));
      }
    }
    BoundedOpens.run(opens, options.maxConcurrentOpens(), admin)
        .whenComplete(
            (ignored, error) ->
                admin.execute(
                    () -> {
                      filling = false;
                      boolean progress = channels.all.length + surplus.size() > before;
                      if (missing() == 0) {
                        schedule = null;
                        closeSurplus();
                        done.complete(null);
                      } else if (progress && !closed && surplus.size() < maxSurplus()) {
                        fill(done); // the regular port picks shards: go on while it helps
                      } else {
                        closeSurplus();
                        scheduleReconnect();
                        done.complete(null);
                      }
                    }));
  }

  /** A connection to the regular port (or, with {@code localPort}, from that port). */
  private CompletionStage<DriverChannel> open(int localPort) {
    return openTo(node.address(), localPort, -1);
  }

  private CompletionStage<DriverChannel> openTo(
      InetSocketAddress address, int localPort, int wantedShard) {
    String openedIn = keyspace;
    return factory
        .connect(address, localPort, openedIn, event -> {})
        .thenCompose(this::reachedItsNode)
        .whenComplete(
            (channel, error) -> {
              if (error == null) {
                admin.execute(() -> add(channel, wantedShard, openedIn));
              } else {
                LOG.debug("[{}] connection failed: {}", node, error.getMessage());
              }
            });
  }

  /** Fails (and closes) a connection that reached another node than this pool's. */
  private CompletionStage<DriverChannel> reachedItsNode(DriverChannel channel) {
    RuntimeException misrouted = hostIdCheck.check(channel);
    return misrouted == null
        ? CompletableFuture.completedFuture(channel)
        : CompletableFuture.failedFuture(misrouted);
  }

  /** Connects to the shard-aware port from a local port of {@code shard}. */
  private CompletionStage<DriverChannel> openOnShard(int shard, int port) {
    ShardAwarePorts.Candidates ports =
        options.sourcePorts().candidates(shard, channels.sharder.shardCount());
    InetSocketAddress target = node.shardAwareAddress(port); // through the address translator
    CompletableFuture<DriverChannel> result = new CompletableFuture<>();
    tryPort(target, shard, ports, 0, result);
    return result;
  }

  private void tryPort(
      InetSocketAddress target,
      int shard,
      ShardAwarePorts.Candidates ports,
      int tries,
      CompletableFuture<DriverChannel> result) {
    int localPort = ports.next();
    if (localPort < 0 || tries >= MAX_PORT_TRIES) {
      LOG.debug("[{}] no free source port for shard {}; using the regular port", node, shard);
      open(0).whenComplete(Futures.completing(result));
      return;
    }
    openTo(target, localPort, shard)
        .whenComplete(
            (channel, error) -> {
              if (error == null) {
                result.complete(channel);
              } else if (isAddressInUse(error)) {
                tryPort(target, shard, ports, tries + 1, result); // in use: the next one
              } else {
                // The shard-aware port does not answer (a firewall?): the regular port then.
                open(0).whenComplete(Futures.completing(result));
              }
            });
  }

  /**
   * Whether a connect failed because its source port is in use, on any transport: NIO wraps the
   * BindException in an annotated SocketException, epoll reports a native error.
   */
  static boolean isAddressInUse(Throwable error) {
    for (Throwable cause = error; cause != null; cause = cause.getCause()) {
      if (cause instanceof BindException || Transport.isNativeAddressInUse(cause)) {
        return true;
      }
      if (cause.getCause() == cause) {
        break;
      }
    }
    return false;
  }

  /**
   * Admin executor. Places a new connection in its shard, or closes it when not needed, or opened
   * in the keyspace the session had before a USE switched it (the next fill opens another).
   */
  private void add(DriverChannel channel, int wantedShard, String openedIn) {
    if (closed || !java.util.Objects.equals(openedIn, keyspace)) {
      channel.close();
      return;
    }
    ScyllaFeatures connected = channel.features();
    if (features == null || relayout(connected)) {
      layout(connected);
    }
    int shard = sharded() ? connected.shard() : 0;
    if (wantedShard >= 0 && shard != wantedShard) {
      LOG.warn(
          "[{}] asked the shard-aware port for shard {} and got shard {} (address translation?);"
              + " not using the shard-aware port for {}",
          node,
          wantedShard,
          shard,
          PoolOptions.SHARD_AWARE_PORT_BLOCK);
      shardAwarePortBlockedUntil = System.nanoTime() + PoolOptions.SHARD_AWARE_PORT_BLOCK.toNanos();
    }
    ShardedChannels current = channels;
    if (current.byShard[shard].length >= wantedPerShard()) {
      // The regular port gave a shard that is already full: hold it while filling (see above).
      if (filling && wantedShard < 0 && sharded() && surplus.size() < maxSurplus()) {
        surplus.add(channel);
      } else {
        channel.close();
      }
      return;
    }
    channel.watchResponsiveness(
        options.unresponsiveTimeout().toNanos(), node::connectionResponsive);
    channels = current.with(shard, channel);
    channel.closeFuture().thenRun(() -> admin.execute(() -> remove(channel)));
    if (closed) {
      // close() ran meanwhile and may have read the snapshot without this connection.
      channel.close();
      return;
    }
    node.state(NodeState.UP);
  }

  /** Enough held connections for the node's choice to go round every shard once. */
  private int maxSurplus() {
    return channels.sharder.shardCount() * wantedPerShard();
  }

  private void closeSurplus() {
    for (DriverChannel held : surplus) {
      held.close();
    }
    surplus.clear();
  }

  private boolean relayout(ScyllaFeatures connected) {
    if (!options.shardAware()) {
      return false;
    }
    return connected.isSharded() != features.isSharded()
        || !connected.sharder().equals(features.sharder());
  }

  /** Sets the shard layout; a node that resharded loses its old connections. */
  private void layout(ScyllaFeatures connected) {
    if (features != null) {
      LOG.info(
          "[{}] now has {} shard(s) (was {}): reopening its connections",
          node,
          connected.sharder().shardCount(),
          features.sharder().shardCount());
      for (DriverChannel old : channels.all) {
        old.close();
      }
    }
    features = connected;
    channels = ShardedChannels.empty(sharded() ? connected.sharder() : Sharder.SINGLE);
  }

  private void remove(DriverChannel channel) {
    ShardedChannels current = channels;
    ShardedChannels remaining = current.without(channel);
    if (remaining == current) {
      return; // closed as surplus or by a relayout: never (or no longer) in the pool
    }
    channels = remaining;
    if (closed) {
      return;
    }
    if (remaining.all.length == 0) {
      LOG.info("[{}] lost its last connection; marking it down", node);
      node.state(NodeState.DOWN);
    }
    scheduleReconnect();
  }

  private void scheduleReconnect() {
    if (reconnecting || closed || missing() == 0) {
      return;
    }
    reconnecting = true;
    if (schedule == null) {
      schedule = options.reconnection().newSchedule();
    }
    // Guarded (PoolOptions): neither throws nor gives less than GuardedReconnection.MIN_DELAY.
    long delay = schedule.nextDelay().toMillis();
    LOG.debug("[{}] reconnecting in {} ms", node, delay);
    pendingReconnect = admin.schedule(this::reconnect, delay, TimeUnit.MILLISECONDS);
  }

  /** One attempt; when it succeeds the node answers again, so the missing rest open at once. */
  private void reconnect() {
    pendingReconnect = null;
    if (closed) {
      return;
    }
    CompletableFuture<Void> round = new CompletableFuture<>();
    if (channels.all.length == 0) {
      // Nothing open: one connection to the regular port first (the shard count may have changed).
      open(0)
          .whenComplete(
              (channel, error) ->
                  admin.execute(
                      () -> {
                        if (error == null) {
                          fill(round);
                        } else {
                          round.complete(null);
                        }
                      }));
    } else {
      fill(round);
    }
    round.whenComplete(
        (ignored, error) ->
            admin.execute(
                () -> {
                  reconnecting = false;
                  scheduleReconnect();
                }));
  }

  /**
   * Reconnects now, cutting a pending backoff short, for example when the cluster says the node is
   * up again: without this a node restarted during a long backoff would wait up to the maximum
   * delay before being used again. The backoff starts over from its base if this attempt fails.
   */
  public void reconnectNow() {
    admin.execute(
        () -> {
          if (closed || (features != null && missing() == 0)) {
            return;
          }
          ScheduledFuture<?> pending = pendingReconnect;
          if (reconnecting && (pending == null || !pending.cancel(false))) {
            return; // an attempt is under way
          }
          pendingReconnect = null;
          schedule = null;
          reconnecting = true;
          reconnect();
        });
  }

  public CompletionStage<Void> close() {
    closed = true;
    admin.execute(this::closeSurplus);
    DriverChannel[] current = channels.all;
    CompletableFuture<?>[] closing = new CompletableFuture<?>[current.length];
    for (int i = 0; i < current.length; i++) {
      closing[i] = current[i].close();
    }
    return CompletableFuture.allOf(closing);
  }
}
