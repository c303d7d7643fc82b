package io.scyllaboot.test.fakescylla;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.Unpooled;
import io.scyllaboot.driver.api.type.PrimitiveType;
import io.scyllaboot.driver.internal.routing.Murmur3;
import io.scyllaboot.driver.internal.routing.Sharder;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The shard formula (scylla.md section 2 vectors), and the fake node's use of it. */
class ShardingTest {
  private static final String INSERT = "INSERT INTO ks.sharded (id, v) VALUES (?, ?)";

  @ParameterizedTest(name = "token {0}, {1} shards, msb {2} -> shard {3}")
  @CsvSource({
    "-9219783007514621794, 4, 12, 3",
    "9222582454147032830, 4, 12, 3",
    "0, 4, 12, 0",
    "-9223372036854775808, 4, 12, 0",
    "9223372036854775807, 4, 12, 3",
    "-4069959284402364209, 4, 12, 1",
    "-4069959284402364209, 8, 12, 2",
    "-4069959284402364209, 12, 12, 3",
    "-3248873570005575792, 4, 12, 2",
    "-3248873570005575792, 8, 12, 4",
    "9010454139840013625, 4, 12, 2",
    "9010454139840013625, 8, 12, 5",
    "-7160136740246525330, 4, 12, 0",
    "-7160136740246525330, 8, 12, 1",
    "0, 2, 0, 1",
    "-1, 2, 0, 0",
    "1, 2, 0, 1"
  })
  void sharderMatchesTheVectors(long token, int shards, int ignoreMsb, int shard) {
    assertThat(new Sharder(shards, ignoreMsb).shardOf(token)).isEqualTo(shard);
  }

  @ParameterizedTest(name = "int {0} -> token {1}")
  @CsvSource({
    "1, -4069959284402364209",
    "2, -3248873570005575792",
    "3, 9010454139840013625",
    "42, -7160136740246525330"
  })
  void intKeyTokensMatchTheVectors(int key, long token) {
    byte[] bytes = RawCqlClient.intValue(key);
    assertThat(Murmur3.token(Unpooled.wrappedBuffer(bytes), 0, 4)).isEqualTo(token);
  }

  @Test
  void theFakeRecordsTokenAndOwningShardAndReshardsOnRestart() throws Exception {
    try (FakeScyllaCluster cluster =
        FakeScyllaCluster.builder()
            .firstAddress("127.0.1.1")
            .port(29042)
            .shardAwarePort(29043)
            .shards(4)
            .build()) {
      byte[] id = cluster.prime(INSERT, variables(), new int[] {0}, List.of(), List.of());
      FakeScyllaNode node = cluster.node(0);
      assertThat(executeKeys(node)).containsExactly(1, 2, 2, 0);
      Received first = node.received(0x0A).get(0);
      assertThat(first.token()).isEqualTo(-4069959284402364209L);
      assertThat(first.replica()).isTrue(); // the only node

      node.restart(8);
      assertThat(node.connectionsPerShard()).hasSize(8);
      try (RawCqlClient client = RawCqlClient.connect(node.address())) {
        assertThat(client.options().get("SCYLLA_NR_SHARDS")).containsExactly("8");
        client.startup(Map.of());
        RawCqlClient.Frame unprepared =
            client.execute(id, null, 0, RawCqlClient.intValue(1), new byte[0]);
        assertThat(unprepared.opcode()).isEqualTo(RawCqlClient.ERROR);
        assertThat(unprepared.errorCode()).isEqualTo(0x2500);
      }
      node.clearReceived();
      assertThat(executeKeys(node)).containsExactly(2, 4, 5, 1);
    }
  }

