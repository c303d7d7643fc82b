package io.scyllaboot.driver.internal.metadata;

import io.scyllaboot.driver.internal.protocol.message.Response;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletionStage;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * ScyllaDB client routes: where each node is reached through a private endpoint (PrivateLink,
 * Private Service Connect), as the rows of {@code system.client_routes} for the configured
 * connection ids say, keyed by host id. Read through the control connection at start-up, on every
 * topology refresh and after a {@code CLIENT_ROUTES_CHANGE} event; consulted when the topology is
 * applied (admin executor), never on the request path.
 *
 * <p>A host with rows under several connection ids keeps the one it was reached through while that
 * row exists (moving a pool costs its connections), else takes the first in the configured order.
 */
public final class ClientRoutes {
  /** One row of {@code system.client_routes}; a port is null when the row has none. */
  public record Route(
      String connectionId,
      UUID hostId,
      String address,
      @Nullable Integer port,
      @Nullable Integer tlsPort) {}

  private final List<String> connectionIds;
  private final boolean tls;
  private final String query;
  private volatile Map<UUID, List<Route>> byHost = Map.of();
  private final Map<UUID, String> usedConnectionId = new HashMap<>(); // admin executor only

  /**
   * @param connectionIds the connection ids whose routes apply, in order of preference
   * @param tls whether connections use TLS: the route's {@code tls_port} then applies
   */
  public ClientRoutes(List<String> connectionIds, boolean tls) {
    this.connectionIds = List.copyOf(connectionIds);
    this.tls = tls;
    // The ids are the application's configuration, not input from the network; quotes doubled
    // anyway so that an odd id cannot change the query.
    this.query =
        "SELECT connection_id, host_id, address, port, tls_port FROM system.client_routes"
            + " WHERE connection_id IN ("
            + this.connectionIds.stream()
                .map(id -> "'" + id.replace("'", "''") + "'")
                .collect(Collectors.joining(", "))
            + ")";
  }

  public List<String> connectionIds() {
    return connectionIds;
  }

  /** The query that reads the routes of the configured connection ids. */
  String query() {
    return query;
  }

  /**
   * Reads the routes; fails if the cluster has no {@code system.client_routes} (not ScyllaDB, or a
   * version before 2026.1), keeping the routes read before.
   */
  public CompletionStage<Void> read(ControlConnection control) {
    return control
        .query(query)
        .thenAccept(
            rows -> {
              if (rows == null) {
                throw new IllegalStateException(
                    "client routes are configured but the cluster has no system.client_routes"
                        + " table (ScyllaDB 2026.1 and later have it)");
              }
              replace(rows);
            });
  }

  /** Replaces the routes with these rows (as the table query returns them). */
  void replace(List<Map<String, Object>> rows) {
    Map<UUID, List<Route>> routes = new HashMap<>();
    for (Map<String, Object> row : rows) {
      if (!(row.get("host_id") instanceof UUID hostId)
          || !(row.get("connection_id") instanceof String connectionId)
          || !(row.get("address") instanceof String address)) {
        continue; // the server's API refuses such rows; nothing to route by
      }
      routes
          .computeIfAbsent(hostId, id -> new ArrayList<>())
          .add(
              new Route(
                  connectionId,
                  hostId,
                  address,
                  (Integer) row.get("port"),
                  (Integer) row.get("tls_port")));
    }
    byHost = Map.copyOf(routes);
  }

  /** How many hosts have a route. */
  public int hosts() {
    return byHost.size();
  }

  /**
   * Where the node with this host id is reached, or null when no row of the configured connection
   * ids has a route for it (or the route lacks the port of this transport). A host name is resolved
   * here: admin executor only.
   */
  public @Nullable InetSocketAddress address(@Nullable UUID hostId) {
    Route route = route(hostId);
    if (route == null) {
      return null;
    }
    Integer port = tls ? route.tlsPort() : route.port();
    if (port == null || port <= 0 || port > 65535) {
      return null;
    }
    usedConnectionId.put(hostId, route.connectionId());
    return new InetSocketAddress(route.address(), port);
  }

  /** The route that applies to a host, or null. */
  @Nullable Route route(@Nullable UUID hostId) {
    List<Route> routes = hostId == null ? null : byHost.get(hostId);
    if (routes == null || routes.isEmpty()) {
      return null;
    }
    String used = usedConnectionId.get(hostId);
    Route best = null;
    int bestRank = Integer.MAX_VALUE;
    for (Route route : routes) {
      if (route.connectionId().equals(used)) {
        return route;
      }
      int rank = connectionIds.indexOf(route.connectionId());
      if (rank >= 0 && rank < bestRank) {
        best = route;
        bestRank = rank;
      }
    }
    return best;
  }

  /** Whether an event names one of the configured connection ids. */
  public boolean concerns(Response.@Nullable ClientRoutesChange change) {
    if (change == null) {
      return false;
    }
    for (String id : change.connectionIds()) {
      if (connectionIds.contains(id)) {
        return true;
      }
    }
    return false;
  }

  /** Why a node has no route, for the log. */
  public String describeMissing(@Nullable UUID hostId) {
    Route route = route(hostId);
    if (route != null) {
      return "its route under connection id '"
          + route.connectionId()
          + "' has no "
          + (tls ? "tls_port" : "port");
    }
    return "system.client_routes has no row for host id "
        + hostId
        + " under connection ids "
        + connectionIds
        + " ("
        + byHost.size()
        + " hosts have one)";
  }
}
