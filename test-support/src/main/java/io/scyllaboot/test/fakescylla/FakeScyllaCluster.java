package io.scyllaboot.test.fakescylla;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.scyllaboot.driver.internal.routing.Tablet;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

/**
 * A fake ScyllaDB cluster in this JVM for tests of shard-aware drivers: N nodes on consecutive
 * loopback addresses, each with S shards (one event loop each), the ScyllaDB protocol extensions
 * (sharding info, shard-aware port, LWT mark, rate-limit error, tablet routing payloads, metadata
 * ids), vnode tokens or tablets per table, and statements primed in advance. Every request is
 * recorded with the shard that received it and the shard that owns its token.
 *
 * <pre>{@code
 * try (FakeScyllaCluster cluster = FakeScyllaCluster.builder().nodes(3).shards(4)
 *     .port(29042).shardAwarePort(29043).build()) {
 *   cluster.prime("INSERT INTO ks.t (id, v) VALUES (?, ?)",
 *       List.of(new Column("id", PrimitiveType.INT), new Column("v", PrimitiveType.TEXT)),
 *       new int[] {0}, List.of(), List.of());
 *   // connect a driver to cluster.node(0).address() with local DC cluster.datacenter()
 * }
 * }</pre>
 *
 * <p>Protocol v4 only, no compression, no authentication. Queries that are not primed get system
 * table answers (system.local, system.peers, system_schema.keyspaces with NetworkTopologyStrategy
 * keyed by the DC; peers_v2 is INVALID as on ScyllaDB), SET_KEYSPACE for USE, VOID otherwise.
 *
 * <p>{@link Builder#lean()} makes it one lean node shaped as an Apache Cassandra node, the server
 * side of the benchmarks: the same protocol handling, without the per-request bookkeeping.
 */
public final class FakeScyllaCluster implements AutoCloseable {
  static final String PARTITIONER = "org.apache.cassandra.dht.Murmur3Partitioner";
  static final String CLUSTER_NAME = "fake-scylla";
  static final String RELEASE_VERSION = "3.0.8"; // what ScyllaDB reports
  static final UUID SCHEMA_VERSION = new UUID(0x5C4E_0000_0000_0001L, 1);
  static final byte[] VOID = {0, 0, 0, 1};

  private final Builder config;
  private final EventLoopGroup acceptors;
  private final List<FakeScyllaNode> nodes = new ArrayList<>();
  private final TokenRing ring;
  private final PrimedStatements primed = new PrimedStatements();
  private final TabletTables tablets = new TabletTables();
  private final FakeClientRoutes clientRoutes = new FakeClientRoutes(this);
  private volatile long crossShardDelayNanos;
  private volatile long crossShardHopSpinNanos = -1; // -1: no hop

  private FakeScyllaCluster(Builder config) {
    this.config = config;
    ring = new TokenRing(config.nodes, config.tokensPerNode, config.replicationFactor);
    acceptors =
        new MultiThreadIoEventLoopGroup(
            1, new DefaultThreadFactory("fake-scylla-accept", true), NioIoHandler.newFactory());
    try {
      for (int i = 0; i < config.nodes; i++) {
        FakeScyllaNode node =
            new FakeScyllaNode(
                this, i, nth(config.firstAddress, i), config.shards, ring.tokensOf(i));
        nodes.add(node);
        node.start();
      }
    } catch (RuntimeException e) {
      close();
      throw e;
    }
  }

  /** The address {@code index} past {@code first} in its last byte: node {@code index}'s. */
  private static InetAddress nth(InetAddress first, int index) {
    byte[] ip = first.getAddress().clone();
    ip[ip.length - 1] = (byte) ((ip[ip.length - 1] & 0xFF) + index);
    try {
      return InetAddress.getByAddress(ip);
    } catch (UnknownHostException e) {
      throw new IllegalStateException(e);
    }
  }

  /** A builder: 1 node of 2 shards on 127.0.0.1, ports 9042 and 19042, as ScyllaDB's defaults. */
  public static Builder builder() {
    return new Builder();
  }

