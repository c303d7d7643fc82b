package io.scyllaboot.driver.internal.pool;

import io.scyllaboot.driver.internal.connection.DriverChannel;
import io.scyllaboot.driver.internal.routing.Sharder;
import java.util.Arrays;

/**
 * An immutable snapshot of a pool's connections: all of them, and grouped by shard (one group when
 * the node is not sharded), with the node's sharder. The pool publishes a new snapshot through one
 * volatile field on every change, so readers always see the groups and the sharder together.
 */
final class ShardedChannels {
  private static final DriverChannel[] NONE = new DriverChannel[0];
  static final ShardedChannels EMPTY = empty(Sharder.SINGLE);

  /** How many more requests a caller's own event loop's connection may hold and still be used. */
  static final int AFFINITY_SLACK = 64;

  final DriverChannel[] all;
  final DriverChannel[][] byShard;
  final Sharder sharder;

  private ShardedChannels(DriverChannel[] all, DriverChannel[][] byShard, Sharder sharder) {
    this.all = all;
    this.byShard = byShard;
    this.sharder = sharder;
  }

  /** No connection, one group per shard of {@code sharder}. */
  static ShardedChannels empty(Sharder sharder) {
    DriverChannel[][] shards = new DriverChannel[sharder.shardCount()][];
    Arrays.fill(shards, NONE);
    return new ShardedChannels(NONE, shards, sharder);
  }

  ShardedChannels with(int shard, DriverChannel channel) {
    DriverChannel[][] shards = byShard.clone();
    shards[shard] = append(byShard[shard], channel);
    return new ShardedChannels(append(all, channel), shards, sharder);
  }

  /** This snapshot without the connection; itself when it does not hold it. */
  ShardedChannels without(DriverChannel channel) {
    DriverChannel[] remaining = remove(all, channel);
    if (remaining == all) {
      return this;
    }
    DriverChannel[][] shards = byShard.clone();
    for (int i = 0; i < shards.length; i++) {
      shards[i] = remove(shards[i], channel);
    }
    return new ShardedChannels(remaining, shards, sharder);
  }

  /** The least busy open connection, or null when there is none. */
  DriverChannel next() {
    return leastBusy(all);
  }

  /** The least busy connection of the shard that owns the token, else of any shard. */
  DriverChannel next(long token) {
    if (byShard.length == 1) {
      return leastBusy(all);
    }
    DriverChannel own = leastBusy(byShard[sharder.shardOf(token)]);
    return own != null ? own : leastBusy(all);
  }

  /** The least busy connection of a given shard, else of any shard. */
  DriverChannel nextOnShard(int shard) {
    DriverChannel own = shard < 0 || shard >= byShard.length ? null : leastBusy(byShard[shard]);
    return own != null ? own : leastBusy(all);
  }

  int[] counts() {
    int[] counts = new int[byShard.length];
    for (int i = 0; i < byShard.length; i++) {
      counts[i] = byShard[i].length;
    }
    return counts;
  }

  int inFlight() {
    int total = 0;
    for (DriverChannel channel : all) {
      total += channel.inFlightCount();
    }
    return total;
  }

  /** Requests waiting for a response: in flight, less the timed-out ones still holding an id. */
  int awaiting() {
    int total = 0;
    for (DriverChannel channel : all) {
      total += channel.inFlightCount() - channel.orphanedCount();
    }
    return total;
  }

  /** Connections missing for {@code wanted} per shard. */
  int missing(int wanted) {
    int missing = 0;
    for (DriverChannel[] shard : byShard) {
      missing += Math.max(0, wanted - shard.length);
    }
    return missing;
  }

  /**
   * The least busy connection; but a caller running on the event loop of one of the connections (a
   * request sent from another's response callback) keeps to that connection unless it holds {@link
   * #AFFINITY_SLACK} more requests than the least busy one. Requests then stay on the thread that
   * will write them, with no hand-over to another event loop and no wake-up of it, while loads that
   * drift apart are still evened out.
   *
   * <p>A closed connection is skipped: closing released all its stream ids, so until the pool
   * removes it, it would look like the least busy one. Null when none is open.
   */
  private static DriverChannel leastBusy(DriverChannel[] channels) {
    if (channels.length == 1) {
      return channels[0].isOpen() ? channels[0] : null;
    }
    DriverChannel best = null;
    DriverChannel local = null;
    int bestLoad = Integer.MAX_VALUE;
    int localLoad = 0;
    for (DriverChannel channel : channels) {
      if (!channel.isOpen()) {
        continue;
      }
      int load = channel.inFlightCount();
      if (local == null && channel.eventLoop().inEventLoop()) {
        local = channel;
        localLoad = load;
      }
      if (load < bestLoad) {
        best = channel;
        bestLoad = load;
      }
    }
    return local != null && localLoad - bestLoad <= AFFINITY_SLACK ? local : best;
  }

  private static DriverChannel[] append(DriverChannel[] channels, DriverChannel channel) {
    DriverChannel[] grown = Arrays.copyOf(channels, channels.length + 1);
    grown[channels.length] = channel;
    return grown;
  }

  private static DriverChannel[] remove(DriverChannel[] channels, DriverChannel channel) {
    int index = Arrays.asList(channels).indexOf(channel);
    if (index < 0) {
      return channels;
    }
    DriverChannel[] shrunk = new DriverChannel[channels.length - 1];
    System.arraycopy(channels, 0, shrunk, 0, index);
    System.arraycopy(channels, index + 1, shrunk, index, channels.length - index - 1);
    return shrunk;
  }
}
