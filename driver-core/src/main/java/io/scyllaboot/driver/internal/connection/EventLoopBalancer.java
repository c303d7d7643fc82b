package io.scyllaboot.driver.internal.connection;

import io.netty.channel.Channel;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.util.concurrent.EventExecutor;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * Picks the event loop for a new connection: the one holding the fewest open connections (the first
 * of them on a tie). Netty's own chooser goes round-robin over every channel ever opened, so failed
 * attempts and closed connections leave a node's connections sharing one loop while another idles;
 * here two connections to a node are on two loops whenever there are two, and each runs on its own
 * core.
 */
final class EventLoopBalancer {
  private final EventLoop[] loops;
  private final AtomicIntegerArray open;

  EventLoopBalancer(EventLoopGroup group) {
    List<EventLoop> all = new ArrayList<>();
    for (EventExecutor executor : group) {
      all.add((EventLoop) executor);
    }
    this.loops = all.toArray(new EventLoop[0]);
    this.open = new AtomicIntegerArray(loops.length);
  }

  /** The least used loop; counted from now until {@link #track} sees its channel close. */
  int pick() {
    int best = 0;
    for (int i = 1; i < loops.length; i++) {
      if (open.get(i) < open.get(best)) {
        best = i;
      }
    }
    open.incrementAndGet(best);
    return best;
  }

  EventLoop loop(int index) {
    return loops[index];
  }

  /** Releases the pick when the channel closes. */
  void track(int index, Channel channel) {
    channel.closeFuture().addListener(closed -> open.decrementAndGet(index));
  }

  /** Releases a pick whose channel was never created. */
  void release(int index) {
    open.decrementAndGet(index);
  }
}
