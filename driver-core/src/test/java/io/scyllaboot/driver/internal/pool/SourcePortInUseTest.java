package io.scyllaboot.driver.internal.pool;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.scyllaboot.driver.internal.connection.Transport;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A shard-aware connection whose source port is in use moves on to the next port, on every
 * transport: epoll reports the busy port as Errors.NativeIoException, not as a BindException, and
 * the pool fell back to the regular port (issue 21, defect 5).
 */
class SourcePortInUseTest {

  @ParameterizedTest
  @EnumSource(Transport.class)
  void should_recognise_a_source_port_in_use(Transport transport) throws Exception {
    EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, transport.ioHandlerFactory());
    InetAddress loopback = InetAddress.getLoopbackAddress();
    try (ServerSocket target = new ServerSocket(0, 50, loopback);
        ServerSocket busy = new ServerSocket(0, 50, loopback)) {
      ChannelFuture connecting =
          new Bootstrap()
              .group(group)
              .channel(socketChannel(transport))
              .handler(new ChannelInboundHandlerAdapter())
              .connect(
                  new InetSocketAddress(loopback, target.getLocalPort()),
                  new InetSocketAddress(loopback, busy.getLocalPort()));
      assertThat(connecting.await(5, TimeUnit.SECONDS)).isTrue();
      assertThat(connecting.isSuccess()).as("the source port is bound by another socket").isFalse();
      Throwable error = connecting.cause();
      assertThat(ChannelPool.isAddressInUse(asTheFactoryFails(error))).as("%s", error).isTrue();
      // Anything else (here a refused connection) is not a busy port: the regular port then.
      int closedPort;
      try (ServerSocket gone = new ServerSocket(0, 50, loopback)) {
        closedPort = gone.getLocalPort();
      }
      ChannelFuture refused =
          new Bootstrap()
              .group(group)
              .channel(socketChannel(transport))
              .handler(new ChannelInboundHandlerAdapter())
              .connect(new InetSocketAddress(loopback, closedPort));
      assertThat(refused.await(5, TimeUnit.SECONDS)).isTrue();
      assertThat(ChannelPool.isAddressInUse(asTheFactoryFails(refused.cause())))
          .as("%s", refused.cause())
          .isFalse();
    } finally {
      group.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS).syncUninterruptibly();
    }
  }

  private static Class<? extends io.netty.channel.Channel> socketChannel(Transport transport) {
    return transport == Transport.EPOLL
        ? io.netty.channel.epoll.EpollSocketChannel.class
        : io.netty.channel.socket.nio.NioSocketChannel.class;
  }

  /** The failure of a connect as the channel factory reports it to the pool. */
  private static Throwable asTheFactoryFails(Throwable cause) {
    return new java.util.concurrent.CompletionException(
        new io.scyllaboot.driver.api.error.ConnectionException("cannot connect: " + cause, cause));
  }
}
