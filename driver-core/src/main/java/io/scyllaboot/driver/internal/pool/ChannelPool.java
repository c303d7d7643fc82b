package io.scyllaboot.driver.internal.pool;

import io.netty.util.concurrent.EventExecutor;
import io.scyllaboot.driver.api.metadata.NodeState;
import io.scyllaboot.driver.internal.connection.ChannelFactory;
import io.scyllaboot.driver.internal.connection.DriverChannel;
import io.scyllaboot.driver.internal.metadata.DefaultNode;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The connections to one node. Selection is lock-free: a volatile copy-on-write array read by
 * {@link #next()}, which picks the connection with the fewest requests in flight. Adding and
 * removing connections, and reconnecting, run on one admin executor, so they need no lock either.
 *
 * <p>When a connection closes it is replaced after an exponential backoff (with jitter); when the
 * last one closes the node is marked down, and up again when a connection is reopened.
 */
public final class ChannelPool {
  private static final Logger LOG = LoggerFactory.getLogger(ChannelPool.class);
  private static final DriverChannel[] NONE = new DriverChannel[0];

  private final DefaultNode node;
  private final ChannelFactory factory;
  private final int size;
  private final String keyspace;
  private final EventExecutor admin;
  private final ReconnectionSchedule schedule;
  private volatile DriverChannel[] channels = NONE;
  private volatile boolean closed;
  private boolean reconnecting;
  private ScheduledFuture<?> pendingReconnect;

  public ChannelPool(
      DefaultNode node,
      ChannelFactory factory,
      int size,
      String keyspace,
      EventExecutor admin,
      Duration reconnectBase,
      Duration reconnectMax) {
    this.node = node;
    this.factory = factory;
    this.size = size;
    this.keyspace = keyspace;
    this.admin = admin;
    this.schedule = new ReconnectionSchedule(reconnectBase, reconnectMax);
    node.counters(() -> channels.length, this::inFlight);
  }

  public DefaultNode node() {
    return node;
  }

  /** Opens the connections; completes (never exceptionally) once every attempt has finished. */
  public CompletionStage<Void> init() {
    CompletableFuture<?>[] attempts = new CompletableFuture<?>[size];
    for (int i = 0; i < size; i++) {
      attempts[i] = open().toCompletableFuture();
    }
    // Completed from the admin executor, after the adds that the attempts scheduled there.
    CompletableFuture<Void> done = new CompletableFuture<>();
    CompletableFuture.allOf(attempts)
        .whenComplete(
            (ignored, error) ->
                admin.execute(
                    () -> {
                      if (channels.length == 0) {
                        node.state(NodeState.DOWN);
                      }
                      if (channels.length < size) {
                        scheduleReconnect();
                      }
                      done.complete(null);
                    }));
    return done;
  }

  private CompletionStage<DriverChannel> open() {
    return factory
        .connect(node.address(), keyspace, event -> {})
        .whenComplete(
            (channel, error) -> {
              if (error == null) {
                admin.execute(() -> add(channel));
              } else {
                LOG.debug("[{}] connection failed: {}", node, error.getMessage());
              }
            });
  }

  private void add(DriverChannel channel) {
    if (closed) {
      channel.close();
      return;
    }
    DriverChannel[] current = channels;
    DriverChannel[] grown = Arrays.copyOf(current, current.length + 1);
    grown[current.length] = channel;
    channels = grown;
    node.state(NodeState.UP);
    channel.closeFuture().thenRun(() -> admin.execute(() -> remove(channel)));
  }

  private void remove(DriverChannel channel) {
    DriverChannel[] current = channels;
    int index = Arrays.asList(current).indexOf(channel);
    if (index < 0) {
      return;
    }
    DriverChannel[] shrunk = new DriverChannel[current.length - 1];
    System.arraycopy(current, 0, shrunk, 0, index);
    System.arraycopy(current, index + 1, shrunk, index, current.length - index - 1);
    channels = shrunk;
    if (closed) {
      return;
    }
    if (shrunk.length == 0) {
      LOG.info("[{}] lost its last connection; marking it down", node);
      node.state(NodeState.DOWN);
    }
    scheduleReconnect();
  }

  private void scheduleReconnect() {
    if (reconnecting || closed || channels.length >= size) {
      return;
    }
    reconnecting = true;
    long delay = schedule.nextDelayMillis();
    LOG.debug("[{}] reconnecting in {} ms", node, delay);
    pendingReconnect = admin.schedule(this::reconnect, delay, TimeUnit.MILLISECONDS);
  }

  /** One attempt; when it succeeds the node answers again, so the missing rest open at once. */
  private void reconnect() {
    pendingReconnect = null;
    if (closed) {
      return;
    }
    open()
        .whenComplete(
            (channel, error) ->
                admin.execute(
                    () -> {
                      if (error == null) {
                        schedule.reset();
                        fillNow();
                      } else {
                        reconnecting = false;
                        scheduleReconnect();
                      }
                    }));
  }

  /** Opens every missing connection at once, then falls back to the backoff for failures. */
  private void fillNow() {
    int missing = size - channels.length;
    if (missing <= 0 || closed) {
      reconnecting = false;
      return;
    }
    CompletableFuture<?>[] attempts = new CompletableFuture<?>[missing];
    for (int i = 0; i < missing; i++) {
      attempts[i] = open().toCompletableFuture();
    }
    CompletableFuture.allOf(attempts)
        .whenComplete(
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
          if (closed || channels.length >= size) {
            return;
          }
          ScheduledFuture<?> pending = pendingReconnect;
          if (reconnecting && (pending == null || !pending.cancel(false))) {
            return; // an attempt is under way
          }
          pendingReconnect = null;
          schedule.reset();
          reconnecting = true;
          reconnect();
        });
  }

  /**
   * The connection with the fewest requests in flight, or null when none is open. May race with a
   * close and return a connection that is closing: the request then fails and is retried per the
   * retry policy.
   */
  public DriverChannel next() {
    DriverChannel[] current = channels;
    if (current.length == 1) {
      return current[0];
    }
    DriverChannel best = null;
    int bestLoad = Integer.MAX_VALUE;
    for (DriverChannel channel : current) {
      int load = channel.inFlightCount();
      if (load < bestLoad) {
        best = channel;
        bestLoad = load;
      }
    }
    return best;
  }

  public int openConnections() {
    return channels.length;
  }

  private int inFlight() {
    int total = 0;
    for (DriverChannel channel : channels) {
      total += channel.inFlightCount();
    }
    return total;
  }

  public CompletionStage<Void> close() {
    closed = true;
    DriverChannel[] current = channels;
    CompletableFuture<?>[] closing = new CompletableFuture<?>[current.length];
    for (int i = 0; i < current.length; i++) {
      closing[i] = current[i].close();
    }
    return CompletableFuture.allOf(closing);
  }
}
