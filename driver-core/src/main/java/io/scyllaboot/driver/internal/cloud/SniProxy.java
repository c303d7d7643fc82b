package io.scyllaboot.driver.internal.cloud;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;

/**
 * The one TLS proxy a cloud database (DataStax Astra) puts in front of its nodes: it routes each
 * connection to the node its SNI server name, the node's host id, names. A node's address is
 * therefore an {@linkplain #endpoint endpoint}: unresolved, the host id as its host name and the
 * proxy's port, so that every node keeps an address of its own; {@code ChannelFactory} connects it
 * to the proxy with that server name.
 */
public final class SniProxy {
  // Session ports start at the ephemeral range, where no real service of the proxy's host listens.
  private static final int FIRST_SESSION_PORT = 49152;
  private static final int SESSION_PORTS = 65536 - FIRST_SESSION_PORT;

  private final String host;
  private final int port;
  private final List<InetSocketAddress> addresses;
  private final AtomicInteger next = new AtomicInteger();
  private final ConcurrentHashMap<String, Integer> sessionPorts = new ConcurrentHashMap<>();
  private final AtomicInteger assignedSessionPorts = new AtomicInteger();

  private SniProxy(String host, int port, List<InetSocketAddress> addresses) {
    this.host = host;
    this.port = port;
    this.addresses = List.copyOf(addresses);
  }

  /**
   * The proxy at {@code host:port}, every address of the host resolved now, on the caller's thread
   * (connections are opened on event loops, which must not wait for DNS).
   */
  public static SniProxy resolve(String host, int port) throws UnknownHostException {
    List<InetSocketAddress> addresses = new ArrayList<>();
    for (InetAddress address : InetAddress.getAllByName(host)) {
      addresses.add(new InetSocketAddress(address, port));
    }
    return new SniProxy(host, port, addresses);
  }

  /** The address the session knows the node of this host id by. */
  public InetSocketAddress endpoint(UUID hostId) {
    return InetSocketAddress.createUnresolved(hostId.toString(), port);
  }

  /** Whether the address is one of this proxy's endpoints (else it is connected to directly). */
  public boolean isEndpoint(InetSocketAddress address) {
    return address.isUnresolved() && address.getPort() == port;
  }

  /** Where the next connection goes: the proxy's addresses in turn. */
  public InetSocketAddress nextAddress() {
    return addresses.get(Math.floorMod(next.getAndIncrement(), addresses.size()));
  }

  /**
   * A client engine for a connection to the endpoint's node: its host id as the SNI server name,
   * the proxy's certificate checked against the proxy's host name.
   */
  public SSLEngine newEngine(SSLContext context, InetSocketAddress endpoint) {
    String serverName = endpoint.getHostString();
    // The JDK caches TLS sessions by peer host and port, and every node shares the proxy's: a
    // session resumed for another node would be routed to that node. A port of each node's own,
    // used for nothing but that cache, keeps the sessions apart.
    SSLEngine engine = context.createSSLEngine(host, sessionPort(serverName));
    engine.setUseClientMode(true);
    SSLParameters parameters = engine.getSSLParameters();
    parameters.setServerNames(List.of(new SNIHostName(serverName)));
    parameters.setEndpointIdentificationAlgorithm("HTTPS");
    engine.setSSLParameters(parameters);
    return engine;
  }

  private int sessionPort(String serverName) {
    return sessionPorts.computeIfAbsent(
        serverName,
        name -> FIRST_SESSION_PORT + assignedSessionPorts.getAndIncrement() % SESSION_PORTS);
  }

  @Override
  public String toString() {
    return "SNI proxy " + host + ":" + port;
  }
}
