package io.scyllaboot.driver.internal.session;

import io.netty.util.Timer;
import io.netty.util.concurrent.EventExecutor;
import io.scyllaboot.driver.api.cql.Statement;
import io.scyllaboot.driver.api.error.AllNodesFailedException;
import io.scyllaboot.driver.api.metadata.ClusterMetadata;
import io.scyllaboot.driver.api.metadata.Node;
import io.scyllaboot.driver.api.metadata.NodeState;
import io.scyllaboot.driver.api.metadata.SchemaMetadata;
import io.scyllaboot.driver.api.policy.AddressTranslator;
import io.scyllaboot.driver.internal.cloud.SniProxy;
import io.scyllaboot.driver.internal.connection.ChannelFactory;
import io.scyllaboot.driver.internal.connection.DriverChannel;
import io.scyllaboot.driver.internal.cql.DefaultBoundStatement;
import io.scyllaboot.driver.internal.cql.DefaultPreparedStatement;
import io.scyllaboot.driver.internal.metadata.ClientRoutes;
import io.scyllaboot.driver.internal.metadata.ControlConnection;
import io.scyllaboot.driver.internal.metadata.DefaultNode;
import io.scyllaboot.driver.internal.metadata.NodeEvents;
import io.scyllaboot.driver.internal.metadata.SchemaKeeper;
import io.scyllaboot.driver.internal.metadata.TopologyRefresher;
import io.scyllaboot.driver.internal.metrics.SessionMetrics;
import io.scyllaboot.driver.internal.pool.ChannelPool;
import io.scyllaboot.driver.internal.pool.PoolOptions;
import io.scyllaboot.driver.internal.protocol.frame.ResponseFrame;
import io.scyllaboot.driver.internal.protocol.message.Response;
import io.scyllaboot.driver.internal.routing.DefaultTokenMap;
import io.scyllaboot.driver.internal.routing.LoadBalancingPolicy;
import io.scyllaboot.driver.internal.routing.Tablet;
import io.scyllaboot.driver.internal.routing.TokenMap;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The cluster as the session sees it: the control connection and the topology it reads, the nodes,
 * the token map, and one pool per node of the local data center. Topology changes are applied on
 * one admin executor, one at a time; the request path only reads volatile snapshots.
 */
final class Cluster implements ClusterMetadata {
  private static final Logger LOG = LoggerFactory.getLogger(Cluster.class);

  /** How long a burst of topology or schema events is collected before one refresh. */
  static final long REFRESH_DEBOUNCE_MILLIS = 200;

  private final SessionSettings settings;
  private final ChannelFactory factory;
  private final EventExecutor admin;
  private final SessionMetrics metrics;
  private final ControlConnection control;
  private final TopologyRefresher refresher;
  private final LoadBalancingPolicy loadBalancing;
  private volatile String keyspace;
  private final AddressTranslator translator;
  private final @org.jspecify.annotations.Nullable SniProxy sniProxy; // a cloud's: nodes by host id
  // Whether nodes are reached elsewhere than they advertise (translator, client routes, a cloud).
  private final boolean addressesTranslated;
  private final ClientRoutes routes; // null without client routes
  private final PoolOptions poolOptions;
  private final ClientRouteNodes routed; // null without client routes
  private final ConcurrentHashMap<InetSocketAddress, DefaultNode> nodes = new ConcurrentHashMap<>();
  private final ConcurrentHashMap<DefaultNode, ChannelPool> pools = new ConcurrentHashMap<>();
  // Pools of nodes that moved, draining their requests in flight; closed with the session too.
  private final Set<ChannelPool> retiring = ConcurrentHashMap.newKeySet();
  private final SchemaKeeper schema;
  private final NodePreparer preparer;
  private final NodeEvents nodeEvents;
  private volatile DefaultTokenMap publicTokenMap = new DefaultTokenMap(TokenMap.empty());
  private volatile String clusterName;
  private volatile boolean closed;
  private boolean partitionerLogged; // admin executor only
  private boolean refreshScheduled; // admin executor only

