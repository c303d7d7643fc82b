package io.scyllaboot.driver.internal.connection;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.timeout.IdleStateHandler;
import io.netty.util.Timer;
import io.scyllaboot.driver.api.error.ConnectionException;
import io.scyllaboot.driver.internal.protocol.frame.FrameDecoder;
import io.scyllaboot.driver.internal.protocol.message.Response;
import java.net.InetSocketAddress;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * Opens connections: TCP connect, the pipeline (frame decoder, then the in-flight handler), then
 * the protocol handshake. The returned connection is ready for queries.
 */
public final class ChannelFactory {
  static final String TRAFFIC = "traffic";
  static final String FRAME_DECODER = "frameDecoder";
  static final String IN_FLIGHT = "inFlight";
  static final String IDLE = "idle";
  static final String HEARTBEAT = "heartbeat";

  private final EventLoopGroup group;
  private final Timer timer;
  private final ConnectionOptions options;
  private final String sessionName;
  private final AtomicInteger connectionCounter = new AtomicInteger();
  private final TrafficHandler traffic;

  /**
   * @param trafficCounter receives byte counts of every connection, or null to count nothing
   */
  public ChannelFactory(
      EventLoopGroup group,
      Timer timer,
      ConnectionOptions options,
      String sessionName,
      TrafficCounter trafficCounter) {
    this.group = group;
    this.timer = timer;
    this.options = options;
    this.sessionName = sessionName;
    this.traffic = trafficCounter == null ? null : new TrafficHandler(trafficCounter);
  }

  public ConnectionOptions options() {
    return options;
  }

  /**
   * Connects and runs the handshake; {@code keyspace} (may be null) is set with USE.
   *
   * @param eventListener receives server-pushed events (only on a REGISTERed connection)
   */
  public CompletionStage<DriverChannel> connect(
      InetSocketAddress address, String keyspace, Consumer<Response.Event> eventListener) {
    String name = sessionName + "|" + address + "|c" + connectionCounter.incrementAndGet();
    InFlightHandler inFlight =
        new InFlightHandler(
            options.maxRequestsPerConnection(), options.maxQueuedRequests(), name, eventListener);
    long heartbeatSeconds = options.heartbeatInterval().toSeconds();
    HeartbeatHandler heartbeat =
        heartbeatSeconds > 0 ? new HeartbeatHandler(options.initTimeout().toNanos()) : null;
    Bootstrap bootstrap =
        new Bootstrap()
            .group(group)
            .channel(NioSocketChannel.class)
            .option(ChannelOption.TCP_NODELAY, true)
            .option(ChannelOption.SO_KEEPALIVE, true)
            .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) options.connectTimeout().toMillis())
            .handler(
                new ChannelInitializer<Channel>() {
                  @Override
                  protected void initChannel(Channel channel) {
                    if (traffic != null) {
                      channel.pipeline().addLast(TRAFFIC, traffic);
                    }
                    channel
                        .pipeline()
                        .addLast(FRAME_DECODER, new FrameDecoder(options.maxFrameLength()))
                        .addLast(IN_FLIGHT, inFlight);
                    if (heartbeat != null) {
                      channel
                          .pipeline()
                          .addLast(
                              IDLE, new IdleStateHandler(0, 0, heartbeatSeconds, TimeUnit.SECONDS))
                          .addLast(HEARTBEAT, heartbeat);
                    }
                  }
                });
    CompletableFuture<DriverChannel> result = new CompletableFuture<>();
    ChannelFuture connecting = bootstrap.connect(address);
    connecting.addListener(
        future -> {
          if (!future.isSuccess()) {
            result.completeExceptionally(
                new ConnectionException(
                    "cannot connect to " + address + ": " + future.cause(), future.cause()));
            return;
          }
          DriverChannel channel =
              new DriverChannel(
                  connecting.channel(), inFlight, timer, options.protocolVersion(), name);
          if (heartbeat != null) {
            heartbeat.channel(channel);
          }
          new Handshake(channel, options, keyspace)
              .run()
              .whenComplete(
                  (ready, error) -> {
                    if (error == null) {
                      result.complete(channel);
                    } else {
                      channel.close();
                      result.completeExceptionally(error);
                    }
                  });
        });
    return result;
  }
}
