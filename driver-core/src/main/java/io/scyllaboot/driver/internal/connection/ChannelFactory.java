package io.scyllaboot.driver.internal.connection;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.EventLoopGroup;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.timeout.IdleStateHandler;
import io.scyllaboot.driver.api.Compression;
import io.scyllaboot.driver.api.error.ConnectionException;
import io.scyllaboot.driver.internal.cloud.SniProxy;
import io.scyllaboot.driver.internal.protocol.frame.Compressor;
import io.scyllaboot.driver.internal.protocol.frame.FrameDecoder;
import io.scyllaboot.driver.internal.protocol.frame.Lz4Compressor;
import io.scyllaboot.driver.internal.protocol.frame.SegmentCodec;
import io.scyllaboot.driver.internal.protocol.message.Response;
import io.scyllaboot.driver.internal.util.Futures;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Opens connections: TCP connect, the pipeline, the TLS handshake when configured, then the
 * protocol handshake. The returned connection is ready for queries. Thread-safe.
 *
 * <p>The pipeline, head to tail: {@code ssl} (optional), then the v4 {@code frameDecoder} with an
 * optional {@code frameCompressor}, or the v5 {@code segmentDecoder} and {@code segmentEncoder};
 * then, with heartbeats, {@code idle} and {@code heartbeat}; then {@code inFlight}.
 *
 * <p>Protocol negotiation: unless a version is pinned, the first connection offers v5 and, when the
 * node refuses it, closes and reconnects with v4. The outcome is kept, so later connections of this
 * factory speak the negotiated version at once.
 */
public final class ChannelFactory {
  static final String TRAFFIC = "traffic";
  private static final Logger LOG = LoggerFactory.getLogger(ChannelFactory.class);

  static final String SSL = "ssl";
  static final String FRAME_DECODER = "frameDecoder";
  static final String FRAME_COMPRESSOR = "frameCompressor";
  static final String SEGMENT_DECODER = "segmentDecoder";
  static final String SEGMENT_ENCODER = "segmentEncoder";
  static final String IN_FLIGHT = "inFlight";
  static final String IDLE = "idle";
  static final String HEARTBEAT = "heartbeat";

  private static final List<String> TLS_PROTOCOLS = List.of("TLSv1.3", "TLSv1.2");

  private final EventLoopGroup group;
  private final EventLoopBalancer loops;
  private final ConnectionOptions options;
  private final String sessionName;
  private final @Nullable Compressor compressor;
  private final AtomicInteger connectionCounter = new AtomicInteger();
  private final TrafficHandler traffic;
  private final SessionIdentity identity;
  // 0 until a negotiating connection succeeds; then the version every later connection uses.
  private volatile int negotiatedVersion;
  // Set once after construction, before the first connection (experimental, off by default).
  private volatile boolean tabletsRoutingV2;
  private volatile @Nullable SniProxy sniProxy;

  /**
   * @param trafficCounter receives byte counts of every connection, or null to count nothing
   */
  public ChannelFactory(
      EventLoopGroup group,
      ConnectionOptions options,
      String sessionName,
      TrafficCounter trafficCounter) {
    this(group, options, sessionName, trafficCounter, new SessionIdentity(UUID.randomUUID(), null));
  }

  /**
   * @param trafficCounter receives byte counts of every connection, or null to count nothing
   * @param identity what STARTUP tells a ScyllaDB node that asks for it: the session's id and
   *     configuration
   */
  public ChannelFactory(
      EventLoopGroup group,
      ConnectionOptions options,
      String sessionName,
      TrafficCounter trafficCounter,
      SessionIdentity identity) {
    this.identity = identity;
    this.group = group;
    this.loops = new EventLoopBalancer(group);
    this.options = options;
    this.sessionName = sessionName;
    this.traffic = trafficCounter == null ? null : new TrafficHandler(trafficCounter);
    this.compressor = options.compression() == Compression.LZ4 ? Lz4Compressor.INSTANCE : null;
    this.negotiatedVersion = options.protocolVersion();
  }

  public ConnectionOptions options() {
    return options;
  }

  /**
   * Whether connections ask nodes that offer it for ScyllaDB's experimental tablets routing v2 (see
   * {@link TabletsRoutingV2}); set before the first connection.
   */
  public ChannelFactory tabletsRoutingV2(boolean enabled) {
    this.tabletsRoutingV2 = enabled;
    return this;
  }