  /**
   * @param admin where topology changes, pool maintenance and metadata events run, one at a time:
   *     not an I/O event loop, since address translators and client routes resolve host names there
   *     (see {@link #adminExecutor})
   */
  Cluster(
      SessionSettings settings,
      ChannelFactory factory,
      Timer timer,
      EventExecutor admin,
      SessionMetrics metrics) {
    this.settings = settings;
    this.factory = factory;
    this.admin = admin;
    this.metrics = metrics;
    this.loadBalancing =
        new LoadBalancingPolicy(
            settings.localDatacenter(),
            settings.routing(),
            RequestPolicies.datacenters(settings.policies().profiles()));
    this.translator = settings.routing().addressTranslator();
    this.routes =
        settings.routing().clientRoutes()
            ? new ClientRoutes(
                settings.routing().clientRouteConnectionIds(), settings.sslContext() != null)
            : null;
    this.routed = routes == null ? null : new ClientRouteNodes(routes, nodes, pools);
    this.sniProxy = settings.sniProxy();
    boolean proxied = routes != null || sniProxy != null;
    this.poolOptions = proxied ? settings.pool().withoutShardAwarePort() : settings.pool();
    this.addressesTranslated = proxied || translator != AddressTranslator.IDENTITY;
    this.control =
        new ControlConnection(
            factory,
            timer,
            settings.connectTimeout().toNanos(),
            this::onEvent,
            this::onControlReconnected,
            routes != null);
    this.refresher = new TopologyRefresher(control, timer, addressesTranslated);
    control.reconnectAddresses(this::reconnectAddresses);
    MetadataSettings metadata = settings.metadata();
    this.schema =
        new SchemaKeeper(
            control,
            admin,
            REFRESH_DEBOUNCE_MILLIS,
            metadata.schemaEnabled(),
            metadata.schemaKeyspaces(),
            metadata.schemaListeners());
    this.nodeEvents = new NodeEvents(admin, metadata.nodeListeners());
    this.keyspace = settings.keyspace();
    this.preparer = new NodePreparer(loadBalancing, pools, this::keyspace);
  }

  /**
   * The session's admin executor: one daemon thread of its own, so that a blocking DNS look-up in
   * an address translator or a client route delays topology changes only, never a connection's I/O.
   * Stopped by {@link #releaseAdmin}.
   */
  static EventExecutor adminExecutor(String sessionName) {
    return new io.netty.util.concurrent.DefaultEventExecutor(
        io.scyllaboot.driver.internal.util.DriverThreads.factory(sessionName + "-admin"));
  }

  /** Stops the admin executor once the connections are closed; waits at most {@code millis}. */
  boolean releaseAdmin(long millis) {
    return admin.shutdownGracefully(0, millis, TimeUnit.MILLISECONDS).awaitUninterruptibly(millis);
  }

  @Override
  public CompletionStage<SchemaMetadata> schemaAsync() {
    return schema.read();
  }

  @Override
  public SchemaMetadata schema() {
    if (schema.enabled()) {
      return schema.current();
    }
    // One read: its queries run at once, each bounded by the control connection's query timeout.
    return io.scyllaboot.driver.internal.util.Futures.getUninterruptibly(
        schemaAsync(),
        "schema read",
        settings.connectTimeout().toNanos() + SyncBounds.SLACK.toNanos());
  }

  @Override
  public io.scyllaboot.driver.api.metadata.TokenMap tokenMap() {
    return publicTokenMap;
  }

  /** After this session's DDL: the kept schema has the change before the statement completes. */
  CompletionStage<Void> refreshSchema() {
    return schema.refresh();
  }

  /** The protocol version of the control connection, negotiated unless pinned. */
  int protocolVersion() {
    return control.channel().protocolVersion();
  }

  LoadBalancingPolicy loadBalancing() {
    return loadBalancing;
  }

  /** The pools, now. */
  java.util.Collection<ChannelPool> pools() {
    return pools.values();
  }

  ChannelPool pool(DefaultNode node) {
    return pools.get(node);
  }

  /**
   * This session's node for a node a statement is pinned to (found by address: it may come from
   * another session's metadata); a node it does not know becomes a node without a pool, which the
   * request then reports as unreachable.
   */
  DefaultNode node(Node pinned) {
    if (pinned instanceof DefaultNode known && nodes.get(known.address()) == known) {
      return known;
    }
    DefaultNode node = nodes.get(pinned.address());
    return node != null ? node : new DefaultNode(pinned.address());
  }

