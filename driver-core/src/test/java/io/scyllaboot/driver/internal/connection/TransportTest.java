package io.scyllaboot.driver.internal.connection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class TransportTest {
  @Test
  void should_choose_epoll_on_linux_x86_64_unless_told_not_to() {
    assumeTrue(System.getProperty("os.name").startsWith("Linux"));
    assumeTrue(System.getProperty("os.arch").matches("amd64|x86_64"));
    assertThat(Transport.select(true)).isEqualTo(Transport.EPOLL);
    assertThat(Transport.select(false)).isEqualTo(Transport.NIO);
    System.setProperty(Transport.PROPERTY, "nio");
    try {
      assertThat(Transport.select(true)).isEqualTo(Transport.NIO);
    } finally {
      System.clearProperty(Transport.PROPERTY);
    }
  }

  @Test
  void should_open_the_socket_channel_of_the_groups_io_type() {
    for (Transport transport : Transport.values()) {
      if (transport == Transport.EPOLL && Transport.select(true) != Transport.EPOLL) {
        continue; // no native library here
      }
      MultiThreadIoEventLoopGroup group =
          new MultiThreadIoEventLoopGroup(1, transport.ioHandlerFactory());
      try {
        assertThat(Transport.socketChannel(group))
            .isEqualTo(
                transport == Transport.EPOLL ? EpollSocketChannel.class : NioSocketChannel.class);
      } finally {
        group.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS).syncUninterruptibly();
      }
    }
  }
}
