package io.scyllaboot.test.fakescylla;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.util.AttributeKey;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.GlobalEventExecutor;
import io.scyllaboot.driver.internal.protocol.Primitives;
import io.scyllaboot.driver.internal.routing.Sharder;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;

/**
 * One node of a {@link FakeScyllaCluster}: S shards, each its own Netty event loop (one thread),
 * listening on the regular port (a connection goes to the shard with the fewest connections, the
 * lowest on a tie) and on the shard-aware port if the cluster has one (shard = the client's local
 * port % S). It records every request it receives (see {@link Received}).
 */
public final class FakeScyllaNode {
  static final String LWT = "SCYLLA_LWT_ADD_METADATA_MARK";
  static final String RATE_LIMIT = "SCYLLA_RATE_LIMIT_ERROR";
  static final String TABLETS = "TABLETS_ROUTING_V1";
  static final String METADATA_ID = "SCYLLA_USE_METADATA_ID";
  static final String TABLETS_V2 = "TABLETS_ROUTING_V2_EXPERIMENTAL";
  private static final AttributeKey<Integer> SHARD = AttributeKey.valueOf("fake-scylla-shard");
  private volatile boolean offersMetadataIds = true;
  private final FakeIdentityOptions identity = new FakeIdentityOptions();

  /** What one run of the node (start to stop) has: its shards and their connections. */
  record Generation(
      int shards,
      Sharder sharder,
      EventLoopGroup group,
      EventLoop[] loops,
      AtomicIntegerArray connections,
      byte[][] supportedByShard,
      List<Channel> servers) {
    byte[] supported(int shard) {
      return supportedByShard[shard];
    }
  }

  private final FakeScyllaCluster cluster;
  private final int index;
  private final InetSocketAddress address;
  private final UUID hostId;
  private final List<Long> tokens;
  private final Set<String> tokenStrings;
  private final Set<Long> prepared = ConcurrentHashMap.newKeySet();
  private final Queue<Received> received = new ConcurrentLinkedQueue<>();
  private final LongAdder withToken = new LongAdder();
  private final LongAdder onOwningShard = new LongAdder();
  private final LongAdder crossShardHops = new LongAdder();
  private final AtomicInteger connectionIds = new AtomicInteger();
  private final ChannelGroup clients = new DefaultChannelGroup(GlobalEventExecutor.INSTANCE);
  private volatile Generation generation;
  private volatile int shardCount;

  FakeScyllaNode(
      FakeScyllaCluster cluster, int index, InetAddress ip, int shards, List<Long> tokens) {
    this.cluster = cluster;
    this.index = index;
    this.address = new InetSocketAddress(ip, cluster.port());
    this.hostId = new UUID(0x5C711A0000000000L, index + 1L);
    this.tokens = List.copyOf(tokens);
    this.tokenStrings = Set.copyOf(tokens.stream().map(String::valueOf).toList());
    this.shardCount = shards;
  }

  /** The node's position in the cluster, from 0. */
  public int index() {
    return index;
  }

  /** The address and port the node advertises in the system tables (as {@link #address()}). */
  public InetSocketAddress advertisedAddress() {
    return cluster.advertisedAddress(index, address);
  }

  /** The regular CQL address (the contact point). */
  public InetSocketAddress address() {
    return address;
  }

  /** The host id it reports in system.local, system.peers and tablet replica lists. */
  public UUID hostId() {
    return hostId;
  }

  /** Its vnode tokens, ascending (each owns the range up to and including it). */
  public List<Long> tokens() {
    return tokens;
  }

  /** Its current shard count. */
  public int shardCount() {
    return shardCount;
  }

  /** Whether it is listening. */
  public boolean isRunning() {
    return generation != null;
  }

  /** Every request received so far (unless recording is off), in arrival order per connection. */
  public List<Received> received() {
    return new ArrayList<>(received);
  }

  /** The requests of one opcode received so far. */
  public List<Received> received(int opcode) {
    return received.stream().filter(r -> r.opcode() == opcode).toList();
  }

  /** Forgets the received requests and zeroes the routing counters. */
  public void clearReceived() {
    received.clear();
    withToken.reset();
    onOwningShard.reset();
    crossShardHops.reset();
  }

  /** Requests with a token so far: counted even when recording is off. */
  public long requestsWithToken() {
    return withToken.sum();
  }

  /** Requests that landed on the shard owning their token so far (recording on or off). */
  public long requestsOnOwningShard() {
    return onOwningShard.sum();
  }

