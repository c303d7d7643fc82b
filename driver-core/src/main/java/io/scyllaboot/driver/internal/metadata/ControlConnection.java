package io.scyllaboot.driver.internal.metadata;

import io.netty.util.Timer;
import io.scyllaboot.driver.api.error.ConnectionException;
import io.scyllaboot.driver.api.error.InvalidQueryException;
import io.scyllaboot.driver.internal.connection.ChannelFactory;
import io.scyllaboot.driver.internal.connection.DriverChannel;
import io.scyllaboot.driver.internal.protocol.frame.ResponseFrame;
import io.scyllaboot.driver.internal.protocol.message.Query;
import io.scyllaboot.driver.internal.protocol.message.QueryOptions;
import io.scyllaboot.driver.internal.protocol.message.Register;
import io.scyllaboot.driver.internal.protocol.message.Response;
import io.scyllaboot.driver.internal.protocol.message.RowsResult;
import io.scyllaboot.driver.internal.util.Futures;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A dedicated connection for cluster metadata: it is REGISTERed for topology, status and schema
 * events, and runs the system-table queries of {@link TopologyRefresher}. When it closes, it moves
 * to another node (any known node, then the contact points), retrying with a fixed delay.
 */
public final class ControlConnection {
  private static final Logger LOG = LoggerFactory.getLogger(ControlConnection.class);
  private static final List<String> EVENTS =
      List.of("TOPOLOGY_CHANGE", "STATUS_CHANGE", "SCHEMA_CHANGE");

  /** ScyllaDB's event for changes of {@code system.client_routes} (2026.1 and later). */
  public static final String CLIENT_ROUTES_CHANGE = "CLIENT_ROUTES_CHANGE";

  private final ChannelFactory factory;
  private final Timer timer;
  private final long queryTimeoutNanos;
  private final Consumer<Response.Event> eventListener;
  private final Runnable onReconnected;
  private final List<String> events;
  private volatile DriverChannel channel;
  private volatile boolean closed;

  public ControlConnection(
      ChannelFactory factory,
      Timer timer,
      long queryTimeoutNanos,
      Consumer<Response.Event> eventListener,
      Runnable onReconnected) {
    this(factory, timer, queryTimeoutNanos, eventListener, onReconnected, false);
  }

  /**
   * @param clientRoutesEvents whether to REGISTER for {@code CLIENT_ROUTES_CHANGE} too (a node that
   *     refuses it gets the other events, with a warning)
   */
  public ControlConnection(
      ChannelFactory factory,
      Timer timer,
      long queryTimeoutNanos,
      Consumer<Response.Event> eventListener,
      Runnable onReconnected,
      boolean clientRoutesEvents) {
    this.events =
        clientRoutesEvents
            ? List.of("TOPOLOGY_CHANGE", "STATUS_CHANGE", "SCHEMA_CHANGE", CLIENT_ROUTES_CHANGE)
            : EVENTS;
    this.factory = factory;
    this.timer = timer;
    this.queryTimeoutNanos = queryTimeoutNanos;
    this.eventListener = eventListener;
    this.onReconnected = onReconnected;
  }

  /** Connects to the first address that accepts, in order. */
  public CompletionStage<DriverChannel> connect(List<InetSocketAddress> addresses) {
    return connect(addresses.iterator(), new ArrayList<>());
  }