  /** The session's keyspace: the one it was built with, or the last a USE switched it to. */
  String keyspace() {
    return keyspace;
  }

  /**
   * Switches every pool to a keyspace (connections opened from now on open in it) and returns the
   * connections open now, for the caller to switch: one admin task, so that no connection opened in
   * the former keyspace joins a pool afterwards.
   */
  CompletionStage<List<DriverChannel>> switchKeyspace(String newKeyspace) {
    CompletableFuture<List<DriverChannel>> open = new CompletableFuture<>();
    admin.execute(
        () -> {
          keyspace = newKeyspace;
          List<DriverChannel> channels = new java.util.ArrayList<>();
          for (ChannelPool pool : pools.values()) {
            channels.addAll(pool.switchKeyspace(newKeyspace));
          }
          open.complete(channels);
        });
    return open;
  }

  /** The node at this address, or null. */
  @org.jspecify.annotations.Nullable
  DefaultNode knownNode(java.net.SocketAddress address) {
    return address instanceof InetSocketAddress inet ? nodes.get(inet) : null;
  }

  /** Connects the control connection, reads the topology and opens the pools. */
  CompletionStage<Void> init() {
    return control
        .connect(settings.contactPoints())
        .thenCompose(
            channel ->
                routes == null
                    ? CompletableFuture.<Void>completedFuture(null)
                    : routes.read(control))
        .thenCompose(ignored -> refresher.refresh())
        .thenCompose(
            topology -> {
              CompletableFuture<List<CompletionStage<Void>>> applied = new CompletableFuture<>();
              admin.execute(
                  () -> {
                    try {
                      applied.complete(apply(topology));
                    } catch (RuntimeException e) {
                      applied.completeExceptionally(e); // or build() would wait forever
                    }
                  });
              return applied;
            })
        .thenCompose(
            inits ->
                CompletableFuture.allOf(
                    inits.stream()
                        .map(CompletionStage::toCompletableFuture)
                        .toArray(CompletableFuture[]::new)))
        .thenApply(
            ignored -> {
              if (pools.isEmpty() && routes != null) {
                throw new AllNodesFailedException(
                    "no node of "
                        + nodes.size()
                        + " has a client route under connection ids "
                        + routes.connectionIds()
                        + " (system.client_routes has routes for "
                        + routes.hosts()
                        + " hosts of them): the driver connects to none",
                    Map.of());
              }
              String localDc = settings.localDatacenter();
              if (pools.isEmpty()
                  && localDc != null
                  && nodes.values().stream().noneMatch(n -> localDc.equals(n.datacenter()))) {
                throw new AllNodesFailedException(
                    "the local data center "
                        + localDc
                        + " has no node; the cluster's data centers are "
                        + new java.util.TreeSet<>(
                            nodes.values().stream()
                                .map(DefaultNode::datacenter)
                                .filter(java.util.Objects::nonNull)
                                .toList())
                        + " (check withLocalDatacenter or scylla.local-datacenter)",
                    Map.of());
              }
              if (pools.values().stream().noneMatch(pool -> pool.openConnections() > 0)) {
                throw new AllNodesFailedException(
                    "could not open a connection to any node of " + nodes.keySet(), Map.of());
              }
              return null;
            })
        .thenCompose(ignored -> schema.refresh());
  }

  private CompletionStage<Void> refresh() {
    if (closed) {
      return CompletableFuture.completedFuture(null);
    }
    CompletionStage<Void> routesRead =
        routes == null
            ? CompletableFuture.completedFuture(null)
            : routes
                .read(control)
                .exceptionally(
                    error -> {
                      LOG.warn(
                          "could not read system.client_routes, keeping the routes read before: {}",
                          error.getMessage());
                      return null;
                    });
    return routesRead
        .thenCompose(ignored -> refresher.refresh())
        .thenAccept(
            topology ->
                admin.execute(
                    () -> {
                      try {
                        apply(topology);
                      } catch (RuntimeException e) {
                        LOG.warn("could not apply the topology read from the cluster", e);
                      }
                    }))
        .exceptionally(
            error -> {
              LOG.warn("topology refresh failed: {}", error.getMessage());
              return null;
            });
  }

