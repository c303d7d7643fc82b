package io.scyllaboot.driver.internal.metadata;

import io.scyllaboot.driver.api.metadata.Node;
import io.scyllaboot.driver.api.metadata.NodeState;
import java.net.InetSocketAddress;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiConsumer;
import java.util.function.IntSupplier;

/**
 * A node and what the topology says of it. Fields written by the control connection's refreshes
 * (one thread at a time) and read anywhere: they are volatile, nothing more is needed.
 */
public final class DefaultNode implements Node {
  /** Distances, set by the load balancing policy: in the local rack (when one is configured). */
  public static final int LOCAL_RACK = 0;

  /** In the local data center. */
  public static final int LOCAL = 1;

  /** In a remote data center, used when requests fail over (a pool is kept). */
  public static final int REMOTE = 2;

  /** Not used: filtered out, or remote without failover. */
  public static final int IGNORED = 3;

  private volatile InetSocketAddress address; // moves only when its client route changes
  private volatile int distance = LOCAL;
  // What the node advertises, and how that becomes an address to connect to (its shard-aware port).
  private volatile InetSocketAddress advertised;
  private volatile io.scyllaboot.driver.api.policy.AddressTranslator translator =
      io.scyllaboot.driver.api.policy.AddressTranslator.IDENTITY;
  private volatile String datacenter;
  private volatile String rack;
  private volatile UUID hostId;
  private volatile String releaseVersion;
  private volatile Set<String> tokens = Set.of();
  private volatile NodeState state = NodeState.UNKNOWN;
  private volatile BiConsumer<DefaultNode, NodeState> stateListener;
  private volatile long backUpAtNanos = Long.MIN_VALUE; // when it last went from DOWN to UP
  private volatile IntSupplier openConnections = () -> 0;
  private volatile IntSupplier inFlight = () -> 0;
  private volatile IntSupplier awaiting = () -> 0;
  // Open connections that read nothing for the unresponsive timeout while requests waited.
  private final AtomicInteger unresponsiveConnections = new AtomicInteger();

  public DefaultNode(InetSocketAddress address) {
    this.address = address;
    this.advertised = address;
  }

  /**
   * {@link #LOCAL_RACK}, {@link #LOCAL}, {@link #REMOTE} or {@link #IGNORED}; one volatile read.
   */
  public int distance() {
    return distance;
  }

  public void distance(int newDistance) {
    this.distance = newDistance;
  }

  /** Whether requests may use the node from its local data center (local rack or not). */
  public boolean isLocalDistance() {
    return distance <= LOCAL;
  }

  /** The address the node advertises (before translation), and the translator to apply. */
  public void advertised(
      InetSocketAddress advertisedAddress,
      io.scyllaboot.driver.api.policy.AddressTranslator addressTranslator) {
    this.advertised = advertisedAddress;
    this.translator = addressTranslator;
  }

  /** The address the node advertises, before address translation. */
  public InetSocketAddress advertisedAddress() {
    return advertised;
  }

  /**
   * Where to reach the node's shard-aware {@code port}: the advertised host and that port, through
   * the address translator (which may map the port too); without one, the node's address.
   */
  public InetSocketAddress shardAwareAddress(int port) {
    io.scyllaboot.driver.api.policy.AddressTranslator current = translator;
    if (current == io.scyllaboot.driver.api.policy.AddressTranslator.IDENTITY) {
      return new InetSocketAddress(address.getAddress(), port);
    }
    InetSocketAddress translated =
        current.translate(new InetSocketAddress(advertised.getAddress(), port));
    return translated.isUnresolved()
        ? new InetSocketAddress(translated.getHostString(), translated.getPort())
        : translated;
  }

  @Override
  public InetSocketAddress address() {
    return address;
  }

  /**
   * The node is now reached at another address (its ScyllaDB client route changed); the session
   * re-keys it and replaces its pool.
   */
  public void moveTo(InetSocketAddress newAddress) {
    this.address = newAddress;
  }

  @Override
  public String datacenter() {
    return datacenter;
  }

  @Override
  public String rack() {
    return rack;
  }

  @Override
  public UUID hostId() {
    return hostId;
  }

  @Override
  public String releaseVersion() {
    return releaseVersion;
  }

  /** The node's tokens as the ring lists them (decimal Murmur3 tokens). */
  public Set<String> tokens() {
    return tokens;
  }

  @Override
  public NodeState state() {
    return state;
  }

  public void state(NodeState newState) {
    NodeState old = state;
    if (newState == NodeState.UP && old == NodeState.DOWN) {
      backUpAtNanos = System.nanoTime();
    }
    this.state = newState;
    BiConsumer<DefaultNode, NodeState> listener = stateListener;
    if (old != newState && listener != null) {
      listener.accept(this, newState);
    }
  }

  /** Told of every state change (the session's node state listeners), or null. */
  public void stateListener(BiConsumer<DefaultNode, NodeState> listener) {
    this.stateListener = listener;
  }

  /** Whether the node came back up (after being down) less than {@code nanos} ago. */
  public boolean cameBackWithin(long nanos, long now) {
    long since = backUpAtNanos;
    return since != Long.MIN_VALUE && now - since < nanos;
  }

  public boolean isUp() {
    return state == NodeState.UP;
  }

  /**
   * Whether every open connection answers: false while one has read nothing for the unresponsive
   * timeout with requests waiting (a frozen or stalled process). New requests then avoid the node,
   * until it answers again. One volatile read.
   */
  public boolean isResponsive() {
    return unresponsiveConnections.get() == 0;
  }

  /** A connection of this node became unresponsive, or responsive again (or closed). */
  public void connectionResponsive(boolean responsive) {
    if (responsive) {
      unresponsiveConnections.decrementAndGet();
    } else {
      unresponsiveConnections.incrementAndGet();
    }
  }

  /** Updates what the topology says; returns whether the tokens changed. */
  public boolean update(
      String datacenter, String rack, UUID hostId, String releaseVersion, Set<String> tokens) {
    this.datacenter = datacenter;
    this.rack = rack;
    this.hostId = hostId;
    this.releaseVersion = releaseVersion;
    boolean tokensChanged = !this.tokens.equals(tokens);
    this.tokens = Set.copyOf(tokens);
    return tokensChanged;
  }

  /** Where the pool reports its counts from. */
  public void counters(IntSupplier openConnections, IntSupplier inFlight) {
    counters(openConnections, inFlight, inFlight);
  }

  /**
   * Where the pool reports its counts from, with the requests that still await a response apart
   * from timed-out ones (orphans, which hold stream ids but no longer make the node busy).
   */
  public void counters(IntSupplier openConnections, IntSupplier inFlight, IntSupplier awaiting) {
    this.openConnections = openConnections;
    this.inFlight = inFlight;
    this.awaiting = awaiting;
  }

  /** Requests in flight that still await their response (not timed out). */
  public int awaitingRequests() {
    return awaiting.getAsInt();
  }

  @Override
  public int openConnections() {
    return openConnections.getAsInt();
  }

  @Override
  public int inFlightRequests() {
    return inFlight.getAsInt();
  }

  @Override
  public String toString() {
    return address + "(" + (datacenter == null ? "?" : datacenter) + ", " + state + ")";
  }
}