  public List<FakeScyllaNode> nodes() {
    return List.copyOf(nodes);
  }

  public FakeScyllaNode node(int index) {
    return nodes.get(index);
  }

  /** The data center every node reports: the driver's local DC. */
  public String datacenter() {
    return config.datacenter;
  }

  public int port() {
    return config.port;
  }

  /** The shard-aware port, 0 when none is advertised. */
  public int shardAwarePort() {
    return config.shardAwarePort;
  }

  /** The shard-aware port SUPPORTED advertises (the listening one unless {@code advertise}d). */
  public int advertisedShardAwarePort() {
    return config.advertisedFirst == null ? config.shardAwarePort : config.advertisedShardAwarePort;
  }

  /** The address node {@code index} advertises in the system tables. */
  java.net.InetSocketAddress advertisedAddress(int index, java.net.InetSocketAddress listening) {
    if (config.advertisedFirst == null) {
      return listening;
    }
    return new java.net.InetSocketAddress(
        nth(config.advertisedFirst, index), config.advertisedPort);
  }

  public int ignoreMsb() {
    return config.ignoreMsb;
  }

  /** The replication factor of every keyspace (NetworkTopologyStrategy in the one DC). */
  public int replicationFactor() {
    return config.replicationFactor;
  }

  /**
   * Primes a statement for PREPARE (and QUERY by the same text): EXECUTE answers VOID when {@code
   * result} is empty, else these rows. The keyspace and table come from the text ({@code INTO|FROM
   * |UPDATE ks.table}; {@code ks} when unqualified). A text containing {@code " IF "} is a
   * lightweight transaction. Priming the same text again replaces it (a changed result changes its
   * result metadata id).
   *
   * @param pkIndices the positions of the partition key columns among {@code variables}, in key
   *     order: the token is computed from them
   * @return the prepared id (MD5 of the text, the same on every node)
   */
  public byte[] prime(
      String query,
      List<Column> variables,
      int[] pkIndices,
      List<Column> result,
      List<List<Object>> rows) {
    return primed.prime(query, variables, pkIndices, result, rows);
  }

  /**
   * Turns the rate-limit error on or off for a primed statement: ScyllaDB's code 0xF000 with
   * operation type and rejected-by-coordinator on a connection that negotiated {@code
   * SCYLLA_RATE_LIMIT_ERROR}, Config_error 0x2300 otherwise.
   */
  public void rateLimit(String query, boolean on) {
    primed.rateLimit(query, on);
  }

  /**
   * Puts a table in tablet mode: its requests are routed by these tablets (owning shard from the
   * replica list) and a response to a request whose (node, shard) holds no replica carries the
   * {@code tablets-routing-v1} payload, on connections that negotiated {@code TABLETS_ROUTING_V1}.
   * An empty list turns the table back to vnodes.
   *
   * @throws IllegalArgumentException if two tablets overlap
   */
  public void tablets(String keyspace, String table, List<FakeTablet> tabletList) {
    tablets.put(keyspace, table, tabletList);
  }

  /**
   * {@code count} tablets splitting the whole token range evenly, tablet k with {@code replicas}
   * replicas on nodes k, k+1 ... (mod N), on shard (k + r) mod that node's shard count.
   */
  public List<FakeTablet> evenTablets(int count, int replicas) {
    return TabletTables.even(nodes, count, replicas);
  }

  /**
   * A delay paid by a response whose request landed on a shard other than the token's owner, as the
   * cross-shard hop of a real node; zero (the default) for none. The response is scheduled on the
   * shard's event loop, so the delay has that timer's resolution (about a millisecond on NIO).
   */
  public void crossShardDelay(Duration delay) {
    crossShardDelayNanos = delay.toNanos();
  }

