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

  /** The least busy connection, or null when there is none. */
  DriverChannel next() {
    return leastBusy(all);
  }

  /** The least busy connection of the shard that owns the token, else of any shard. */
  DriverChannel next(long token) {
    if (byShard.length == 1) {
      return leastBusy(all);
    }
    DriverChannel[] own = byShard[sharder.shardOf(token)];
    return own.length > 0 ? leastBusy(own) : leastBusy(all);
  }

  /** The least busy connection of a given shard, else of any shard. */
  DriverChannel nextOnShard(int shard) {
    if (shard < 0 || shard >= byShard.length || byShard[shard].length == 0) {
      return leastBusy(all);
    }
    return leastBusy(byShard[shard]);
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

  /** Connections missing for {@code wanted} per shard. */
  int missing(int wanted) {
    int missing = 0;
    for (DriverChannel[] shard : byShard) {
      missing += Math.max(0, wanted - shard.length);
    }
    return missing;
  }

  private static DriverChannel leastBusy(DriverChannel[] channels) {
    if (channels.length == 1) {
      return channels[0];
    }
    DriverChannel best = null;
    int bestLoad = Integer.MAX_VALUE;
    for (DriverChannel channel : channels) {
      int load = channel.inFlightCount();
      if (load < bestLoad) {
        best = channel;
        bestLoad = load;
      }
    }
    return best;
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