  private CompletionStage<DriverChannel> connect(
      Iterator<InetSocketAddress> addresses, List<String> errors) {
    if (!addresses.hasNext()) {
      return CompletableFuture.failedFuture(
          new ConnectionException("could not reach any node: " + String.join("; ", errors)));
    }
    InetSocketAddress address = addresses.next();
    return factory
        .connect(address, null, eventListener)
        .thenCompose(
            connected ->
                register(connected, events)
                    .whenComplete(
                        (registered, error) -> {
                          if (error != null) {
                            connected.close(); // e.g. a REGISTER that timed out: not leaked
                          }
                        }))
        .handle(
            (connected, error) -> {
              if (error == null) {
                channel = connected;
                if (closed) {
                  // Opened while the session closed: close() may have read the old channel.
                  connected.close();
                  return CompletableFuture.<DriverChannel>failedFuture(
                      new ConnectionException("the control connection is closed"));
                }
                connected.closeFuture().thenRun(() -> onClosed(connected));
                return CompletableFuture.completedFuture(connected);
              }
              Throwable cause = Futures.unwrap(error);
              // An authentication failure or similar will not change on the next node.
              if (cause instanceof io.scyllaboot.driver.api.error.AuthenticationException) {
                return CompletableFuture.<DriverChannel>failedFuture(cause);
              }
              errors.add(address + ": " + cause.getMessage());
              return connect(addresses, errors);
            })
        .thenCompose(stage -> stage);
  }

  private CompletionStage<DriverChannel> register(DriverChannel connected, List<String> types) {
    return connected
        .send(new Register(types), queryTimeoutNanos)
        .thenCompose(
            frame -> {
              if (frame.message() instanceof Response.Ready) {
                return CompletableFuture.completedFuture(connected);
              }
              if (types.size() > EVENTS.size()) {
                // A ScyllaDB before 2026.1 refuses the event type (PROTOCOL_ERROR).
                LOG.warn(
                    "[{}] refused REGISTER for {} ({}): client routes are read at start-up and on"
                        + " topology refreshes only",
                    connected,
                    CLIENT_ROUTES_CHANGE,
                    frame.message());
                return register(connected, EVENTS);
              }
              connected.close();
              return CompletableFuture.failedFuture(
                  new ConnectionException(connected + " refused REGISTER: " + frame.message()));
            });
  }

  /** The addresses to try when the current connection is lost; set by the session. */
  private volatile java.util.function.Supplier<List<InetSocketAddress>> reconnectAddresses =
      List::of;

  public void reconnectAddresses(java.util.function.Supplier<List<InetSocketAddress>> supplier) {
    this.reconnectAddresses = supplier;
  }

  private void onClosed(DriverChannel lost) {
    if (closed || lost != channel) {
      return;
    }
    LOG.info("[{}] control connection lost; moving to another node", lost);
    reconnect();
  }

  private void reconnect() {
    if (closed) {
      return;
    }
    connect(reconnectAddresses.get())
        .whenComplete(
            (connected, error) -> {
              if (error == null) {
                LOG.info("control connection now on {}", connected);
                onReconnected.run();
              } else if (!closed) {
                timer.newTimeout(timeout -> reconnect(), 1, TimeUnit.SECONDS);
              }
            });
  }

  public DriverChannel channel() {
    return channel;
  }

  /** Runs a system query and reads its rows; an INVALID error (unknown table) gives null. */
  public CompletionStage<List<Map<String, Object>>> query(String cql) {
    DriverChannel current = channel;
    if (current == null) {
      return CompletableFuture.failedFuture(new ConnectionException("no control connection"));
    }
    return queryOn(current, cql);
  }

  /** A system query on another connection (e.g. the one a DDL statement ran on). */
  public CompletionStage<List<Map<String, Object>>> queryOn(DriverChannel connection, String cql) {
    QueryOptions options =
        new QueryOptions(1, null, false, 0, null, -1, QueryOptions.NO_TIMESTAMP, null);
    return connection
        .send(new Query(cql, options), queryTimeoutNanos)
        .thenApply(ControlConnection::rows);
  }

  private static List<Map<String, Object>> rows(ResponseFrame frame) {
    Response message = frame.message();
    if (message instanceof RowsResult rows) {
      return SystemRows.read(rows);
    }
    if (message instanceof Response.Error error) {
      if (error.exception() instanceof InvalidQueryException) {
        return null;
      }
      throw error.exception();
    }
    return List.of();
  }

  public CompletionStage<Void> close() {
    closed = true;
    DriverChannel current = channel;
    return current == null ? CompletableFuture.completedFuture(null) : current.close();
  }
}
