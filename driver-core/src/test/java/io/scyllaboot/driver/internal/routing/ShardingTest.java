package io.scyllaboot.driver.internal.routing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Test;

/** The shard of a token, checked against the vectors of the ScyllaDB drivers (shared/scylla.md). */
class ShardingTest {

  private static int shard(long token, int shards, int ignoreMsb) {
    return new Sharder(shards, ignoreMsb).shardOf(token);
  }

  @Test
  void should_match_the_upstream_vectors() {
    assertThat(shard(-9219783007514621794L, 4, 12)).isEqualTo(3);
    assertThat(shard(9222582454147032830L, 4, 12)).isEqualTo(3);
  }

  @Test
  void should_match_the_computed_vectors() {
    assertThat(shard(0, 4, 12)).isZero();
    assertThat(shard(Long.MIN_VALUE, 4, 12)).isZero();
    assertThat(shard(Long.MAX_VALUE, 4, 12)).isEqualTo(3);
    assertThat(shard(-4069959284402364209L, 4, 12)).isEqualTo(1);
    assertThat(shard(-4069959284402364209L, 8, 12)).isEqualTo(2);
    assertThat(shard(-4069959284402364209L, 12, 12)).isEqualTo(3);
    assertThat(shard(-3248873570005575792L, 4, 12)).isEqualTo(2);
    assertThat(shard(-3248873570005575792L, 8, 12)).isEqualTo(4);
    assertThat(shard(9010454139840013625L, 4, 12)).isEqualTo(2);
    assertThat(shard(9010454139840013625L, 8, 12)).isEqualTo(5);
    assertThat(shard(-7160136740246525330L, 4, 12)).isZero();
    assertThat(shard(-7160136740246525330L, 8, 12)).isEqualTo(1);
    assertThat(shard(0, 2, 0)).isEqualTo(1);
    assertThat(shard(-1, 2, 0)).isZero();
    assertThat(shard(1, 2, 0)).isEqualTo(1);
  }

  @Test
  void should_agree_with_the_token_of_int_keys() {
    ByteBuf key = Unpooled.buffer(4).writeInt(1);
    try {
      assertThat(Murmur3.token(key, 0, 4)).isEqualTo(-4069959284402364209L);
    } finally {
      key.release();
    }
  }

  @Test
  void should_put_everything_on_shard_zero_when_not_sharded() {
    assertThat(Sharder.SINGLE.shardOf(Long.MAX_VALUE)).isZero();
    assertThat(Sharder.SINGLE.shardOf(42)).isZero();
  }

  @Test
  void should_spread_tokens_evenly_over_the_shards() {
    int[] counts = new int[4];
    Sharder sharder = new Sharder(4, 12);
    java.util.Random random = new java.util.Random(7);
    for (int i = 0; i < 40_000; i++) {
      counts[sharder.shardOf(random.nextLong())]++;
    }
    for (int count : counts) {
      assertThat(count).isBetween(9_000, 11_000);
    }
  }

  @Test
  void should_refuse_impossible_settings() {
    assertThatThrownBy(() -> new Sharder(0, 12)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new Sharder(4, 64)).isInstanceOf(IllegalArgumentException.class);
  }
}
