package io.scyllaboot.test.fakescylla;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.scyllaboot.driver.api.type.PrimitiveType;
import io.scyllaboot.driver.internal.protocol.Opcodes;
import io.scyllaboot.driver.internal.protocol.Primitives;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * ScyllaDB client routes on the fake cluster, as ScyllaDB 2026.1 has them for PrivateLink-style
 * private networking: the {@code system.client_routes} table (key {@code (connection_id, host_id)};
 * {@code address}, {@code port}, {@code tls_port}), a {@link RouteEndpoint} (a TCP proxy to the
 * node's regular port) for each route's address, and a {@code CLIENT_ROUTES_CHANGE} event ({@code
 * UPDATE_NODES}, the changed connection ids and host ids) pushed on every change to the connections
 * that REGISTERed for it.
 *
 * <pre>{@code
 * FakeScyllaCluster cluster = FakeScyllaCluster.builder().nodes(3)
 *     .advertise("127.0.66.1", 9, 0).build();          // advertised addresses: nothing listens
 * for (FakeScyllaNode node : cluster.nodes()) {
 *   cluster.clientRoutes().route("conn-1", node, new InetSocketAddress("127.0.0.1", 39001 + node.index()));
 * }
 * // a driver configured with client routes "conn-1" and contact point 127.0.0.1:39001
 * }</pre>
 */
public final class FakeClientRoutes implements AutoCloseable {
  static final String TABLE = "system.client_routes";
  private static final Pattern CONNECTION_IDS =
      Pattern.compile("(?is)\\bconnection_id\\s+IN\\s*\\(([^)]*)\\)");
  private static final Pattern QUOTED = Pattern.compile("'((?:[^']|'')*)'");
  private static final List<Column> COLUMNS =
      List.of(
          new Column("connection_id", PrimitiveType.TEXT),
          new Column("host_id", PrimitiveType.UUID),
          new Column("address", PrimitiveType.TEXT),
          new Column("port", PrimitiveType.INT),
          new Column("tls_port", PrimitiveType.INT),
          new Column("alternator_port", PrimitiveType.INT),
          new Column("alternator_https_port", PrimitiveType.INT));

  private record Key(String connectionId, UUID hostId) {}

  private record Row(String address, Integer port, Integer tlsPort) {}

  private final FakeScyllaCluster cluster;
  private final Map<Key, Row> rows = new ConcurrentHashMap<>();
  private final Map<InetSocketAddress, RouteEndpoint> endpoints = new ConcurrentHashMap<>();
  private final Set<Channel> subscribers = ConcurrentHashMap.newKeySet();
  private final AtomicInteger eventsPushed = new AtomicInteger();
  private EventLoopGroup proxyLoops; // created with the first endpoint

  FakeClientRoutes(FakeScyllaCluster cluster) {
    this.cluster = cluster;
  }

  /**
   * Routes a node under a connection id through {@code endpoint} (its {@code address} and {@code
   * port}; no {@code tls_port}): listens there as a proxy to the node if nothing of this cluster
   * does yet, writes the row and pushes {@code CLIENT_ROUTES_CHANGE}. The endpoint of a route that
   * is replaced keeps listening (old connections through it stay) until {@link #closeEndpoint}.
   *
   * @throws IllegalStateException if the endpoint cannot listen, or proxies another node
   */
  public synchronized void route(
      String connectionId, FakeScyllaNode node, InetSocketAddress endpoint) {
    RouteEndpoint existing = endpoints.get(endpoint);
    if (existing != null && existing.node() != node) {
      throw new IllegalStateException(endpoint + " already routes to " + existing.node());
    }
    if (existing == null) {
      endpoints.put(endpoint, new RouteEndpoint(endpoint, node, cluster.acceptors(), loops()));
    }
    rows.put(
        new Key(connectionId, node.hostId()),
        new Row(endpoint.getAddress().getHostAddress(), endpoint.getPort(), null));
    push(connectionId, node.hostId());
  }

  /** Deletes a node's row for a connection id and pushes {@code CLIENT_ROUTES_CHANGE}. */
  public void remove(String connectionId, FakeScyllaNode node) {
    rows.remove(new Key(connectionId, node.hostId()));
    push(connectionId, node.hostId());
  }

  /** Stops an endpoint: it refuses connections and the ones through it close. */
  public void closeEndpoint(InetSocketAddress endpoint) {
    RouteEndpoint removed = endpoints.remove(endpoint);
    if (removed != null) {
      removed.close();
    }
  }

  /** Client connections open through an endpoint right now (0 for an unknown one). */
  public int connectionsThrough(InetSocketAddress endpoint) {
    RouteEndpoint known = endpoints.get(endpoint);
    return known == null ? 0 : known.openConnections();
  }

  /** {@code CLIENT_ROUTES_CHANGE} events written so far (one per subscribed connection each). */
  public int eventsPushed() {
    return eventsPushed.get();
  }

  /** Connections REGISTERed for {@code CLIENT_ROUTES_CHANGE} and still open. */
  public int subscribers() {
    subscribers.removeIf(channel -> !channel.isActive());
    return subscribers.size();
  }

  @Override
  public synchronized void close() {
    endpoints.values().forEach(RouteEndpoint::close);
    endpoints.clear();
    if (proxyLoops != null) {
      proxyLoops.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }
  }

  /** A connection REGISTERed for these event types (ScyllaDB accepts CLIENT_ROUTES_CHANGE). */
  void registered(Channel channel, List<String> eventTypes) {
    if (eventTypes.contains("CLIENT_ROUTES_CHANGE")) {
      subscribers.add(channel);
      channel.closeFuture().addListener(closed -> subscribers.remove(channel));
    }
  }

  /**
   * The answer to a query of {@code system.client_routes}, filtered by {@code connection_id IN}.
   */
  SystemTables.Answer answer(String query, ByteBufAllocator alloc) {
    Matcher in = CONNECTION_IDS.matcher(query);
    List<String> wanted = null;
    if (in.find()) {
      wanted = new ArrayList<>();
      Matcher quoted = QUOTED.matcher(in.group(1));
      while (quoted.find()) {
        wanted.add(quoted.group(1).replace("''", "'"));
      }
    }
    List<List<Object>> table = new ArrayList<>();
    for (Map.Entry<Key, Row> entry : rows.entrySet()) {
      Key key = entry.getKey();
      if (wanted == null || wanted.contains(key.connectionId())) {
        Row row = entry.getValue();
        List<Object> cells = new ArrayList<>();
        cells.add(key.connectionId());
        cells.add(key.hostId());
        cells.add(row.address());
        cells.add(row.port());
        cells.add(row.tlsPort());
        cells.add(null);
        cells.add(null);
        table.add(cells);
      }
    }
    return SystemTables.project(COLUMNS, table, projection(query), "", TABLE, alloc);
  }

  private static String projection(String query) {
    String upper = query.toUpperCase(java.util.Locale.ROOT);
    int select = upper.indexOf("SELECT");
    int from = upper.indexOf(" FROM ");
    return query.substring(select + 6, from).trim();
  }

  private void push(String connectionId, UUID hostId) {
    for (Channel channel : subscribers) {
      if (!channel.isActive()) {
        continue;
      }
      ByteBuf frame = channel.alloc().buffer();
      int start = Wire.begin(frame, 0, -1, Opcodes.EVENT);
      Primitives.writeString(frame, "CLIENT_ROUTES_CHANGE");
      Primitives.writeString(frame, "UPDATE_NODES");
      Primitives.writeStringList(frame, List.of(connectionId));
      Primitives.writeStringList(frame, List.of(hostId.toString()));
      Wire.end(frame, start);
      channel.writeAndFlush(frame, channel.voidPromise());
      eventsPushed.incrementAndGet();
    }
  }

  private synchronized EventLoopGroup loops() {
    if (proxyLoops == null) {
      proxyLoops =
          new MultiThreadIoEventLoopGroup(
              1, new DefaultThreadFactory("fake-scylla-route", true), NioIoHandler.newFactory());
    }
    return proxyLoops;
  }
}