  @Test
  void aRequestOnANonOwningShardPaysTheCrossShardDelay() throws Exception {
    try (FakeScyllaCluster cluster =
        FakeScyllaCluster.builder()
            .firstAddress("127.0.1.11")
            .port(29042)
            .shardAwarePort(29043)
            .shards(4)
            .build()) {
      byte[] id = cluster.prime(INSERT, variables(), new int[] {0}, List.of(), List.of());
      cluster.crossShardDelay(Duration.ofMillis(300));
      InetSocketAddress shardAware = new InetSocketAddress("127.0.1.11", 29043);
      // Key 1 is owned by shard 1: a lower bound only (the response is scheduled that late).
      try (RawCqlClient wrong = Shards.connectToShard(shardAware, 4, 0)) {
        wrong.startup(Map.of());
        wrong.prepare(INSERT);
        long start = System.nanoTime();
        RawCqlClient.Frame result =
            wrong.execute(id, null, 0, RawCqlClient.intValue(1), new byte[0]);
        assertThat(System.nanoTime() - start)
            .isGreaterThanOrEqualTo(Duration.ofMillis(300).toNanos());
        assertThat(result.opcode()).isEqualTo(RawCqlClient.RESULT);
      }
      assertThat(cluster.node(0).requestsWithToken()).isEqualTo(1);
      assertThat(cluster.node(0).requestsOnOwningShard()).isZero();
      try (RawCqlClient owner = Shards.connectToShard(shardAware, 4, 1)) {
        owner.startup(Map.of());
        owner.prepare(INSERT);
        RawCqlClient.Frame result =
            owner.execute(id, null, 0, RawCqlClient.intValue(1), new byte[0]);
        assertThat(result.opcode()).isEqualTo(RawCqlClient.RESULT);
      }
      assertThat(cluster.node(0).requestsOnOwningShard()).isEqualTo(1);
    }
  }

  @Test
  void aRequestOnANonOwningShardHopsThroughTheOwningShard() throws Exception {
    try (FakeScyllaCluster cluster =
        FakeScyllaCluster.builder()
            .firstAddress("127.0.1.21")
            .port(29042)
            .shardAwarePort(29043)
            .shards(4)
            .recordRequests(false)
            .build()) {
      byte[] id = cluster.prime(INSERT, variables(), new int[] {0}, List.of(), List.of());
      cluster.crossShardHop(Duration.ofNanos(50_000));
      InetSocketAddress shardAware = new InetSocketAddress("127.0.1.21", 29043);
      FakeScyllaNode node = cluster.node(0);
      // Key 1 is owned by shard 1.
      try (RawCqlClient wrong = Shards.connectToShard(shardAware, 4, 0)) {
        wrong.startup(Map.of());
        wrong.prepare(INSERT);
        for (int i = 0; i < 3; i++) {
          RawCqlClient.Frame result =
              wrong.execute(id, null, 0, RawCqlClient.intValue(1), new byte[0]);
          assertThat(result.opcode()).isEqualTo(RawCqlClient.RESULT);
        }
      }
      assertThat(node.requestsWithToken()).isEqualTo(3);
      assertThat(node.requestsOnOwningShard()).isZero();
      assertThat(node.crossShardHops()).isEqualTo(3);
      try (RawCqlClient owner = Shards.connectToShard(shardAware, 4, 1)) {
        owner.startup(Map.of());
        owner.prepare(INSERT);
        RawCqlClient.Frame result =
            owner.execute(id, null, 0, RawCqlClient.intValue(1), new byte[0]);
        assertThat(result.opcode()).isEqualTo(RawCqlClient.RESULT);
      }
      assertThat(node.requestsOnOwningShard()).isEqualTo(1);
      assertThat(node.crossShardHops()).isEqualTo(3); // no hop on the owning shard

      cluster.crossShardHop(null);
      try (RawCqlClient wrong = Shards.connectToShard(shardAware, 4, 0)) {
        wrong.startup(Map.of());
        wrong.prepare(INSERT);
        RawCqlClient.Frame result =
            wrong.execute(id, null, 0, RawCqlClient.intValue(1), new byte[0]);
        assertThat(result.opcode()).isEqualTo(RawCqlClient.RESULT);
      }
      assertThat(node.crossShardHops()).isEqualTo(3); // off again
      assertThat(node.requestsWithToken()).isEqualTo(5);
    }
  }

  private static List<Column> variables() {
    return List.of(new Column("id", PrimitiveType.INT), new Column("v", PrimitiveType.TEXT));
  }

  /** Executes keys 1, 2, 3, 42 and returns the owning shards the node recorded. */
  private static List<Integer> executeKeys(FakeScyllaNode node) throws Exception {
    try (RawCqlClient client = RawCqlClient.connect(node.address())) {
      client.options();
      assertThat(client.startup(Map.of()).opcode()).isEqualTo(RawCqlClient.READY);
      byte[] id = RawCqlClient.preparedId(client.prepare(INSERT));
      for (int key : new int[] {1, 2, 3, 42}) {
        RawCqlClient.Frame result =
            client.execute(id, null, 0, RawCqlClient.intValue(key), "x".getBytes());
        assertThat(result.opcode()).isEqualTo(RawCqlClient.RESULT);
        assertThat(result.body().getInt(0)).isEqualTo(1); // VOID
      }
    }
    return node.received(0x0A).stream().map(Received::owningShard).toList();
  }
}