  /** Applies a topology; returns the inits of the pools it opened. Admin executor only. */
  private List<CompletionStage<Void>> apply(TopologyRefresher.Topology topology) {
    List<CompletionStage<Void>> inits = new ArrayList<>();
    if (closed) {
      return inits;
    }
    clusterName = topology.clusterName();
    if (sniProxy != null) {
      sniProxy.refresh(); // DNS, here on the admin executor: connections then use what it found
    }
    Set<InetSocketAddress> seen = new HashSet<>();
    Set<UUID> withoutRoute = new HashSet<>();
    for (TopologyRefresher.NodeInfo info : topology.nodes()) {
      if (sniProxy != null && info.hostId() == null) {
        // Behind the proxy a node is reached by its host id only; its own address is private.
        LOG.warn("node {} has no host id: the cloud's proxy cannot reach it", info.address());
        continue;
      }
      InetSocketAddress address =
          sniProxy != null
              ? sniProxy.endpoint(info.hostId())
              : routes != null
                  ? routed.address(info, withoutRoute)
                  : info.reachedAt() != null ? info.reachedAt() : translate(info.address());
      seen.add(address);
      DefaultNode node = nodes.get(address);
      if (node == null) {
        // Known by its host id at another address: its host name re-resolved, or its client route
        // changed. The same node moves; it is not removed and added.
        node = moved(info.hostId(), address);
      }
      if (node == null) {
        node = new DefaultNode(address);
        node.stateListener(nodeEvents);
        nodes.put(address, node);
        nodeEvents.added(node);
      }
      node.advertised(info.address(), translator);
      node.update(
          info.datacenter(), info.rack(), info.hostId(), info.releaseVersion(), info.tokens());
    }
    if (!topology.nodes().isEmpty()) {
      loadBalancing.inferLocalDatacenter(topology.nodes().get(0).datacenter());
    }
    for (DefaultNode node : List.copyOf(nodes.values())) {
      if (!seen.contains(node.address())) {
        LOG.info("{} left the cluster", node);
        nodes.remove(node.address());
        node.state(NodeState.REMOVED);
        nodeEvents.removed(node);
        ChannelPool pool = pools.remove(node);
        if (pool != null) {
          pool.close();
        }
        metrics.nodeRemoved(node);
      }
    }
    TokenMap ring = tokenMap(topology);
    loadBalancing.update(nodes.values(), ring);
    publicTokenMap = new DefaultTokenMap(ring);
    for (DefaultNode node : nodes.values()) {
      if (loadBalancing.needsPool(node)
          && !pools.containsKey(node)
          && !withoutRoute.contains(node.hostId())) {
        ChannelPool pool = new ChannelPool(node, factory, poolOptions, keyspace, admin);
        pools.put(node, pool);
        metrics.nodeAdded(node);
        inits.add(pool.init());
      }
    }
    return inits;
  }

  /**
   * The node with this host id, known at another address, re-keyed to {@code address}; its pool
   * leaves the map (new requests go to the new pool the caller opens) and drains. Null if no node
   * has this host id. Admin executor only.
   */
  private DefaultNode moved(java.util.UUID hostId, InetSocketAddress address) {
    if (hostId == null) {
      return null;
    }
    DefaultNode node = null;
    for (DefaultNode candidate : nodes.values()) {
      if (hostId.equals(candidate.hostId())) {
        node = candidate;
        break;
      }
    }
    if (node == null) {
      return null;
    }
    LOG.info("node {} moves from {} to {}", hostId, node.address(), address);
    ChannelPool old = pools.remove(node);
    nodes.remove(node.address());
    node.moveTo(address);
    nodes.put(address, node);
    if (old != null) {
      retiring.add(old);
      drainThenClose(old, System.nanoTime() + settings.requestTimeout().toNanos());
    }
    return node;
  }

