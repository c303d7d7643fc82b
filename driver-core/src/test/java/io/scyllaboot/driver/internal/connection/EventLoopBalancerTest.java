package io.scyllaboot.driver.internal.connection;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.channel.nio.NioIoHandler;
import org.junit.jupiter.api.Test;

class EventLoopBalancerTest {

  @Test
  void should_put_each_new_connection_on_the_loop_holding_the_fewest() {
    MultiThreadIoEventLoopGroup group =
        new MultiThreadIoEventLoopGroup(3, NioIoHandler.newFactory());
    try {
      EventLoopBalancer balancer = new EventLoopBalancer(group);
      assertThat(new int[] {balancer.pick(), balancer.pick(), balancer.pick(), balancer.pick()})
          .containsExactly(0, 1, 2, 0);

      // A failed attempt gives its pick back; a closed channel too.
      balancer.release(1);
      assertThat(balancer.pick()).isEqualTo(1);
      EmbeddedChannel channel = new EmbeddedChannel();
      balancer.track(2, channel);
      channel.close();
      assertThat(balancer.pick()).isEqualTo(2);
      assertThat(balancer.loop(2)).isNotSameAs(balancer.loop(1));
    } finally {
      group.shutdownGracefully(0, 0, java.util.concurrent.TimeUnit.SECONDS);
    }
  }
}
