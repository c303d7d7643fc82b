package io.scyllaboot.test.fakescylla;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.driver.api.ConsistencyLevel;
import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.CqlSessionBuilder;
import io.scyllaboot.driver.api.cql.AsyncResultSet;
import io.scyllaboot.driver.api.cql.PreparedStatement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * ScyllaDB's experimental tablets routing v2 (opt-in) against a fake cluster of 3 nodes x 4 shards
 * that offers it: the version byte on every EXECUTE, the v2 payload learned only when stale, and
 * requests at a consistency other than ONE/LOCAL_ONE on the tablet's leader; against tablets
 * routing v1 (the default) on the same cluster, which spreads them over the replicas.
 */
class TabletsRoutingV2Test {
  private static final int EXECUTE = 0x0A;
  private static final int STARTUP = 0x01;

  private FakeScyllaCluster cluster;
  private CqlSession session;

  private void start(int replicas) {
    cluster =
        FakeScyllaCluster.builder()
            .firstAddress("127.0.9.1")
            .port(29342)
            .shardAwarePort(29343)
            .nodes(3)
            .shards(4)
            .replicationFactor(replicas)
            .tabletsRoutingV2()
            .build();
    ShopItems.primeInsert(cluster);
    cluster.tablets("shop", "items", cluster.evenTablets(8, replicas));
  }

  private PreparedStatement connect(CqlSessionBuilder builder) {
    session =
        builder
            .addContactPoint(cluster.node(0).address())
            .withLocalDatacenter(cluster.datacenter())
            .withRequestTimeout(Duration.ofSeconds(5))
            .withReconnectionDelays(Duration.ofMillis(100), Duration.ofSeconds(1))
            .build();
    return session.prepare(ShopItems.INSERT);
  }

  @AfterEach
  void tearDown() {
    if (session != null) {
      session.close();
    }
    if (cluster != null) {
      cluster.close();
    }
  }

  private List<Received> executes() {
    return cluster.received().stream().filter(r -> r.opcode() == EXECUTE).toList();
  }

  private void insertAll(PreparedStatement statement, int from, int count) throws Exception {
    List<CompletableFuture<AsyncResultSet>> calls = new ArrayList<>();
    for (int key = from; key < from + count; key++) {
      calls.add(session.executeAsync(statement.bind(key, "item")).toCompletableFuture());
    }
    CompletableFuture.allOf(calls.toArray(new CompletableFuture<?>[0])).get(20, TimeUnit.SECONDS);
    for (CompletableFuture<AsyncResultSet> call : calls) {
      call.join().close();
    }
  }

  /** Sequential requests until every tablet is learned (the fake sends a payload per stale one). */
  private void learn(PreparedStatement insert) {
    for (int key = 0; key < 400; key++) {
      session.execute(insert.bind(key, "x")).close();
    }
  }

  private static long offLeader(List<Received> executes) {
    return executes.stream().filter(r -> !r.leader()).count();
  }

  @Test
  void should_send_every_request_to_the_leader_once_learned_where_v1_spreads() throws Exception {
    start(3);
    PreparedStatement insert =
        connect(
            CqlSession.builder()
                .withTabletsRoutingV2(true)
                .withConsistency(ConsistencyLevel.LOCAL_QUORUM));
    learn(insert);
    long learning = executes().stream().filter(Received::tabletPayload).count();
    assertThat(learning).as("v2 payloads while learning 8 tablets").isBetween(8L, 40L);
    cluster.clearReceived();
    insertAll(insert, 1000, 2000);
    List<Received> v2 = executes();
    assertThat(v2).hasSize(2000).allMatch(Received::replica).allMatch(Received::onOwningShard);
    assertThat(v2).allMatch(r -> r.tabletVersionBlock() >= 0).noneMatch(Received::tabletPayload);
    assertThat(v2.stream().map(r -> r.tabletVersionBlock() >>> 4).distinct().count())
        .as("the block index rotates")
        .isEqualTo(16);
    assertThat(
            cluster.received().stream()
                .filter(r -> r.opcode() == STARTUP)
                .map(Received::startupOptions))
        .allSatisfy(
            options ->
                assertThat(options)
                    .containsKey("TABLETS_ROUTING_V2_EXPERIMENTAL")
                    .doesNotContainKey("TABLETS_ROUTING_V1"));
    long v2OffLeader = offLeader(v2);
    assertThat(v2OffLeader).isZero();
    session.close();
    session = null;

    // The same cluster, the default driver: tablets routing v1, replicas in rotation.
    PreparedStatement v1Insert =
        connect(CqlSession.builder().withConsistency(ConsistencyLevel.LOCAL_QUORUM));
    learn(v1Insert);
    cluster.clearReceived();
    insertAll(v1Insert, 1000, 2000);
    List<Received> v1 = executes();
    assertThat(v1).hasSize(2000).allMatch(Received::replica).allMatch(Received::onOwningShard);
    assertThat(v1).allMatch(r -> r.tabletVersionBlock() == -1);
    assertThat(v1)
        .allSatisfy(
            r ->
                assertThat(r.startupOptions())
                    .containsKey("TABLETS_ROUTING_V1")
                    .doesNotContainKey("TABLETS_ROUTING_V2_EXPERIMENTAL"));
    long v1OffLeader = offLeader(v1);
    assertThat(v1OffLeader).as("v1 spreads over the 3 replicas").isBetween(1000L, 1700L);
    System.out.printf(
        "[tablets-v2-figure] requests off the tablet leader, of 2000 at LOCAL_QUORUM:"
            + " v2 %d, v1 %d (%d v2 payloads while learning 8 tablets)%n",
        v2OffLeader, v1OffLeader, learning);
  }

