package io.scyllaboot.driver.internal.connection;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.util.Timer;
import io.scyllaboot.driver.api.error.ConnectionException;
import io.scyllaboot.driver.internal.protocol.frame.FrameDecoder;
import io.scyllaboot.driver.internal.protocol.message.Response;
import java.net.InetSocketAddress;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * Opens connections: TCP connect, the pipeline (frame decoder, then the in-flight handler), then
 * the protocol handshake. The returned connection is ready for queries.
 */
public final class ChannelFactory {
  static final String FRAME_DECODER = "frameDecoder";
  static final String IN_FLIGHT = "inFlight";

  private final EventLoopGroup group;
  private final Timer timer;
  private final ConnectionOptions options;
  private final String sessionName;
  private final AtomicInteger connectionCounter = new AtomicInteger();

  public ChannelFactory(
      EventLoopGroup group, Timer timer, ConnectionOptions options, String sessionName) {
    this.group = group;
    this.timer = timer;
    this.options = options;
    this.sessionName = sessionName;
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
                    channel
                        .pipeline()
                        .addLast(FRAME_DECODER, new FrameDecoder(options.maxFrameLength()))
                        .addLast(IN_FLIGHT, inFlight);
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