  /**
   * Closes a pool once no request waits on it any more (or at the deadline): closing it at once
   * would fail the writes in flight there, whose outcome would then be unknown. Admin executor.
   */
  private void drainThenClose(ChannelPool old, long deadlineNanos) {
    int waiting = -old.orphanedIds();
    for (int inFlight : old.inFlightPerConnection()) {
      waiting += inFlight;
    }
    if (waiting <= 0 || closed || System.nanoTime() - deadlineNanos >= 0) {
      retiring.remove(old);
      old.close();
      return;
    }
    admin.schedule(() -> drainThenClose(old, deadlineNanos), 50, TimeUnit.MILLISECONDS);
  }

  /**
   * The token map, or an empty one (round robin, no token awareness) for a partitioner whose tokens
   * the driver cannot compute, said once in the log.
   */
  private TokenMap tokenMap(TopologyRefresher.Topology topology) {
    if (!TokenMap.supports(topology.partitioner())) {
      if (!partitionerLogged) {
        partitionerLogged = true;
        LOG.info(
            "the cluster uses {}: requests are not token-aware (only Murmur3Partitioner is)",
            topology.partitioner());
      }
      return TokenMap.empty();
    }
    try {
      return TokenMap.build(nodes.values(), topology.replicationByKeyspace());
    } catch (NumberFormatException e) {
      if (!partitionerLogged) {
        partitionerLogged = true;
        LOG.info(
            "tokens are not Murmur3 tokens ({}): requests are not token-aware", e.getMessage());
      }
      return TokenMap.empty();
    }
  }

  private InetSocketAddress translate(InetSocketAddress advertised) {
    return translator == AddressTranslator.IDENTITY
        ? advertised
        : TranslatedAddress.of(translator, advertised);
  }

  /** The node an event names by its advertised address. */
  private DefaultNode nodeAdvertising(InetSocketAddress advertised) {
    DefaultNode node = nodes.get(translate(advertised));
    if (node != null || !addressesTranslated) {
      return node;
    }
    for (DefaultNode candidate : nodes.values()) {
      if (candidate.advertisedAddress().equals(advertised)) {
        return candidate; // the control node: known by the address it was reached at
      }
    }
    return null;
  }

  private List<InetSocketAddress> reconnectAddresses() {
    List<InetSocketAddress> addresses = new ArrayList<>();
    for (DefaultNode node : nodes.values()) {
      if (node.isUp()) {
        addresses.add(node.address());
      }
    }
    for (InetSocketAddress contact : settings.contactPoints()) {
      if (!addresses.contains(contact)) {
        addresses.add(contact);
      }
    }
    return addresses;
  }

  private void onEvent(Response.Event event) {
    admin.execute(
        () -> {
          switch (event.type()) {
            case "STATUS_CHANGE" -> {
              DefaultNode node = event.address() == null ? null : nodeAdvertising(event.address());
              if (node != null && "UP".equals(event.changeType())) {
                ChannelPool pool = pools.get(node);
                if (pool != null) {
                  pool.reconnectNow();
                }
              }
            }
            case "TOPOLOGY_CHANGE" -> scheduleRefresh();
            case ControlConnection.CLIENT_ROUTES_CHANGE -> {
              if (routes != null && routes.concerns(event.routesChange())) {
                scheduleRefresh(); // reads the routes, then re-applies the topology
              }
            }
            case "SCHEMA_CHANGE" -> {
              // Only a keyspace's replication is part of the token map: a table, type or function
              // change re-reads the schema alone (on every client of the cluster at once).
              if (event.schemaChange() == null
                  || "KEYSPACE".equals(event.schemaChange().target())) {
                scheduleRefresh();
              }
              schema.scheduleRefresh();
            }
            default -> {}
          }
        });
  }

  /**
   * The control connection moved to another node: the events sent meanwhile were lost, so the
   * topology and the schema are read again.
   */
  private void onControlReconnected() {
    refresh();
    admin.execute(schema::scheduleRefresh);
  }

  /**
   * Debounces topology and schema events: the first of a burst schedules one refresh a short window
   * later, and the others of the window ride on it (a schema change alone sends several events, and
   * a rolling restart dozens). Admin executor only.
   */
  private void scheduleRefresh() {
    if (refreshScheduled || closed) {
      return;
    }
    refreshScheduled = true;
    admin.schedule(
        () -> {
          refreshScheduled = false;
          refresh();
        },
        REFRESH_DEBOUNCE_MILLIS,
        TimeUnit.MILLISECONDS);
  }