  /**
   * The cloud proxy whose {@linkplain SniProxy#endpoint endpoints} are connected through it, by TLS
   * server name; set before the first connection.
   */
  public ChannelFactory sniProxy(@Nullable SniProxy proxy) {
    this.sniProxy = proxy;
    return this;
  }

  /**
   * Connects and runs the handshake; {@code keyspace} (may be null) is set with USE.
   *
   * @param eventListener receives server-pushed events (only on a REGISTERed connection)
   */
  public CompletionStage<DriverChannel> connect(
      InetSocketAddress address, String keyspace, Consumer<Response.Event> eventListener) {
    return connect(address, 0, keyspace, eventListener);
  }

  /**
   * Connects from a chosen local port (for a ScyllaDB shard-aware port, which picks the shard by
   * it); 0 lets the system choose. A port in use fails with a {@link ConnectionException} whose
   * cause is a {@link java.net.BindException}.
   */
  public CompletionStage<DriverChannel> connect(
      InetSocketAddress address,
      int localPort,
      String keyspace,
      Consumer<Response.Event> eventListener) {
    int known = negotiatedVersion;
    if (known != 0) {
      return connect(address, localPort, keyspace, eventListener, known);
    }
    return connect(address, localPort, keyspace, eventListener, 5)
        .handle(
            (channel, error) -> {
              if (error == null) {
                negotiatedVersion = 5;
                return CompletableFuture.completedFuture(channel);
              }
              if (Futures.unwrap(error) instanceof ProtocolVersionRefusedException refused) {
                LOG.debug("[{}] {}; retrying with protocol v4", sessionName, refused.getMessage());
                return connect(address, localPort, keyspace, eventListener, 4)
                    .thenApply(
                        downgraded -> {
                          negotiatedVersion = 4;
                          return downgraded;
                        });
              }
              return CompletableFuture.<DriverChannel>failedFuture(Futures.unwrap(error));
            })
        .thenCompose(stage -> stage);
  }

