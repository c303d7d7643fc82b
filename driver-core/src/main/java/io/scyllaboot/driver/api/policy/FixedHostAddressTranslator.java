package io.scyllaboot.driver.api.policy;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;

/**
 * Every node through one host, on the port it advertises: a proxy or load balancer in front of the
 * cluster. A host name is resolved once, at the first translation (on the session's admin thread,
 * never an I/O event loop), and kept: a look-up per call would block every topology refresh. A
 * look-up that fails leaves the address unresolved and is tried again at the next translation.
 */
public final class FixedHostAddressTranslator implements AddressTranslator {
  private final String host;
  private final Resolver resolver;
  private volatile InetAddress resolved; // once known, for good

  /** A host name look-up: {@code InetAddress::getByName} but for tests. */
  @FunctionalInterface
  interface Resolver {
    InetAddress resolve(String host) throws UnknownHostException;
  }

  /**
   * @param host the host name or IP address every connection goes to
   * @throws IllegalArgumentException if the host is blank
   */
  public FixedHostAddressTranslator(String host) {
    this(host, InetAddress::getByName);
  }

  FixedHostAddressTranslator(String host, Resolver resolver) {
    if (host == null || host.isBlank()) {
      throw new IllegalArgumentException("the fixed host of the address translator is blank");
    }
    this.host = host.trim();
    this.resolver = resolver;
  }

  @Override
  public InetSocketAddress translate(InetSocketAddress address) {
    InetAddress known = resolved;
    if (known == null) {
      try {
        known = resolver.resolve(host);
        resolved = known;
      } catch (UnknownHostException e) {
        return InetSocketAddress.createUnresolved(host, address.getPort());
      }
    }
    return new InetSocketAddress(known, address.getPort());
  }

  @Override
  public String toString() {
    return "FixedHostAddressTranslator[" + host + "]";
  }
}
