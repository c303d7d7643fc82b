package io.scyllaboot.driver.api.policy;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;

/** Parses {@code host}, {@code host:port} and {@code [ipv6]:port} for the address translators. */
final class HostPorts {
  private HostPorts() {}

  /**
   * @param defaultPort the port when the text names none, or -1 to require one
   * @return an unresolved address for a host name, a resolved one for an IP literal
   */
  static InetSocketAddress parse(String text, int defaultPort, String what) {
    if (text == null || text.isBlank()) {
      throw new IllegalArgumentException(what + " is blank");
    }
    String value = text.trim();
    String host = value;
    int port = defaultPort;
    int colon = value.lastIndexOf(':');
    boolean bracketed = value.startsWith("[");
    if (colon > 0 && (bracketed ? value.lastIndexOf(']') < colon : value.indexOf(':') == colon)) {
      host = value.substring(0, colon);
      try {
        port = Integer.parseInt(value.substring(colon + 1));
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(what + " '" + text + "' has no valid port", e);
      }
    }
    if (bracketed) {
      host = host.substring(1, host.length() - 1);
    }
    if (port < 0) {
      throw new IllegalArgumentException(what + " '" + text + "' must be host:port");
    }
    if (port > 65535) {
      throw new IllegalArgumentException(what + " '" + text + "' has a port above 65535");
    }
    if (isIpLiteral(host)) {
      try {
        return new InetSocketAddress(InetAddress.getByName(host), port); // a literal: no look-up
      } catch (UnknownHostException e) {
        throw new IllegalArgumentException(what + " '" + text + "' is not an address", e);
      }
    }
    return InetSocketAddress.createUnresolved(host, port);
  }

  static boolean isIpLiteral(String host) {
    return host.indexOf(':') >= 0 || host.matches("\\d{1,3}(\\.\\d{1,3}){3}");
  }
}