  /**
   * Models ScyllaDB's cross-shard hop (smp message passing) for a request that landed on a shard
   * other than its token's owner: the answer is handed to the owning shard's event loop, which
   * busy-spins for {@code spin} (zero: the queue hop alone), then back to the receiving shard,
   * which writes it. No timer is involved, so microseconds are honoured (unlike {@link
   * #crossShardDelay}, which wins when both are set). {@code null} turns the hop off (the default).
   */
  public void crossShardHop(Duration spin) {
    if (spin != null && spin.isNegative()) {
      throw new IllegalArgumentException("negative cross-shard spin: " + spin);
    }
    crossShardHopSpinNanos = spin == null ? -1 : spin.toNanos();
  }

  /** The cluster's client routes ({@code system.client_routes}, route endpoints, events). */
  public FakeClientRoutes clientRoutes() {
    return clientRoutes;
  }

  /** Every node's received requests, node by node. */
  public List<Received> received() {
    List<Received> all = new ArrayList<>();
    nodes.forEach(node -> all.addAll(node.received()));
    return all;
  }

  /** Clears every node's received requests and counters. */
  public void clearReceived() {
    nodes.forEach(FakeScyllaNode::clearReceived);
  }

  /** Stops every node. */
  @Override
  public void close() {
    clientRoutes.close();
    nodes.forEach(FakeScyllaNode::stop);
    acceptors.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
  }

  EventLoopGroup acceptors() {
    return acceptors;
  }

  boolean recording() {
    return config.recordRequests;
  }

  long crossShardDelayNanos() {
    return crossShardDelayNanos;
  }

  long crossShardHopSpinNanos() {
    return crossShardHopSpinNanos;
  }

  PrimedStatement primed(String query) {
    return primed.byQuery(query);
  }

  /** The statement primed with the id at {@code buf[at, at + length)}, or null. */
  PrimedStatement primedById(io.netty.buffer.ByteBuf buf, int at, int length) {
    return primed.byId(buf, at, length);
  }

  boolean lean() {
    return config.lean;
  }

  boolean offersTabletsRoutingV2() {
    return config.tabletsRoutingV2;
  }

  boolean isRateLimited(String query) {
    return primed.isRateLimited(query);
  }

  /** A table's tablets, sorted by last token, or null when it is on vnodes. */
  Tablet[] tablets(String keyspace, String table) {
    return tablets.get(keyspace, table);
  }

  /** Whether a node is among the replication factor's nodes that follow a token on the ring. */
  boolean isReplica(int node, long token) {
    return ring.isReplica(node, token);
  }

  /** The keyspaces of primed statements and tablet tables. */
  Set<String> keyspaces() {
    Set<String> keyspaces = new TreeSet<>(primed.keyspaces());
    keyspaces.addAll(tabletKeyspaces());
    return keyspaces;
  }

  Set<String> tabletKeyspaces() {
    return tablets.keyspaces();
  }

  /** Configures a cluster; {@link #build()} starts it. */
  public static final class Builder {
    private int nodes = 1;
    private int shards = 2;
    private InetAddress firstAddress = InetAddress.getLoopbackAddress();
    private int port = 9042;
    private int shardAwarePort = 19042;
    private int ignoreMsb = 12;
    private int tokensPerNode = 8;
    private String datacenter = "datacenter1";
    private int replicationFactor = 1;
    private boolean recordRequests = true;
    private boolean lean;
    private boolean tabletsRoutingV2;
    private InetAddress advertisedFirst; // null: nodes advertise where they listen
    private int advertisedPort;
    private int advertisedShardAwarePort;

    private Builder() {}

    /**
     * Nodes advertise other addresses than the ones they listen on, as behind NAT or in Kubernetes:
     * node i's {@code system.local}/{@code system.peers} rows give {@code firstIp} + i and {@code
     * port}, and its SUPPORTED the shard-aware port {@code shardAwarePort}; a driver reaches them
     * only through an address translator.
     */
    public Builder advertise(String firstIp, int port, int shardAwarePort) {
      try {
        advertisedFirst = InetAddress.getByName(firstIp);
      } catch (UnknownHostException e) {
        throw new IllegalArgumentException("not an address: " + firstIp, e);
      }
      advertisedPort = port;
      advertisedShardAwarePort = shardAwarePort;
      return this;
    }