  /** Learns a tablet from a response's routing payload (a misrouted request to a tablet table). */
  void learnTablet(Statement<?> statement, ResponseFrame frame) {
    java.nio.ByteBuffer payload = frame.customPayload().get(Tablet.PAYLOAD_KEY);
    boolean v2 = false;
    if (payload == null) {
      // Tablets routing v2 (a connection negotiates one or the other): sent for a stale version.
      payload = frame.customPayload().get(Tablet.PAYLOAD_KEY_V2);
      v2 = true;
    }
    if (payload == null || !(statement instanceof DefaultBoundStatement bound)) {
      return;
    }
    DefaultPreparedStatement prepared = bound.prepared();
    String table = prepared.table();
    if (table == null) {
      return;
    }
    // The table's keyspace, from the variables' spec: a statement without partition key markers
    // has no routing keyspace, and a tablet map keyed by null would throw.
    String keyspace = prepared.variables().get(0).keyspace();
    try {
      Tablet tablet = v2 ? Tablet.decodeV2(payload) : Tablet.decode(payload);
      // Requests in flight together get the same tablet: the map is copied once, not per response.
      if (!tablet.equals(loadBalancing.tablets().lookup(keyspace, table, tablet.lastToken()))) {
        loadBalancing.tablets().add(keyspace, table, tablet);
      }
    } catch (RuntimeException e) { // only a routing hint: the response itself is fine
      LOG.debug("ignoring a tablet payload that could not be applied: {}", e.toString());
    }
  }

  /**
   * Prepares on the first node of a plan, then on every other node with a pool (see {@link
   * NodePreparer}).
   */
  CompletableFuture<DefaultPreparedStatement> prepare(StatementRequests requests, String query) {
    return preparer.prepare(requests, query);
  }

  /**
   * Waits for the nodes not known to be down to agree on the schema version the DDL's coordinator
   * (the connection it ran on) has.
   */
  CompletionStage<Boolean> awaitSchemaAgreement(DriverChannel coordinator) {
    return refresher
        .awaitSchemaAgreement(
            settings.schemaAgreementTimeout().toMillis(), this::isDown, coordinator)
        .thenApply(
            agreed -> {
              if (!agreed && refresher.isClosed()) {
                LOG.info("schema agreement not awaited further: the session is closing");
              } else if (!agreed) {
                LOG.warn(
                    "schema agreement not reached within {}", settings.schemaAgreementTimeout());
              }
              return agreed;
            });
  }

  /** Whether a node at this address is known to be down (no pool connection can be opened). */
  private boolean isDown(InetAddress address) {
    for (DefaultNode node : nodes.values()) {
      InetAddress host = node.address().getAddress();
      if (address.equals(host) || address.equals(node.advertisedAddress().getAddress())) {
        return node.state() == NodeState.DOWN;
      }
    }
    return false;
  }

  /** Stream ids held by timed-out requests on every pool: no caller waits for them. */
  int orphanedIds() {
    int orphaned = 0;
    for (ChannelPool pool : pools.values()) {
      orphaned += pool.orphanedIds();
    }
    return orphaned;
  }

  @Override
  public Collection<Node> nodes() {
    return List.copyOf(nodes.values());
  }

  @Override
  public @org.jspecify.annotations.Nullable String localDatacenter() {
    return loadBalancing.localDatacenter();
  }

  @Override
  public String clusterName() {
    return clusterName;
  }

  CompletionStage<Void> close() {
    closed = true;
    refresher.close(); // before the timer stops: DDL statements waiting for agreement end now
    schema.close();
    List<CompletableFuture<?>> closing = new ArrayList<>();
    closing.add(control.close().toCompletableFuture());
    for (ChannelPool pool : pools.values()) {
      closing.add(pool.close().toCompletableFuture());
    }
    for (ChannelPool pool : retiring) {
      closing.add(pool.close().toCompletableFuture());
    }
    return CompletableFuture.allOf(closing.toArray(new CompletableFuture<?>[0]));
  }
}
