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
        // The control connection came first (shard 0), then one pool connection per shard.
        await()
            .atMost(Duration.ofSeconds(10))
            .untilAsserted(
                () -> assertThat(node.connectionsPerShard()).containsExactly(2, 1, 1, 1));
        assertEveryRequestOnItsShard(cluster, session);

        // Shard 3 drops the pool's connection, and another client's takes its place before the
        // driver reconnects (its first retry is a second away): every shard has one connection,
        // so the node hands the driver's next connection to shard 1, which the pool has.
        node.closeConnections(3);
        await().untilAsserted(() -> assertThat(node.connectionsPerShard()[3]).isZero());
        try (Socket otherClient =
            new Socket(node.address().getAddress(), node.address().getPort())) {
          assertThat(otherClient.isConnected()).isTrue();
          await().untilAsserted(() -> assertThat(node.connectionsPerShard()[3]).isOne());

          await()
              .atMost(Duration.ofSeconds(10))
              .untilAsserted(() -> assertEveryRequestOnItsShard(cluster, session));
          // The connections held while filling are closed again: the pool has one per shard.
          await()
              .atMost(Duration.ofSeconds(10))
              .untilAsserted(
                  () -> assertThat(node.connectionsPerShard()).containsExactly(2, 1, 1, 2));
        }
      }
    }
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
