package io.scyllaboot.driver.api.policy;

import java.net.InetSocketAddress;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A fixed map from advertised {@code host:port} to reachable {@code host:port}: NAT rules, or
 * Kubernetes node ports in front of each pod. Advertised addresses are compared by IP and port, so
 * they must be IP literals (as nodes advertise them); targets may be host names. Addresses not in
 * the map stay as they are.
 */
public final class StaticAddressTranslator implements AddressTranslator {
  private final Map<InetSocketAddress, InetSocketAddress> addresses;

  /**
   * @param addresses advertised {@code ip:port} to translated {@code host:port}
   * @throws IllegalArgumentException if an entry is not {@code host:port}, or an advertised one is
   *     not an IP address
   */
  public StaticAddressTranslator(Map<String, String> addresses) {
    Map<InetSocketAddress, InetSocketAddress> parsed = new LinkedHashMap<>();
    addresses.forEach(
        (from, to) -> {
          InetSocketAddress advertised = HostPorts.parse(from, -1, "advertised address");
          if (advertised.isUnresolved()) {
            throw new IllegalArgumentException(
                "advertised address '" + from + "' must be an IP address, as nodes advertise them");
          }
          parsed.put(advertised, HostPorts.parse(to, -1, "translated address"));
        });
    this.addresses = Map.copyOf(parsed);
  }

  @Override
  public InetSocketAddress translate(InetSocketAddress address) {
    return addresses.getOrDefault(address, address);
  }

  @Override
  public String toString() {
    return "StaticAddressTranslator" + addresses;
  }
}
