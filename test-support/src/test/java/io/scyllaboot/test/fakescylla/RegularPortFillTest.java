package io.scyllaboot.test.fakescylla;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.PreparedStatement;
import io.scyllaboot.driver.api.type.PrimitiveType;
import java.io.IOException;
import java.net.Socket;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Filling a ScyllaDB node's shards through its regular port, where the node (not the driver) picks
 * each connection's shard: the fewest connections, the lowest on a tie, as ScyllaDB's connection
 * balancing does. Connections of other clients count there too, so a driver that closes each
 * connection landing on a full shard at once can be handed the same full shard forever while one
 * shard stays without a connection (seen behind ScyllaDB client routes, where the shard-aware port
 * is out of reach). The driver keeps such surplus connections while it fills, which moves the
 * node's choice on, and closes them once every shard has its own.
 */
class RegularPortFillTest {
  private static final String INSERT = "INSERT INTO shop.items (id, name) VALUES (?, ?)";
  private static final int SHARDS = 4;

  @Test
  void aShardTakenByAnotherClientsConnectionStillGetsItsOwn() throws IOException {
    try (FakeScyllaCluster cluster =
        FakeScyllaCluster.builder()
            .firstAddress("127.0.26.1")
            .port(29262)
            .shardAwarePort(0)
            .shards(SHARDS)
            .build()) {
      cluster.prime(
          INSERT,
          List.of(new Column("id", PrimitiveType.INT), new Column("name", PrimitiveType.TEXT)),
          new int[] {0},
          List.of(),
          List.of());
      FakeScyllaNode node = cluster.node(0);
      try (CqlSession session =
          CqlSession.builder()
              .addContactPoint(node.address())
              .withLocalDatacenter(cluster.datacenter())
              .withReconnectionDelays(Duration.ofSeconds(1), Duration.ofSeconds(2))
              .build()) {
        // The control connection and one pool connection per shard: one shard has two. Which one
        // depends on which connection the node accepted first, so it is read, not assumed.
        await()
            .atMost(Duration.ofSeconds(10))
            .untilAsserted(
                () -> assertThat(node.connectionsPerShard()).containsExactlyInAnyOrder(2, 1, 1, 1));
        int[] initial = node.connectionsPerShard().clone();
        assertEveryRequestOnItsShard(cluster, session);

        // A shard with only the pool's connection drops it, and another client's takes its place
        // before the driver reconnects (its first retry is a second away): every shard has a
        // connection, so the node hands the driver's next ones to shards the pool has, which it
        // holds while it fills the dropped shard.
        int dropped = lastShardWithOne(initial);
        node.closeConnections(dropped);
        await().untilAsserted(() -> assertThat(node.connectionsPerShard()[dropped]).isZero());
        try (Socket otherClient =
            new Socket(node.address().getAddress(), node.address().getPort())) {
          assertThat(otherClient.isConnected()).isTrue();
          await().untilAsserted(() -> assertThat(node.connectionsPerShard()[dropped]).isOne());

          await()
              .atMost(Duration.ofSeconds(10))
              .untilAsserted(() -> assertEveryRequestOnItsShard(cluster, session));
          // The connections held while filling are closed again: the pool has one per shard.
          int[] expected = initial.clone();
          expected[dropped] = 2;
          await()
              .atMost(Duration.ofSeconds(10))
              .untilAsserted(
                  () -> assertThat(node.connectionsPerShard()).containsExactly(expected));
        }
      }
    }
  }

  private static int lastShardWithOne(int[] connections) {
    for (int shard = connections.length - 1; shard >= 0; shard--) {
      if (connections[shard] == 1) {
        return shard;
      }
    }
    throw new AssertionError("no shard with one connection");
  }

  private static void assertEveryRequestOnItsShard(FakeScyllaCluster cluster, CqlSession session) {
    PreparedStatement insert = session.prepare(INSERT);
    cluster.clearReceived();
    for (int key = 0; key < 100; key++) {
      session.execute(insert.bind(key, "item " + key)).close();
    }
    List<Received> executes = cluster.node(0).received(0x0A);
    assertThat(executes).hasSize(100);
    assertThat(executes).allSatisfy(request -> assertThat(request.onOwningShard()).isTrue());
  }
}
