package io.scyllaboot.driver.internal.pool;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.driver.internal.connection.EmbeddedConnection;
import io.scyllaboot.driver.internal.routing.Sharder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Selection among a pool's connections (issue 21, defect 6). */
class ShardedChannelsTest {
  private final EmbeddedConnection busy = new EmbeddedConnection("busy");
  private final EmbeddedConnection closed = new EmbeddedConnection("closed");

  @AfterEach
  void tearDown() {
    busy.close();
    closed.close();
  }

  /**
   * Closing fails every request of a connection and releases their ids, so until the pool removes
   * it a closed connection has the fewest in flight: least-busy selection (and the caller's own
   * loop's affinity) chose it, and requests failed over to another node.
   */
  @Test
  void should_never_choose_a_closed_connection_while_an_open_one_is_left() {
    busy.occupy(5);
    closed.occupy(3);
    closed.close();
    assertThat(closed.channel().inFlightCount()).as("closing released its ids").isZero();
    ShardedChannels channels =
        ShardedChannels.empty(Sharder.SINGLE).with(0, closed.channel()).with(0, busy.channel());

    assertThat(channels.next()).isSameAs(busy.channel());
    assertThat(channels.next(42)).isSameAs(busy.channel());
    assertThat(channels.nextOnShard(0)).isSameAs(busy.channel());
  }
}
