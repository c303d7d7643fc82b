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

  private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(SniProxy.class);

  /** A host's addresses, as {@link InetAddress#getAllByName} finds them (replaced in tests). */
  @FunctionalInterface
  interface Resolver {
    InetAddress[] resolve(String host) throws UnknownHostException;
  }

  private final String host;
  private final int port;
  private final Resolver resolver;
  private volatile List<InetSocketAddress> addresses;
  private final AtomicInteger next = new AtomicInteger();
  private final ConcurrentHashMap<String, Integer> sessionPorts = new ConcurrentHashMap<>();
  private final AtomicInteger assignedSessionPorts = new AtomicInteger();

  private SniProxy(String host, int port, Resolver resolver) throws UnknownHostException {
    this.host = host;
    this.port = port;
    this.resolver = resolver;
    this.addresses = lookUp();
  }

  /**
   * The proxy at {@code host:port}, every address of the host resolved now, on the caller's thread
   * (connections are opened on event loops, which must not wait for DNS; see {@link #refresh}).
   */
  public static SniProxy resolve(String host, int port) throws UnknownHostException {
    return new SniProxy(host, port, InetAddress::getAllByName);
  }

  static SniProxy resolve(String host, int port, Resolver resolver) throws UnknownHostException {
    return new SniProxy(host, port, resolver);
  }

  /**
   * Looks the proxy's host up again (a cloud's proxy sits behind a load balancer whose addresses
   * change), blocking: call it off the event loops (the session's admin executor, on each topology
   * refresh). A host that does not resolve now keeps the addresses it had.
   */
  public void refresh() {
    try {
      List<InetSocketAddress> found = lookUp();
      if (!found.equals(addresses)) {
        LOG.info("{} now resolves to {} (was {})", this, found, addresses);
        addresses = found;
      }
    } catch (UnknownHostException e) {
      LOG.warn("{} does not resolve now: {}; its addresses stay {}", this, e, addresses);
    }
  }

  private List<InetSocketAddress> lookUp() throws UnknownHostException {
    List<InetSocketAddress> found = new ArrayList<>();
    for (InetAddress address : resolver.resolve(host)) {
      found.add(new InetSocketAddress(address, port));
    }
    if (found.isEmpty()) {
      throw new UnknownHostException(host + " has no address");
    }
    return List.copyOf(found);
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
    List<InetSocketAddress> current = addresses;
    return current.get(Math.floorMod(next.getAndIncrement(), current.size()));
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
