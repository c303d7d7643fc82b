package io.scyllaboot.test.fakescylla;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.CqlSessionBuilder;
import io.scyllaboot.driver.api.cql.AsyncResultSet;
import io.scyllaboot.driver.api.cql.PreparedStatement;
import io.scyllaboot.driver.api.error.RateLimitReachedException;
import io.scyllaboot.driver.api.type.PrimitiveType;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Our driver's ScyllaDB support against a fake cluster of 3 nodes x 4 shards: a connection per
 * shard through the shard-aware port, every token-routed request on the shard that owns it, LWTs on
 * the primary replica, tablets learned from payloads, rate-limit errors unretried, resharding.
 */
class ShardAwareDriverTest {
  private static final int EXECUTE = 0x0A;
  private static final int STARTUP = 0x01;
  private static final String INSERT = ShopItems.INSERT;
  private static final String LWT = "INSERT INTO shop.items (id, name) VALUES (?, ?) IF NOT EXISTS";
  private static final List<Column> VARIABLES = ShopItems.VARIABLES;

  private FakeScyllaCluster cluster;
  private CqlSession session;

  private void start(int shardAwarePort, int replicationFactor) {
    cluster =
        FakeScyllaCluster.builder()
            .firstAddress("127.0.7.1")
            .port(29142)
            .shardAwarePort(shardAwarePort)
            .nodes(3)
            .shards(4)
            .replicationFactor(replicationFactor)
            .build();
    ShopItems.primeInsert(cluster);
    cluster.prime(
        LWT,
        VARIABLES,
        new int[] {0},
        List.of(new Column("[applied]", PrimitiveType.BOOLEAN)),
        List.of(List.of(true)));
  }

