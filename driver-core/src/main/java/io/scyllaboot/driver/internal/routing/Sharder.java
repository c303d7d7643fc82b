package io.scyllaboot.driver.internal.routing;

/**
 * The shard of a token on a ScyllaDB node, by the {@code biased-token-round-robin} algorithm: the
 * token is biased to an unsigned value, its top {@code ignoreMsb} bits are dropped, and the shard
 * is the high 64 bits of its 128-bit product with the shard count. Immutable, allocation-free.
 *
 * @param shardCount shards of the node ({@code SCYLLA_NR_SHARDS}), at least 1
 * @param ignoreMsb top bits of the biased token that do not count ({@code
 *     SCYLLA_SHARDING_IGNORE_MSB}), 0 to 63
 */
public record Sharder(int shardCount, int ignoreMsb) {

  /** A node that is not sharded: every token is on shard 0. */
  public static final Sharder SINGLE = new Sharder(1, 0);

  public Sharder {
    if (shardCount < 1) {
      throw new IllegalArgumentException("shard count must be at least 1, was " + shardCount);
    }
    if (ignoreMsb < 0 || ignoreMsb > 63) {
      throw new IllegalArgumentException("ignore-msb must be in [0, 63], was " + ignoreMsb);
    }
  }

  /** The shard that owns a Murmur3 token. */
  public int shardOf(long token) {
    if (shardCount == 1) {
      return 0;
    }
    long biased = (token - Long.MIN_VALUE) << ignoreMsb; // token + 2^63, wrapping
    // The unsigned high half of biased * shardCount (shardCount > 0).
    long high = Math.multiplyHigh(biased, shardCount) + (biased < 0 ? shardCount : 0);
    return (int) high;
  }
}