  private CompletionStage<DriverChannel> connect(
      InetSocketAddress address,
      int localPort,
      String keyspace,
      Consumer<Response.Event> eventListener,
      int protocolVersion) {
    String name = sessionName + "|" + address + "|c" + connectionCounter.incrementAndGet();
    InFlightHandler inFlight =
        new InFlightHandler(
            options.maxRequestsPerConnection(),
            options.maxQueuedRequests(),
            options.maxOrphanedStreamIds(),
            name,
            eventListener);
    long heartbeatNanos = options.heartbeatInterval().toNanos();
    HeartbeatHandler heartbeat =
        heartbeatNanos > 0 ? new HeartbeatHandler(options.initTimeout().toNanos()) : null;
    // A cloud node's endpoint is reached through the SNI proxy: decided once per connection.
    SniProxy candidate = sniProxy;
    SniProxy proxy = candidate != null && candidate.isEndpoint(address) ? candidate : null;
    InetSocketAddress target = proxy != null ? proxy.nextAddress() : address;
    int loop = loops.pick();
    Bootstrap bootstrap =
        new Bootstrap()
            .group(loops.loop(loop))
            .channel(Transport.socketChannel(group))
            .option(ChannelOption.TCP_NODELAY, true)
            .option(ChannelOption.SO_KEEPALIVE, true)
            .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) options.connectTimeout().toMillis())
            .handler(
                new ChannelInitializer<Channel>() {
                  @Override
                  protected void initChannel(Channel channel) {
                    initPipeline(
                        channel.pipeline(), address, proxy, protocolVersion, name, inFlight);
                    if (heartbeat != null) {
                      // Before the in-flight table, which consumes every response: reads only,
                      // since a connection that receives is alive, whatever it writes.
                      channel
                          .pipeline()
                          .addBefore(
                              IN_FLIGHT,
                              IDLE,
                              new IdleStateHandler(heartbeatNanos, 0, 0, TimeUnit.NANOSECONDS))
                          .addBefore(IN_FLIGHT, HEARTBEAT, heartbeat);
                    }
                  }
                });
    if (localPort != 0) {
      // A source port the driver chose: one of its own earlier connections may still hold it in
      // TIME_WAIT, which must not count as in use.
      bootstrap.option(ChannelOption.SO_REUSEADDR, true);
    }
    CompletableFuture<DriverChannel> result = new CompletableFuture<>();
    ChannelFuture connecting;
    try {
      connecting =
          localPort == 0
              ? bootstrap.connect(target)
              : bootstrap.connect(target, new InetSocketAddress(localPort));
    } catch (RuntimeException e) {
      loops.release(loop);
      throw e;
    }
    loops.track(loop, connecting.channel());
    connecting.addListener(
        future -> {
          if (!future.isSuccess()) {
            result.completeExceptionally(
                new ConnectionException(
                    "cannot connect to "
                        + address
                        + (proxy == null ? "" : " through " + proxy + " at " + target)
                        + ": "
                        + future.cause(),
                    future.cause()));
            return;
          }
          Channel netty = connecting.channel();
          DriverChannel channel =
              new DriverChannel(netty, inFlight, protocolVersion, options.maxFrameLength(), name);
          if (proxy != null) {
            channel.endpoint(address); // the node, not the proxy every node shares
          }
          if (heartbeat != null) {
            heartbeat.channel(channel);
          }
          SslHandler ssl = netty.pipeline().get(SslHandler.class);
          if (ssl == null) {
            handshake(channel, address, keyspace, result);
            return;
          }
          ssl.handshakeFuture()
              .addListener(
                  tls -> {
                    if (tls.isSuccess()) {
                      handshake(channel, address, keyspace, result);
                    } else {
                      channel.close();
                      result.completeExceptionally(
                          new ConnectionException(
                              "TLS handshake with " + address + " failed: " + reason(tls.cause()),
                              tls.cause()));
                    }
                  });
        });
    return result;
  }

  /** {@code proxy}: the cloud's SNI proxy the connection goes through, or null. */
  private void initPipeline(
      ChannelPipeline pipeline,
      InetSocketAddress address,
      @Nullable SniProxy proxy,
      int protocolVersion,
      String name,
      InFlightHandler inFlight) {
    if (traffic != null) {
      pipeline.addLast(TRAFFIC, traffic); // first: counts the bytes on the wire
    }
    SSLContext sslContext = options.sslContext();
    if (sslContext != null) {
      SslHandler ssl =
          new SslHandler(
              proxy != null
                  ? proxy.newEngine(sslContext, address)
                  : newEngine(sslContext, address));
      ssl.setHandshakeTimeoutMillis(options.connectTimeout().toMillis());
      pipeline.addLast(SSL, ssl);
    }
    if (protocolVersion >= 5) {
      pipeline
          .addLast(
              SEGMENT_DECODER,
              new SegmentDecoder(new SegmentCodec(compressor), options.maxFrameLength(), name))
          .addLast(SEGMENT_ENCODER, new SegmentEncoder(new SegmentCodec(compressor)));
    } else {
      pipeline.addLast(FRAME_DECODER, new FrameDecoder(options.maxFrameLength(), compressor));
      if (compressor != null) {
        pipeline.addLast(FRAME_COMPRESSOR, new FrameCompressionEncoder(compressor));
      }
    }
    pipeline.addLast(IN_FLIGHT, inFlight);
  }

  /**
   * A client engine for the JDK provider: TLS 1.3/1.2 among the protocols the context enables (a
   * context may narrow them, e.g. from a Spring SSL bundle), its cipher suites kept, checking the
   * host name if asked to.
   */
  private SSLEngine newEngine(SSLContext context, InetSocketAddress address) {
    SSLEngine engine = context.createSSLEngine(address.getHostString(), address.getPort());
    engine.setUseClientMode(true);
    SSLParameters parameters = engine.getSSLParameters();
    if (options.hostnameVerification()) {
      parameters.setEndpointIdentificationAlgorithm("HTTPS");
    }
    List<String> protocols = new ArrayList<>(TLS_PROTOCOLS);
    protocols.retainAll(Arrays.asList(engine.getEnabledProtocols()));
    parameters.setProtocols(protocols.toArray(new String[0]));
    engine.setSSLParameters(parameters);
    return engine;
  }

  private void handshake(
      DriverChannel channel,
      InetSocketAddress address,
      String keyspace,
      CompletableFuture<DriverChannel> result) {
    new Handshake(channel, address, options, keyspace, identity, tabletsRoutingV2)
        .run()
        .whenComplete(
            (ready, error) -> {
              if (error == null) {
                result.complete(channel);
              } else {
                channel.close();
                result.completeExceptionally(Futures.unwrap(error));
              }
            });
  }

  private static String reason(Throwable error) {
    return error.getMessage() != null ? error.getMessage() : error.toString();
  }
}
