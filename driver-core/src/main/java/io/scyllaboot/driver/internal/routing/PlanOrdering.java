package io.scyllaboot.driver.internal.routing;

import io.scyllaboot.driver.internal.metadata.DefaultNode;

/**
 * How every plan avoids slow nodes, and the array helpers plans are built with: allocation-free,
 * lock-free, on the request path.
 */
final class PlanOrdering {
  private PlanOrdering() {}

  /** A replica that came back up within this time gets a quarter of its share of requests. */
  static final long BACK_UP_WARM_UP_NANOS = 60_000_000_000L;

  /** In-flight requests from which a first replica counts as busy against the second. */
  static final int BUSY_THRESHOLD = 10;

  /**
   * Moves the first replica behind the second when it is likely slow: it came back up within the
   * last minute (a restarted node is slow while it warms up and replays its commit log; it keeps a
   * quarter of the requests it would get) or it has at least {@link #BUSY_THRESHOLD} requests in
   * flight and twice as many as the second. Without this, a whole window of requests piles onto a
   * slow node and times out there.
   */
  static void avoidSlowFirstReplica(DefaultNode[] plan, int[] shards, int replicas) {
    if (replicas < 2) {
      return;
    }
    DefaultNode first = plan[0];
    DefaultNode second = plan[1];
    boolean warmingUp =
        first.cameBackWithin(BACK_UP_WARM_UP_NANOS, System.nanoTime())
            && java.util.concurrent.ThreadLocalRandom.current().nextInt(4) != 0;
    boolean busy = false;
    if (!warmingUp) {
      // Requests still awaited: a node's timed-out ones (orphans) would keep it "busy" forever.
      int load = first.awaitingRequests();
      busy = load >= BUSY_THRESHOLD && load >= 2 * second.awaitingRequests();
    }
    if (warmingUp || busy) {
      plan[0] = second;
      plan[1] = first;
      if (shards != null) {
        int shard = shards[0];
        shards[0] = shards[1];
        shards[1] = shard;
      }
    }
  }

  /**
   * Moves the nodes that are not responsive to the end of the plan, keeping the order of both
   * groups: a frozen node gets no new request while another node may take it. Reads one volatile
   * per node; moves nothing and allocates nothing when every node answers.
   */
  static void demoteUnresponsive(DefaultNode[] plan, int[] shards, int size) {
    demoteUnresponsive(plan, shards, 0, size);
  }

  /** As above, for the nodes of {@code plan[from, size)}. */
  static void demoteUnresponsive(DefaultNode[] plan, int[] shards, int from, int size) {
    int end = size;
    int i = from;
    while (i < end) {
      if (plan[i].isResponsive()) {
        i++;
        continue;
      }
      DefaultNode stuck = plan[i];
      int shard = shards == null ? -1 : shards[i];
      System.arraycopy(plan, i + 1, plan, i, size - i - 1);
      plan[size - 1] = stuck;
      if (shards != null) {
        System.arraycopy(shards, i + 1, shards, i, size - i - 1);
        shards[size - 1] = shard;
      }
      end--;
    }
  }

  /**
   * The index of the {@code i}-th element of a rotation by {@code rotation} (0 or more): in long
   * arithmetic, as {@code i + rotation} overflows to a negative index near the counter's wrap.
   */
  static int rotated(int i, int rotation, int length) {
    return (int) ((i + (long) rotation) % length);
  }

  static boolean contains(DefaultNode[] nodes, int size, DefaultNode node) {
    for (int i = 0; i < size; i++) {
      if (nodes[i] == node) {
        return true;
      }
    }
    return false;
  }
}
