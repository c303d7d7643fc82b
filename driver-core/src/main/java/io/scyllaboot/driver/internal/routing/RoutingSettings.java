package io.scyllaboot.driver.internal.routing;

import io.scyllaboot.driver.api.ConsistencyLevel;
import io.scyllaboot.driver.api.metadata.Node;
import io.scyllaboot.driver.api.policy.AddressTranslator;
import java.util.List;
import java.util.Objects;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;

/**
 * Where requests go beyond the local data center's replicas: the local rack, failover to remote
 * data centers, a node filter, and how advertised addresses become reachable ones. Immutable; the
 * {@code with...} methods validate and return copies.
 *
 * @param localRack the rack whose nodes come first in the local data center, or null
 * @param maxNodesPerRemoteDc nodes of each remote data center appended to plans (0: never remote)
 * @param remoteForLocalConsistency whether {@code LOCAL_*} requests may fail over too (they then
 *     count the remote data center's replicas as local ones: not what the level promises)
 * @param nodeFilter the nodes the session may use; the others get no pool and no request
 * @param addressTranslator how an advertised address becomes the one to connect to
 * @param clientRouteConnectionIds ScyllaDB client routes: the connection ids whose rows of {@code
 *     system.client_routes} say where each node is reached (by host id); empty: not used
 * @param tabletsRoutingV2 whether connections negotiate ScyllaDB's experimental tablets routing v2
 *     when a node offers it, and requests at a consistency other than ONE/LOCAL_ONE go to the
 *     tablet's leader first
 */
public record RoutingSettings(
    @Nullable String localRack,
    int maxNodesPerRemoteDc,
    boolean remoteForLocalConsistency,
    @Nullable Predicate<Node> nodeFilter,
    AddressTranslator addressTranslator,
    List<String> clientRouteConnectionIds,
    boolean tabletsRoutingV2) {

  /** Today's routing: no rack, no remote data center, every node, no translation. */
  public static final RoutingSettings DEFAULTS =
      new RoutingSettings(null, 0, false, null, AddressTranslator.IDENTITY, List.of(), false);

  public RoutingSettings {
    if (maxNodesPerRemoteDc < 0) {
      throw new IllegalArgumentException(
          "max nodes per remote data center must not be negative, was " + maxNodesPerRemoteDc);
    }
    Objects.requireNonNull(addressTranslator, "address translator");
    clientRouteConnectionIds = List.copyOf(clientRouteConnectionIds);
    if (!clientRouteConnectionIds.isEmpty() && addressTranslator != AddressTranslator.IDENTITY) {
      throw new IllegalStateException(
          "client routes and an address translator cannot be combined: the routes say where"
              + " every node is reached");
    }
  }

  /**
   * The same routing without address translation or client routes: a cloud's SNI proxy decides
   * where every node is reached.
   */
  public RoutingSettings withoutAddressing() {
    return new RoutingSettings(
        localRack,
        maxNodesPerRemoteDc,
        remoteForLocalConsistency,
        nodeFilter,
        AddressTranslator.IDENTITY,
        List.of(),
        tabletsRoutingV2);
  }

  public RoutingSettings withLocalRack(@Nullable String rack) {
    if (rack != null && rack.isBlank()) {
      throw new IllegalArgumentException("the local rack is blank");
    }
    return new RoutingSettings(
        rack,
        maxNodesPerRemoteDc,
        remoteForLocalConsistency,
        nodeFilter,
        addressTranslator,
        clientRouteConnectionIds,
        tabletsRoutingV2);
  }

  public RoutingSettings withRemoteFailover(int maxNodes, boolean forLocalConsistency) {
    return new RoutingSettings(
        localRack,
        maxNodes,
        forLocalConsistency,
        nodeFilter,
        addressTranslator,
        clientRouteConnectionIds,
        tabletsRoutingV2);
  }

  public RoutingSettings withNodeFilter(Predicate<Node> filter) {
    Objects.requireNonNull(filter, "node filter");
    return new RoutingSettings(
        localRack,
        maxNodesPerRemoteDc,
        remoteForLocalConsistency,
        filter,
        addressTranslator,
        clientRouteConnectionIds,
        tabletsRoutingV2);
  }

  public RoutingSettings withAddressTranslator(AddressTranslator translator) {
    return new RoutingSettings(
        localRack,
        maxNodesPerRemoteDc,
        remoteForLocalConsistency,
        nodeFilter,
        translator,
        clientRouteConnectionIds,
        tabletsRoutingV2);
  }

  public RoutingSettings withClientRoutes(List<String> connectionIds) {
    for (String id : connectionIds) {
      if (id == null || id.isBlank()) {
        throw new IllegalArgumentException(
            "a client routes connection id is blank: " + connectionIds);
      }
    }
    return new RoutingSettings(
        localRack,
        maxNodesPerRemoteDc,
        remoteForLocalConsistency,
        nodeFilter,
        addressTranslator,
        connectionIds,
        tabletsRoutingV2);
  }

  /** With ScyllaDB's experimental tablets routing v2 and leader routing on or off. */
  public RoutingSettings withTabletsRoutingV2(boolean enabled) {
    return new RoutingSettings(
        localRack,
        maxNodesPerRemoteDc,
        remoteForLocalConsistency,
        nodeFilter,
        addressTranslator,
        clientRouteConnectionIds,
        enabled);
  }

  /** Whether ScyllaDB client routes translate the nodes' addresses. */
  public boolean clientRoutes() {
    return !clientRouteConnectionIds.isEmpty();
  }

  /** Whether a request at this consistency may go to remote data centers. */
  public boolean remoteAllowed(ConsistencyLevel consistency) {
    return maxNodesPerRemoteDc > 0 && (remoteForLocalConsistency || !isDcLocal(consistency));
  }

  private static boolean isDcLocal(ConsistencyLevel level) {
    return level == ConsistencyLevel.LOCAL_ONE
        || level == ConsistencyLevel.LOCAL_QUORUM
        || level == ConsistencyLevel.LOCAL_SERIAL;
  }

  /** For the builder's toString: only what differs from the defaults. */
  public String describe() {
    return "{localRack="
        + localRack
        + ", remoteDcFailover="
        + (maxNodesPerRemoteDc == 0
            ? "off"
            : maxNodesPerRemoteDc + (remoteForLocalConsistency ? " (also LOCAL_*)" : ""))
        + ", nodeFilter="
        + (nodeFilter != null)
        + ", addressTranslator="
        + (addressTranslator == AddressTranslator.IDENTITY ? "none" : addressTranslator)
        + (clientRoutes() ? ", clientRoutes=" + clientRouteConnectionIds : "")
        + (tabletsRoutingV2 ? ", tabletsRoutingV2=true" : "")
        + "}";
  }
}
