package io.scyllaboot.test.fakescylla;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import io.scyllaboot.driver.api.type.PrimitiveType;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.Test;

/**
 * The Apache Cassandra Java driver 4.19, unmodified, against the fake cluster: it must bootstrap
 * (version probes, system tables, token map) and route by token, which checks the fake's protocol
 * with a client we did not write. It knows nothing of shards, so about 1/S of its requests land on
 * the owning shard.
 */
class ApacheDriverTest {
  private static final String INSERT = "INSERT INTO shop.items (id, name) VALUES (?, ?)";
  private static final String SELECT = "SELECT id, name FROM shop.items WHERE id = ?";
  private static final String COMPOSITE = "INSERT INTO shop.pairs (a, b, v) VALUES (?, ?, ?)";

  @Test
  void connectsPreparesAndRoutesByTokenToAShardOutOfFour() throws Exception {
    try (FakeScyllaCluster cluster =
        FakeScyllaCluster.builder()
            .firstAddress("127.0.5.1")
            .port(29042)
            .shardAwarePort(29043)
            .nodes(3)
            .shards(4)
            .build()) {
      List<Column> item =
          List.of(new Column("id", PrimitiveType.INT), new Column("name", PrimitiveType.TEXT));
      cluster.prime(INSERT, item, new int[] {0}, List.of(), List.of());
      cluster.prime(
          SELECT, List.of(item.get(0)), new int[] {0}, item, List.of(List.of(7, "seven")));
      cluster.prime(
          COMPOSITE,
          List.of(
              new Column("a", PrimitiveType.INT),
              new Column("b", PrimitiveType.TEXT),
              new Column("v", PrimitiveType.TEXT)),
          new int[] {0, 1},
          List.of(),
          List.of());
      DriverConfigLoader config =
          DriverConfigLoader.programmaticBuilder()
              .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, Duration.ofSeconds(10))
              .withInt(DefaultDriverOption.NETTY_IO_SHUTDOWN_QUIET_PERIOD, 0)
              .withInt(DefaultDriverOption.NETTY_ADMIN_SHUTDOWN_QUIET_PERIOD, 0)
              .build();
      try (CqlSession session =
          CqlSession.builder()
              .addContactPoint(cluster.node(0).address())
              .withLocalDatacenter(cluster.datacenter())
              .withConfigLoader(config)
              .build()) {
        assertThat(session.getMetadata().getNodes()).hasSize(3);
        assertThat(session.getMetadata().getTokenMap()).isPresent();
        PreparedStatement insert = session.prepare(INSERT);
        PreparedStatement select = session.prepare(SELECT);
        PreparedStatement composite = session.prepare(COMPOSITE);
        cluster.clearReceived();

        List<CompletionStage<?>> pending = new ArrayList<>();
        for (int key = 0; key < 1000; key++) {
          pending.add(session.executeAsync(insert.bind(key, "item " + key)));
          if (pending.size() == 64) {
            CompletableFuture.allOf(toFutures(pending)).join();
            pending.clear();
          }
        }
        for (int key = 0; key < 200; key++) {
          pending.add(session.executeAsync(composite.bind(key, "b" + key, "v")));
        }
        CompletableFuture.allOf(toFutures(pending)).join();
        ResultSet rows = session.execute(select.bind(7));
        Row row = rows.one();
        assertThat(row.getInt("id")).isEqualTo(7);
        assertThat(row.getString("name")).isEqualTo("seven");

        List<Received> executes =
            cluster.received().stream().filter(r -> r.opcode() == 0x0A).toList();
        assertThat(executes).hasSize(1201).allMatch(r -> r.token() != null);
        // Token-aware with replication factor 1: every request reaches the one replica, so the
        // fake's ring, token encoding (single and composite keys) and system tables agree with
        // the driver's.
        assertThat(executes).allMatch(Received::replica);
        long onOwner = executes.stream().filter(Received::onOwningShard).count();
        double share = (double) onOwner / executes.size();
        System.out.printf(
            "Apache driver 4.19 against 3 nodes x 4 shards: %d of %d requests (%.3f) landed on"
                + " the owning shard%n",
            onOwner, executes.size(), share);
        assertThat(share).isBetween(0.10, 0.45);
        long counted = cluster.nodes().stream().mapToLong(n -> n.requestsOnOwningShard()).sum();
        assertThat(counted).isEqualTo(onOwner);
      }
    }
  }

  private static CompletableFuture<?>[] toFutures(List<CompletionStage<?>> stages) {
    return stages.stream()
        .map(CompletionStage::toCompletableFuture)
        .toArray(CompletableFuture[]::new);
  }
}
