package io.scyllaboot.driver.api.policy;

import java.net.InetSocketAddress;

/**
 * Turns the address a node advertises (its broadcast RPC address and native port, as {@code
 * system.local} and {@code system.peers} list it) into the address the driver connects to: for
 * clusters behind NAT, in Kubernetes, or reached through a bastion. The contact points are not
 * translated: they already are addresses the driver can reach.
 *
 * <p>The shard-aware port is translated too: a ScyllaDB node's shard-aware connections go to {@code
 * translate(advertised host, shard-aware port)}, so a translator that maps ports keeps them working
 * (map both of each node's ports). An address a translator does not know should be returned
 * unchanged.
 *
 * <p>Called on topology refreshes and events, on the session's admin thread (never the request
 * path, never an I/O event loop); implementations must be thread-safe and should not block (no DNS
 * look-ups of unresolved names per call: a slow one delays every topology refresh).
 */
@FunctionalInterface
public interface AddressTranslator {

  /** The default: every node is reached at the address it advertises. */
  AddressTranslator IDENTITY = address -> address;

  /**
   * The address to connect to for a node that advertises {@code address}.
   *
   * @param address the advertised address and port
   * @return where to connect (the same address when there is nothing to translate)
   */
  InetSocketAddress translate(InetSocketAddress address);

  /**
   * Every node through one host (a proxy or a load balancer in front of the cluster), on the port
   * the node advertises.
   */
  static AddressTranslator fixedHost(String host) {
    return new FixedHostAddressTranslator(host);
  }

  /**
   * A static map from advertised {@code host:port} to reachable {@code host:port} (NAT, Kubernetes
   * node ports); addresses not in the map stay as they are.
   *
   * @param addresses advertised address to translated address, both as {@code host:port}
   * @throws IllegalArgumentException if an entry is not {@code host:port}
   */
  static AddressTranslator staticMap(java.util.Map<String, String> addresses) {
    return new StaticAddressTranslator(addresses);
  }

  /**
   * By subnet: a node whose advertised address is in a subnet (CIDR, e.g. {@code 10.1.0.0/16}) is
   * reached at that subnet's address (e.g. a private endpoint per availability zone), on the port
   * the node advertises unless the address names one; the first matching subnet wins, and nodes in
   * none stay as they are.
   *
   * @param subnets CIDR to {@code host} or {@code host:port}
   * @throws IllegalArgumentException if a subnet is not a valid CIDR
   */
  static AddressTranslator subnets(java.util.Map<String, String> subnets) {
    return new SubnetAddressTranslator(subnets);
  }
}
