package io.scyllaboot.driver.internal.connection;

import java.util.concurrent.ThreadLocalRandom;

/**
 * Local (source) ports for connections to a ScyllaDB shard-aware port, which hands a connection to
 * shard {@code sourcePort % shardCount}. The ports of one shard within the range are visited from a
 * random start, so that sessions starting together do not all try the same ports first; a caller
 * moves to the next port when one is in use.
 *
 * @param low the lowest port of the range, at least 1024
 * @param high the highest port of the range, at most 65535
 */
public record ShardAwarePorts(int low, int high) {

  /** The default range: the IANA ephemeral ports, as the ScyllaDB drivers use. */
  public static final ShardAwarePorts DEFAULT = new ShardAwarePorts(49152, 65535);

  public ShardAwarePorts {
    if (low < 1024 || high > 65535 || low > high) {
      throw new IllegalArgumentException(
          "shard-aware source ports need 1024 <= low <= high <= 65535, were " + low + "-" + high);
    }
  }

  /** The ports of a shard, in the order to try them. */
  public Candidates candidates(int shard, int shardCount) {
    if (shard < 0 || shard >= shardCount) {
      throw new IllegalArgumentException("shard " + shard + " of " + shardCount);
    }
    int first = low + Math.floorMod(shard - low, shardCount);
    int count = first > high ? 0 : (high - first) / shardCount + 1;
    int start = count == 0 ? 0 : ThreadLocalRandom.current().nextInt(count);
    return new Candidates(first, shardCount, count, start);
  }

  /** An iterator over one shard's ports, wrapping once around the range. Not thread-safe. */
  public static final class Candidates {
    private final int first;
    private final int step;
    private final int count;
    private final int start;
    private int visited;

    Candidates(int first, int step, int count, int start) {
      this.first = first;
      this.step = step;
      this.count = count;
      this.start = start;
    }

    /** The next port to try, or -1 when every port of the shard was tried. */
    public int next() {
      if (visited >= count) {
        return -1;
      }
      int index = (start + visited++) % count;
      return first + index * step;
    }

    public int size() {
      return count;
    }
  }
}
