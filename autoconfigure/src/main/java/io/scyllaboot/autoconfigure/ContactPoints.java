package io.scyllaboot.autoconfigure;

import java.net.InetSocketAddress;

/** Parses contact points written as {@code host}, {@code host:port} or {@code [ipv6]:port}. */
final class ContactPoints {
  private ContactPoints() {}

  static InetSocketAddress parse(String point, int defaultPort) {
    String text = point == null ? "" : point.trim();
    if (text.isEmpty()) {
      throw new IllegalArgumentException(
          "a contact point must not be empty; use host or host:port");
    }
    String host = text;
    int port = defaultPort;
    if (text.startsWith("[")) {
      int end = text.indexOf(']');
      if (end < 0) {
        throw new IllegalArgumentException("'" + point + "' is not [ipv6]:port");
      }
      host = text.substring(1, end);
      if (end + 1 < text.length()) {
        port = port(point, text.substring(end + 1));
      }
    } else if (text.indexOf(':') >= 0 && text.indexOf(':') == text.lastIndexOf(':')) {
      int colon = text.indexOf(':');
      host = text.substring(0, colon);
      port = port(point, text.substring(colon));
    }
    if (host.isEmpty()) {
      throw new IllegalArgumentException("'" + point + "' has no host; use host or host:port");
    }
    return InetSocketAddress.createUnresolved(host, port);
  }

  private static int port(String point, String colonAndPort) {
    try {
      int port = Integer.parseInt(colonAndPort.substring(1));
      if (port < 1 || port > 65535) {
        throw new NumberFormatException();
      }
      return port;
    } catch (NumberFormatException | IndexOutOfBoundsException e) {
      throw new IllegalArgumentException(
          "'" + point + "' is not host:port with a port from 1 to 65535");
    }
  }
}