  /**
   * Answers that went through an owning shard's event loop so far (see {@link
   * FakeScyllaCluster#crossShardHop}).
   */
  public long crossShardHops() {
    return crossShardHops.sum();
  }

  /** Open client connections per shard (all zero when stopped). */
  public int[] connectionsPerShard() {
    Generation current = generation;
    if (current == null) {
      return new int[shardCount];
    }
    int[] counts = new int[current.shards()];
    for (int i = 0; i < counts.length; i++) {
      counts[i] = current.connections().get(i);
    }
    return counts;
  }

  /**
   * Closes the open client connections of one shard from the node's side, as a shard that drops
   * them (its clients must reconnect); the node keeps listening.
   */
  public void closeConnections(int shard) {
    for (Channel client : clients) {
      Integer of = client.attr(SHARD).get();
      if (of != null && of == shard) {
        client.close().syncUninterruptibly();
      }
    }
  }

  /**
   * Starts listening (after {@link #stop()}); prepared statements are forgotten on a stop, so
   * clients get UNPREPARED and prepare again.
   */
  public synchronized void start() {
    if (generation != null) {
      return;
    }
    int shards = shardCount;
    EventLoopGroup group =
        new MultiThreadIoEventLoopGroup(
            shards,
            new DefaultThreadFactory("fake-scylla-" + index + "-shard", true),
            NioIoHandler.newFactory());
    EventLoop[] loops = new EventLoop[shards];
    int i = 0;
    for (EventExecutor executor : group) {
      loops[i++] = (EventLoop) executor;
    }
    byte[][] supported = new byte[shards][];
    for (int shard = 0; shard < shards; shard++) {
      Map<String, List<String>> options = supportedOptions(shard, shards);
      supported[shard] =
          Wire.bytes(ByteBufAllocator.DEFAULT, out -> Primitives.writeStringMultimap(out, options));
    }
    List<Channel> servers = new ArrayList<>();
    Generation started =
        new Generation(
            shards,
            new Sharder(shards, cluster.ignoreMsb()),
            group,
            loops,
            new AtomicIntegerArray(shards),
            supported,
            servers);
    try {
      servers.add(listen(started, cluster.port(), false));
      if (cluster.shardAwarePort() > 0) {
        servers.add(listen(started, cluster.shardAwarePort(), true));
      }
    } catch (RuntimeException e) {
      servers.forEach(server -> server.close().syncUninterruptibly());
      group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
      throw e;
    }
    generation = started;
  }

  /** Stops listening and closes every client connection. */
  public synchronized void stop() {
    Generation current = generation;
    if (current == null) {
      return;
    }
    generation = null;
    current.servers().forEach(server -> server.close().syncUninterruptibly());
    clients.close().syncUninterruptibly();
    current.group().shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    prepared.clear();
  }

  /** A restart with the same shard count. */
  public void restart() {
    restart(shardCount);
  }

  /** A restart with another shard count (resharding): clients must rebuild their shard pools. */
  public synchronized void restart(int newShardCount) {
    if (newShardCount < 1) {
      throw new IllegalArgumentException("shard count must be at least 1, was " + newShardCount);
    }
    stop();
    shardCount = newShardCount;
    start();
  }

  /**
   * Whether this node offers {@code SCYLLA_USE_METADATA_ID} from its next start ({@link
   * #restart()}) on (by default it does): a node not yet upgraded, in a rolling upgrade, does not.
   */
  public void offerMetadataIds(boolean offer) {
    this.offersMetadataIds = offer;
  }

  private Map<String, List<String>> supportedOptions(int shard, int shards) {
    Map<String, List<String>> options = new LinkedHashMap<>();
    options.put("CQL_VERSION", List.of("3.3.1"));
    options.put("COMPRESSION", List.of()); // none: the fake does not compress
    if (cluster.lean()) {
      return options; // shaped as an Apache Cassandra node: no ScyllaDB extension
    }
    options.put("SCYLLA_SHARD", List.of(Integer.toString(shard)));
    options.put("SCYLLA_NR_SHARDS", List.of(Integer.toString(shards)));
    options.put("SCYLLA_SHARDING_ALGORITHM", List.of("biased-token-round-robin"));
    options.put("SCYLLA_SHARDING_IGNORE_MSB", List.of(Integer.toString(cluster.ignoreMsb())));
    options.put("SCYLLA_PARTITIONER", List.of(FakeScyllaCluster.PARTITIONER));
    if (cluster.shardAwarePort() > 0) {
      options.put(
          "SCYLLA_SHARD_AWARE_PORT", List.of(Integer.toString(cluster.advertisedShardAwarePort())));
    }
    options.put(LWT, List.of("LWT_OPTIMIZATION_META_BIT_MASK=2147483648"));
    options.put(RATE_LIMIT, List.of("ERROR_CODE=61440"));
    options.put(TABLETS, List.of(""));
    if (cluster.offersTabletsRoutingV2()) {
      options.put(TABLETS_V2, List.of(""));
    }
    if (offersMetadataIds) {
      options.put(METADATA_ID, List.of(""));
    }
    identity.addTo(options, hostId);
    return options;
  }

