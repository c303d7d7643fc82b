package io.scyllaboot.driver.api.policy;

import java.net.InetSocketAddress;

/**
 * Every node through one host, on the port it advertises: a proxy or load balancer in front of the
 * cluster. The host is resolved when the driver connects, not here.
 */
public final class FixedHostAddressTranslator implements AddressTranslator {
  private final String host;

  /**
   * @param host the host name or IP address every connection goes to
   * @throws IllegalArgumentException if the host is blank
   */
  public FixedHostAddressTranslator(String host) {
    if (host == null || host.isBlank()) {
      throw new IllegalArgumentException("the fixed host of the address translator is blank");
    }
    this.host = host.trim();
  }

  @Override
  public InetSocketAddress translate(InetSocketAddress address) {
    return new InetSocketAddress(host, address.getPort());
  }

  @Override
  public String toString() {
    return "FixedHostAddressTranslator[" + host + "]";
  }
}