  private CqlSession connect(CqlSessionBuilder builder) {
    session =
        builder
            .addContactPoint(cluster.node(0).address())
            .withLocalDatacenter(cluster.datacenter())
            .withRequestTimeout(Duration.ofSeconds(5))
            .withReconnectionDelays(Duration.ofMillis(100), Duration.ofSeconds(1))
            .build();
    return session;
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

  private void awaitEveryShardConnected(int shards) {
    await()
        .atMost(Duration.ofSeconds(10))
        .alias("connections per shard")
        .until(
            () ->
                cluster.nodes().stream()
                    .map(n -> Arrays.toString(n.connectionsPerShard()))
                    .toList(),
            counts ->
                cluster.nodes().stream()
                    .allMatch(
                        node -> {
                          int[] perShard = node.connectionsPerShard();
                          // One per shard; the control connection may add one on the first node.
                          return perShard.length == shards
                              && Arrays.stream(perShard).allMatch(c -> c >= 1)
                              && Arrays.stream(perShard).sum() <= shards + 1;
                        }));
  }

  /**
   * Prepares the statement and waits until every node has it: prepare() returns with the first
   * node's answer, and an EXECUTE reaching a node still preparing is answered UNPREPARED and
   * re-sent (correct, but a second EXECUTE where a test counts them).
   */
  private PreparedStatement prepareEverywhere(String query) {
    PreparedStatement prepared = session.prepare(query);
    PrimedStatement primed = cluster.primed(query);
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> cluster.nodes().stream().allMatch(node -> node.isPrepared(primed)));
    return prepared;
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

  @Test
  void should_open_one_connection_per_shard_through_the_shard_aware_port() {
    start(29143, 1);
    connect(CqlSession.builder());
    awaitEveryShardConnected(4);
    List<Received> startups =
        cluster.received().stream().filter(r -> r.opcode() == STARTUP).toList();
    // Per node: the first connection on the regular port (and the control connection), the
    // others from a source port of their shard.
    long shardAware = startups.stream().filter(r -> r.clientPort() % 4 == r.shard()).count();
    assertThat(shardAware).isGreaterThanOrEqualTo(3 * 3);
    assertThat(startups)
        .allSatisfy(
            r -> assertThat(r.startupOptions()).containsKeys("DRIVER_NAME", "DRIVER_VERSION"))
        .allSatisfy(
            r ->
                assertThat(r.startupOptions())
                    .containsKeys(
                        "SCYLLA_LWT_ADD_METADATA_MARK",
                        "SCYLLA_RATE_LIMIT_ERROR",
                        "TABLETS_ROUTING_V1"));
  }

  @Test
  void should_fill_every_shard_through_the_regular_port_without_a_shard_aware_port() {
    start(0, 1);
    connect(CqlSession.builder());
    awaitEveryShardConnected(4);
  }

  @Test
  void should_send_every_token_routed_request_to_the_shard_that_owns_it() throws Exception {
    start(29143, 1);
    connect(CqlSession.builder());
    PreparedStatement insert = prepareEverywhere(INSERT);
    awaitEveryShardConnected(4);
    cluster.clearReceived();
    insertAll(insert, 0, 2000);
    List<Received> executes = executes();
    assertThat(executes).hasSize(2000).allMatch(Received::replica);
    long onOwner = executes.stream().filter(Received::onOwningShard).count();
    System.out.printf(
        "[shard-figure] ours: %d of %d token-routed requests on the owning shard%n",
        onOwner, executes.size());
    assertThat(onOwner).isEqualTo(2000);
  }

  @Test
  void should_pool_like_cassandra_when_shard_awareness_is_off() throws Exception {
    start(29143, 1);
    connect(CqlSession.builder().withShardAwareness(false));
    PreparedStatement insert = prepareEverywhere(INSERT);
    cluster.clearReceived();
    insertAll(insert, 0, 400);
    for (FakeScyllaNode node : cluster.nodes()) {
      // The session's one pooled connection, plus the control connection on the first node.
      assertThat(Arrays.stream(node.connectionsPerShard()).sum()).isLessThanOrEqualTo(2);
    }
    long onOwner = executes().stream().filter(Received::onOwningShard).count();
    assertThat(onOwner).isLessThan(400);
  }

  @Test
  void should_send_lightweight_transactions_to_the_primary_replica() throws Exception {
    start(29143, 3);
    connect(CqlSession.builder());
    PreparedStatement lwt = session.prepare(LWT);
    assertThat(lwt.isLwt()).isTrue();
    assertThat(session.prepare(INSERT).isLwt()).isFalse();
    cluster.clearReceived();
    for (int key = 0; key < 200; key++) {
      session.execute(lwt.bind(key, "x")).close();
    }
    List<Received> executes = executes();
    assertThat(executes).hasSize(200);
    for (Received received : executes) {
      FakeScyllaNode receiver = receiverOf(received);
      assertThat(receiver).as("token %d", received.token()).isSameAs(primary(received.token()));
    }
  }

  private FakeScyllaNode receiverOf(Received received) {
    return cluster.nodes().stream()
        .filter(node -> node.received(EXECUTE).contains(received))
        .findFirst()
        .orElseThrow();
  }

  /** The node of the first ring token at or after the token (wrapping). */
  private FakeScyllaNode primary(long token) {
    FakeScyllaNode best = null;
    long bestToken = 0;
    FakeScyllaNode lowest = null;
    long lowestToken = Long.MAX_VALUE;
    for (FakeScyllaNode node : cluster.nodes()) {
      for (long ringToken : node.tokens()) {
        if (ringToken >= token && (best == null || ringToken < bestToken)) {
          best = node;
          bestToken = ringToken;
        }
        if (ringToken < lowestToken) {
          lowest = node;
          lowestToken = ringToken;
        }
      }
    }
    return best != null ? best : lowest;
  }

  @Test
  void should_learn_tablets_from_payloads_then_route_without_any() throws Exception {
    start(29143, 2);
    cluster.tablets("shop", "items", cluster.evenTablets(8, 2));
    connect(CqlSession.builder());
    PreparedStatement insert = prepareEverywhere(INSERT);
    awaitEveryShardConnected(4);
    cluster.clearReceived();
    for (int key = 0; key < 400; key++) {
      session.execute(insert.bind(key, "x")).close();
    }
    long learning = executes().stream().filter(Received::tabletPayload).count();
    assertThat(learning).as("at most one misrouted request per tablet").isBetween(1L, 8L);
    cluster.clearReceived();
    insertAll(insert, 1000, 2000);
    List<Received> executes = executes();
    assertThat(executes).hasSize(2000).noneMatch(Received::tabletPayload);
    assertThat(executes).allMatch(Received::onOwningShard);
    System.out.printf(
        "[shard-figure] tablets: %d payloads while learning 8 tablets, then 0 of 2000%n", learning);
  }

  @Test
  void should_surface_a_rate_limit_error_without_retrying() {
    start(29143, 3);
    connect(CqlSession.builder().withIdempotentByDefault(true));
    PreparedStatement insert = prepareEverywhere(INSERT);
    cluster.rateLimit(INSERT, true);
    cluster.clearReceived();
    assertThatThrownBy(() -> session.execute(insert.bind(1, "x")))
        .isInstanceOfSatisfying(
            RateLimitReachedException.class,
            limited -> {
              assertThat(limited.isWrite()).isTrue();
            });
    assertThat(executes()).hasSize(1);
  }

  @Test
  void should_rebuild_the_pool_of_a_node_that_comes_back_with_another_shard_count()
      throws Exception {
    start(29143, 1);
    connect(CqlSession.builder());
    PreparedStatement insert = prepareEverywhere(INSERT);
    awaitEveryShardConnected(4);
    FakeScyllaNode resharded = cluster.node(1);
    resharded.restart(8);
    await()
        .atMost(Duration.ofSeconds(15))
        .until(
            () ->
                resharded.connectionsPerShard().length == 8
                    && Arrays.stream(resharded.connectionsPerShard()).allMatch(c -> c >= 1));
    // The driver's side: its pool holds the new connections once their handshakes finished.
    await()
        .atMost(Duration.ofSeconds(15))
        .until(
            () ->
                session.metadata().nodes().stream()
                    .filter(node -> node.address().equals(resharded.address()))
                    .allMatch(node -> node.openConnections() == 8));
    cluster.clearReceived();
    insertAll(insert, 0, 1000);
    // The restarted node forgot the statement: its first EXECUTE on each connection is answered
    // UNPREPARED (no token known), then re-prepared and sent again.
    List<Received> known = executes().stream().filter(r -> r.token() != null).toList();
    assertThat(known).hasSize(1000).allMatch(Received::onOwningShard);
  }

  @Test
  void should_read_changed_result_columns_through_metadata_ids_under_v4() {
    start(29143, 1);
    String select = "SELECT * FROM shop.items WHERE id = ?";
    cluster.prime(
        select,
        List.of(new Column("id", PrimitiveType.INT)),
        new int[] {0},
        List.of(new Column("name", PrimitiveType.TEXT)),
        List.of(List.<Object>of("lamp")));
    connect(CqlSession.builder());
    PreparedStatement prepared = session.prepare(select);
    try (var rs = session.execute(prepared.bind(1))) {
      assertThat(rs.one().getString("name")).isEqualTo("lamp");
    }
    assertThat(cluster.received().stream().filter(r -> r.opcode() == STARTUP))
        .allSatisfy(r -> assertThat(r.startupOptions()).containsKey("SCYLLA_USE_METADATA_ID"));
    // The table changed: same statement, other result columns (a new result metadata id).
    cluster.prime(
        select,
        List.of(new Column("id", PrimitiveType.INT)),
        new int[] {0},
        List.of(new Column("name", PrimitiveType.TEXT), new Column("price", PrimitiveType.INT)),
        List.of(List.<Object>of("lamp", 42)));
    for (int i = 0; i < 3; i++) {
      try (var rs = session.execute(prepared.bind(1))) {
        var row = rs.one();
        assertThat(row.getString("name")).isEqualTo("lamp");
        assertThat(row.getInt("price")).isEqualTo(42);
      }
    }
  }
}