    /** The node count (default 1). */
    public Builder nodes(int count) {
      nodes = atLeastOne(count, "node count");
      return this;
    }

    /** Shards per node at start (default 2); {@link FakeScyllaNode#restart(int)} changes it. */
    public Builder shards(int count) {
      shards = atLeastOne(count, "shard count");
      return this;
    }

    /** The first node's IPv4 address; node i gets its last byte + i (default 127.0.0.1). */
    public Builder firstAddress(String ip) {
      try {
        firstAddress = InetAddress.getByName(ip);
      } catch (UnknownHostException e) {
        throw new IllegalArgumentException("not an address: " + ip, e);
      }
      return this;
    }

    /** The regular CQL port of every node (default 9042). */
    public Builder port(int value) {
      port = value;
      return this;
    }

    /** The shard-aware port of every node (default 19042); 0 for none (not advertised). */
    public Builder shardAwarePort(int value) {
      shardAwarePort = value;
      return this;
    }

    /** {@code SCYLLA_SHARDING_IGNORE_MSB} (default 12). */
    public Builder ignoreMsb(int bits) {
      ignoreMsb = bits;
      return this;
    }

    /** Vnode tokens per node (default 8). */
    public Builder tokensPerNode(int count) {
      tokensPerNode = atLeastOne(count, "tokens per node");
      return this;
    }

    /** The data center of every node (default datacenter1). */
    public Builder datacenter(String name) {
      datacenter = name;
      return this;
    }

    /** The replication factor of every keyspace (default 1). */
    public Builder replicationFactor(int factor) {
      replicationFactor = atLeastOne(factor, "replication factor");
      return this;
    }

    /**
     * A lean node, the server side of benchmarks: one node of one shard, one token, no shard-aware
     * port and none of ScyllaDB's extensions offered (shaped as an Apache Cassandra node), and no
     * per-request routing, recording or counters, so that a request costs it little more than
     * copying its primed answer. Set the address and port after this.
     */
    public Builder lean() {
      nodes = 1;
      shards = 1;
      tokensPerNode = 1;
      shardAwarePort = 0;
      recordRequests = false;
      lean = true;
      return this;
    }

    /** Whether nodes keep a {@link Received} per request (default true; counters always run). */
    /**
     * Nodes also offer ScyllaDB's experimental {@code TABLETS_ROUTING_V2_EXPERIMENTAL}, as ScyllaDB
     * 2026 does with the {@code strongly-consistent-tables} feature. On a connection that asks for
     * it, every EXECUTE must end with a tablet version block, and a block that does not match the
     * tablet's version (a hash of its ordered replicas: the first one is the tablet's leader, so a
     * leader move changes it) gets a {@code tablets-routing-v2} payload. A request that reaches a
     * node other than the leader is still answered there: a follower forwards it to the leader,
     * which {@link Received#leader()} tells apart.
     */
    public Builder tabletsRoutingV2() {
      tabletsRoutingV2 = true;
      return this;
    }

    public Builder recordRequests(boolean record) {
      recordRequests = record;
      return this;
    }

    /**
     * Starts the cluster.
     *
     * @throws IllegalStateException if a node cannot listen (address or port in use)
     */
    public FakeScyllaCluster build() {
      if (replicationFactor > nodes) {
        throw new IllegalArgumentException(
            "replication factor " + replicationFactor + " exceeds " + nodes + " nodes");
      }
      if (ignoreMsb < 0 || ignoreMsb > 63) {
        throw new IllegalArgumentException("ignore-msb must be in [0, 63], was " + ignoreMsb);
      }
      if (port <= 0 || port == shardAwarePort) {
        throw new IllegalArgumentException("port " + port + " with shard-aware " + shardAwarePort);
      }
      return new FakeScyllaCluster(this);
    }

    private static int atLeastOne(int value, String what) {
      if (value < 1) {
        throw new IllegalArgumentException(what + " must be at least 1, was " + value);
      }
      return value;
    }
  }
}