  @Test
  void should_keep_spreading_requests_at_local_one() throws Exception {
    start(3);
    PreparedStatement insert = connect(CqlSession.builder().withTabletsRoutingV2(true));
    learn(insert);
    cluster.clearReceived();
    insertAll(insert, 1000, 2000);
    List<Received> executes = executes();
    assertThat(executes).hasSize(2000).allMatch(Received::onOwningShard);
    assertThat(offLeader(executes)).isBetween(1000L, 1700L);
  }

  @Test
  void should_learn_a_leader_move_from_the_changed_version() throws Exception {
    start(3);
    PreparedStatement insert =
        connect(
            CqlSession.builder()
                .withTabletsRoutingV2(true)
                .withConsistency(ConsistencyLevel.QUORUM));
    learn(insert);
    List<FakeTablet> moved = new ArrayList<>();
    for (FakeTablet tablet : cluster.evenTablets(8, 3)) {
      List<FakeTablet.Replica> replicas = new ArrayList<>(tablet.replicas());
      replicas.add(replicas.remove(0)); // the second replica becomes the leader
      moved.add(new FakeTablet(tablet.firstToken(), tablet.lastToken(), replicas));
    }
    cluster.tablets("shop", "items", moved);
    cluster.clearReceived();
    learn(insert);
    List<Received> relearning = executes();
    assertThat(relearning.stream().filter(Received::tabletPayload).count())
        .as("a stale block gets the moved tablet")
        .isBetween(8L, 40L);
    cluster.clearReceived();
    insertAll(insert, 1000, 2000);
    assertThat(executes()).hasSize(2000).allMatch(Received::leader);
  }

  @Test
  void should_refresh_a_replica_set_whose_version_went_stale_while_requests_still_reach_it()
      throws Exception {
    start(2);
    PreparedStatement insert = connect(CqlSession.builder().withTabletsRoutingV2(true));
    learn(insert);
    // Each tablet's follower moves to the third node; its leader stays. Under v1 a request to
    // the leader (still a replica, on its shard) would never tell the driver.
    List<FakeTablet> replaced = new ArrayList<>();
    for (FakeTablet tablet : cluster.evenTablets(8, 2)) {
      UUID leader = tablet.replicas().get(0).hostId();
      UUID follower = tablet.replicas().get(1).hostId();
      FakeScyllaNode third =
          cluster.nodes().stream()
              .filter(n -> !n.hostId().equals(leader) && !n.hostId().equals(follower))
              .findFirst()
              .orElseThrow();
      replaced.add(
          new FakeTablet(
              tablet.firstToken(),
              tablet.lastToken(),
              List.of(tablet.replicas().get(0), new FakeTablet.Replica(third.hostId(), 1))));
    }
    cluster.tablets("shop", "items", replaced);
    cluster.clearReceived();
    learn(insert);
    assertThat(executes().stream().filter(Received::tabletPayload).count()).isBetween(8L, 40L);
    cluster.clearReceived();
    insertAll(insert, 1000, 2000);
    List<Received> executes = executes();
    assertThat(executes)
        .hasSize(2000)
        .allMatch(Received::replica)
        .allMatch(Received::onOwningShard)
        .noneMatch(Received::tabletPayload);
  }
}