  /**
   * What this node says of itself in SUPPORTED beyond sharding and the extensions: {@code
   * SCYLLA_HOST_ID} and the client-option keys; changes apply from its next start on.
   */
  public FakeIdentityOptions identityOptions() {
    return identity;
  }

  /** The options of every STARTUP this node received so far (recording on), in arrival order. */
  public List<Map<String, String>> startups() {
    return received(io.scyllaboot.driver.internal.protocol.Opcodes.STARTUP).stream()
        .map(Received::startupOptions)
        .toList();
  }

  private Channel listen(Generation started, int port, boolean shardAware) {
    InetSocketAddress local = new InetSocketAddress(address.getAddress(), port);
    try {
      return new ServerBootstrap()
          .group(cluster.acceptors())
          .channel(NioServerSocketChannel.class)
          .option(ChannelOption.SO_REUSEADDR, true)
          .handler(new Acceptor(started, shardAware))
          .childHandler(new ChannelInboundHandlerAdapter()) // never used: Acceptor registers
          .bind(local)
          .syncUninterruptibly()
          .channel();
    } catch (Exception e) {
      throw new IllegalStateException(
          "fake scylla node " + index + ": cannot listen on " + local + ": " + e, e);
    }
  }

  /**
   * Sits before the bootstrap's own acceptor on the server channel and registers each accepted
   * connection with the event loop of the shard it belongs to.
   */
  private final class Acceptor extends ChannelInboundHandlerAdapter {
    private final Generation started;
    private final boolean shardAware;

    Acceptor(Generation started, boolean shardAware) {
      this.started = started;
      this.shardAware = shardAware;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      Channel child = (Channel) msg;
      int clientPort = ((InetSocketAddress) child.remoteAddress()).getPort();
      // Runs on the one acceptor thread: the least-loaded choice needs no lock.
      int shard = shardAware ? clientPort % started.shards() : leastLoaded();
      started.connections().incrementAndGet(shard);
      child.attr(SHARD).set(shard);
      child.closeFuture().addListener(closed -> started.connections().decrementAndGet(shard));
      child.config().setOption(ChannelOption.TCP_NODELAY, true);
      child
          .pipeline()
          .addLast(
              new ShardConnection(
                  FakeScyllaNode.this,
                  started,
                  shard,
                  connectionIds.incrementAndGet(),
                  clientPort));
      clients.add(child);
      started
          .loops()[shard]
          .register(child)
          .addListener(
              registered -> {
                if (!registered.isSuccess()) {
                  child.unsafe().closeForcibly();
                }
              });
    }

    private int leastLoaded() {
      int best = 0;
      for (int shard = 1; shard < started.shards(); shard++) {
        if (started.connections().get(shard) < started.connections().get(best)) {
          best = shard;
        }
      }
      return best;
    }
  }

  FakeScyllaCluster cluster() {
    return cluster;
  }

  Set<String> tokenStrings() {
    return tokenStrings;
  }

  void markPrepared(PrimedStatement statement) {
    prepared.add(statement.key);
  }

  boolean isPrepared(PrimedStatement statement) {
    return prepared.contains(statement.key);
  }

  void record(boolean hasToken, boolean owningShardHit, Supplier<Received> request) {
    if (hasToken) {
      withToken.increment();
      if (owningShardHit) {
        onOwningShard.increment();
      }
    }
    if (cluster.recording()) {
      received.add(request.get());
    }
  }

  void countHop() {
    crossShardHops.increment();
  }

  @Override
  public String toString() {
    return "FakeScyllaNode" + index + "(" + address + ", " + shardCount + " shards)";
  }
}
