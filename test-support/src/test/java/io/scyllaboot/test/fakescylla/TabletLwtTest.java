package io.scyllaboot.test.fakescylla;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.PreparedStatement;
import io.scyllaboot.driver.api.metadata.NodeState;
import io.scyllaboot.driver.api.type.PrimitiveType;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Lightweight transactions on a tablet table (ScyllaDB 2025.4+): once the tablets are learned, each
 * one goes to its tablet's first replica while that replica is up, and to the next replica of the
 * tablet's order when it is down, so that contending transactions queue on one Paxos coordinator.
 */
class TabletLwtTest {
  private static final int EXECUTE = 0x0A;
  private static final String LWT = "INSERT INTO shop.items (id, name) VALUES (?, ?) IF NOT EXISTS";

  private FakeScyllaCluster cluster;
  private CqlSession session;
  private List<FakeTablet> tablets;

  @AfterEach
  void tearDown() {
    if (session != null) {
      session.close();
    }
    if (cluster != null) {
      cluster.close();
    }
  }

  @Test
  void should_send_each_lwt_to_its_tablets_first_live_replica() {
    cluster =
        FakeScyllaCluster.builder()
            .firstAddress("127.0.9.11")
            .port(29352)
            .shardAwarePort(29353)
            .nodes(3)
            .shards(4)
            .replicationFactor(3)
            .build();
    cluster.prime(
        LWT,
        ShopItems.VARIABLES,
        new int[] {0},
        List.of(new Column("[applied]", PrimitiveType.BOOLEAN)),
        List.of(List.of(true)));
    tablets = cluster.evenTablets(8, 3);
    cluster.tablets("shop", "items", tablets);
    session =
        ShopItems.session(cluster)
            .withReconnectionDelays(Duration.ofMillis(100), Duration.ofSeconds(1))
            .build();
    PreparedStatement lwt = session.prepare(LWT);
    assertThat(lwt.isLwt()).isTrue();
    for (int key = 0; key < 400; key++) { // learns the 8 tablets
      session.execute(lwt.bind(key, "x")).close();
    }

    cluster.clearReceived();
    for (int key = 1000; key < 1200; key++) {
      session.execute(lwt.bind(key, "x")).close();
    }
    List<Received> healthy = executes();
    assertThat(healthy).hasSize(200).allMatch(Received::onOwningShard);
    for (Received received : healthy) {
      assertThat(receiverOf(received).hostId())
          .as("token %d", received.token())
          .isEqualTo(firstLiveReplica(received.token(), null));
    }

    FakeScyllaNode down = cluster.node(2);
    down.stop();
    await()
        .atMost(Duration.ofSeconds(10))
        .until(
            () ->
                session.metadata().nodes().stream()
                    .filter(node -> node.address().equals(down.address()))
                    .allMatch(node -> node.state() == NodeState.DOWN));
    cluster.clearReceived();
    for (int key = 2000; key < 2200; key++) {
      session.execute(lwt.bind(key, "x")).close();
    }
    List<Received> degraded = executes();
    assertThat(degraded).hasSize(200).allMatch(Received::onOwningShard);
    long movedToSecond = 0;
    for (Received received : degraded) {
      UUID expected = firstLiveReplica(received.token(), down.hostId());
      assertThat(receiverOf(received).hostId())
          .as("token %d", received.token())
          .isEqualTo(expected);
      if (!received.leader()) {
        movedToSecond++;
      }
    }
    assertThat(movedToSecond).as("LWTs of the down node's tablets").isPositive();
  }

  private List<Received> executes() {
    return cluster.received().stream().filter(r -> r.opcode() == EXECUTE).toList();
  }

  /** The host id of the token's tablet's first replica other than {@code down}. */
  private UUID firstLiveReplica(long token, UUID down) {
    FakeTablet tablet =
        tablets.stream()
            .filter(t -> t.firstToken() <= token && token <= t.lastToken())
            .findFirst()
            .orElseThrow();
    return tablet.replicas().stream()
        .map(FakeTablet.Replica::hostId)
        .filter(id -> !id.equals(down))
        .findFirst()
        .orElseThrow();
  }

  private FakeScyllaNode receiverOf(Received received) {
    return cluster.nodes().stream()
        .filter(node -> node.received(EXECUTE).contains(received))
        .findFirst()
        .orElseThrow();
  }
}
