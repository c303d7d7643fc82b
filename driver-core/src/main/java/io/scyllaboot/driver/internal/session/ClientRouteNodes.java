package io.scyllaboot.driver.internal.session;

import io.scyllaboot.driver.internal.metadata.ClientRoutes;
import io.scyllaboot.driver.internal.metadata.DefaultNode;
import io.scyllaboot.driver.internal.metadata.TopologyRefresher;
import io.scyllaboot.driver.internal.pool.ChannelPool;
import java.net.InetSocketAddress;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Applies ScyllaDB client routes to the topology for {@link Cluster}: the address each node is
 * reached at (its route's, found by host id), a node that moves when its route changes, and the
 * nodes that have none. Works on the cluster's own maps; admin executor only.
 */
final class ClientRouteNodes {
  private static final Logger LOG = LoggerFactory.getLogger(ClientRouteNodes.class);

  private final ClientRoutes routes;
  private final Map<InetSocketAddress, DefaultNode> nodes;
  private final Map<DefaultNode, ChannelPool> pools;
  private final Set<UUID> unrouted = new HashSet<>(); // logged once each until routed

  ClientRouteNodes(
      ClientRoutes routes,
      Map<InetSocketAddress, DefaultNode> nodes,
      Map<DefaultNode, ChannelPool> pools) {
    this.routes = routes;
    this.nodes = nodes;
    this.pools = pools;
  }

  ClientRoutes routes() {
    return routes;
  }

  /**
   * Where a node is reached: its route's address; without one, the address it has been reached at
   * so far (its pool stays), else the advertised one, and then its host id joins {@code
   * withoutRoute} (no pool). Logged once per node that lacks a route.
   */
  InetSocketAddress address(TopologyRefresher.NodeInfo info, Set<UUID> withoutRoute) {
    UUID hostId = info.hostId();
    InetSocketAddress routed = routes.address(hostId);
    if (routed != null) {
      if (unrouted.remove(hostId)) {
        LOG.info("node {} has a client route now: {}", hostId, routed);
      }
      return routed;
    }
    DefaultNode known = withHostId(hostId);
    boolean pooled = known != null && pools.containsKey(known);
    if (unrouted.add(hostId)) {
      LOG.warn(
          "no client route for node {} (advertised {}): {}; {}",
          hostId,
          info.address(),
          routes.describeMissing(hostId),
          pooled
              ? "its connections to " + known.address() + " stay"
              : "the driver does not connect to it");
    }
    if (pooled) {
      return known.address();
    }
    withoutRoute.add(hostId);
    return known != null ? known.address() : info.address();
  }

  private DefaultNode withHostId(UUID hostId) {
    if (hostId == null) {
      return null;
    }
    for (DefaultNode node : nodes.values()) {
      if (hostId.equals(node.hostId())) {
        return node;
      }
    }
    return null;
  }
}
