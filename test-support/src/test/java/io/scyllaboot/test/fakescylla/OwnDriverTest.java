package io.scyllaboot.test.fakescylla;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.PreparedStatement;
import io.scyllaboot.driver.api.cql.ResultSet;
import io.scyllaboot.driver.api.type.PrimitiveType;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Our own driver against the fake cluster with default settings: it negotiates down to v4, finds
 * the three nodes and routes every request to its replica. Shard-awareness is the driver's own
 * business and tested there; this only shows the fake serves it.
 */
class OwnDriverTest {
  private static final String INSERT = ShopItems.INSERT;
  private static final String SELECT = "SELECT name FROM shop.items WHERE id = ?";

  @Test
  void connectsAndRoutesToReplicas() {
    try (FakeScyllaCluster cluster =
        FakeScyllaCluster.builder()
            .firstAddress("127.0.6.1")
            .port(29042)
            .shardAwarePort(29043)
            .nodes(3)
            .shards(2)
            .build()) {
      ShopItems.primeInsert(cluster);
      cluster.prime(
          SELECT,
          List.of(new Column("id", PrimitiveType.INT)),
          new int[] {0},
          List.of(new Column("name", PrimitiveType.TEXT)),
          List.of(List.of("lamp")));
      try (CqlSession session = ShopItems.session(cluster).build()) {
        PreparedStatement insert = session.prepare(INSERT);
        // prepare() returns with the first node's answer; the others may still be preparing, and an
        // EXECUTE reaching one of them first is answered UNPREPARED (recorded without a token) and
        // re-sent: correct, but not what this test counts.
        // The select too, before counting: its first EXECUTE could otherwise reach a node still
        // preparing it.
        session.prepare(SELECT);
        PrimedStatement primed = cluster.primed(INSERT);
        PrimedStatement primedSelect = cluster.primed(SELECT);
        await()
            .atMost(Duration.ofSeconds(10))
            .until(
                () ->
                    cluster.nodes().stream()
                        .allMatch(
                            node -> node.isPrepared(primed) && node.isPrepared(primedSelect)));
        cluster.clearReceived();
        for (int key = 0; key < 200; key++) {
          session.execute(insert.bind(key, "item " + key)).close();
        }
        try (ResultSet rs = session.execute(SELECT, 7)) {
          assertThat(rs.one().getString(0)).isEqualTo("lamp");
        }
        List<Received> executes =
            cluster.received().stream().filter(r -> r.opcode() == 0x0A).toList();
        assertThat(executes).hasSizeGreaterThanOrEqualTo(201).allMatch(r -> r.token() != null);
        assertThat(executes).allMatch(Received::replica);
      }
    }
  }
}
