package io.scyllaboot.driver.api.policy;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * By subnet: a node whose advertised address falls in a subnet (CIDR) is reached at that subnet's
 * address, e.g. one private endpoint per availability zone in front of the nodes of that zone. The
 * port is the node's advertised one unless the target names one. Subnets are tried in the map's
 * iteration order (pass a {@code LinkedHashMap} when they overlap): the first match wins; a node in
 * no subnet keeps its address.
 */
public final class SubnetAddressTranslator implements AddressTranslator {
  private final List<Subnet> subnets = new ArrayList<>();

  /**
   * @param subnets CIDR (e.g. {@code 10.1.0.0/16}, {@code fd00::/8}) to {@code host} or {@code
   *     host:port}
   * @throws IllegalArgumentException if a subnet is not a valid CIDR or a target not a host
   */
  public SubnetAddressTranslator(Map<String, String> subnets) {
    subnets.forEach((cidr, target) -> this.subnets.add(Subnet.parse(cidr, target.trim())));
  }

  @Override
  public InetSocketAddress translate(InetSocketAddress address) {
    InetAddress ip = address.getAddress();
    if (ip == null) {
      return address;
    }
    byte[] bytes = ip.getAddress();
    for (Subnet subnet : subnets) {
      if (subnet.contains(bytes)) {
        InetSocketAddress target = HostPorts.parse(subnet.target, address.getPort(), "target");
        return target;
      }
    }
    return address;
  }

  @Override
  public String toString() {
    return "SubnetAddressTranslator" + subnets;
  }

  private record Subnet(byte[] network, int prefix, String text, String target) {
    static Subnet parse(String cidr, String target) {
      String value = cidr.trim();
      int slash = value.indexOf('/');
      if (slash < 0) {
        throw new IllegalArgumentException("subnet '" + cidr + "' is not CIDR (address/prefix)");
      }
      String host = value.substring(0, slash);
      if (!HostPorts.isIpLiteral(host)) {
        throw new IllegalArgumentException("subnet '" + cidr + "' does not start with an IP");
      }
      byte[] network;
      try {
        network = InetAddress.getByName(host).getAddress(); // a literal: no look-up
      } catch (UnknownHostException e) {
        throw new IllegalArgumentException("subnet '" + cidr + "' is not an address", e);
      }
      int prefix;
      try {
        prefix = Integer.parseInt(value.substring(slash + 1));
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("subnet '" + cidr + "' has no valid prefix length", e);
      }
      if (prefix < 0 || prefix > network.length * 8) {
        throw new IllegalArgumentException(
            "subnet '" + cidr + "' has a prefix length outside 0-" + network.length * 8);
      }
      HostPorts.parse(target, 0, "target of subnet '" + cidr + "'"); // validates
      return new Subnet(network, prefix, value, target);
    }

    boolean contains(byte[] address) {
      if (address.length != network.length) {
        return false; // IPv4 and IPv6 never match each other
      }
      int full = prefix / 8;
      for (int i = 0; i < full; i++) {
        if (address[i] != network[i]) {
          return false;
        }
      }
      int rest = prefix % 8;
      if (rest == 0) {
        return true;
      }
      int mask = (0xFF << (8 - rest)) & 0xFF;
      return (address[full] & mask) == (network[full] & mask);
    }

    @Override
    public String toString() {
      return text + "->" + target;
    }
  }
}
