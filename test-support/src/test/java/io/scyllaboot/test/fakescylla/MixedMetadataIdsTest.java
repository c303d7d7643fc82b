package io.scyllaboot.test.fakescylla;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.PreparedStatement;
import io.scyllaboot.driver.api.cql.ResultSet;
import io.scyllaboot.driver.api.type.PrimitiveType;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A rolling upgrade: one node offers {@code SCYLLA_USE_METADATA_ID}, the other does not. The layout
 * of EXECUTE must follow the connection it goes out on, not the statement: prepared where the
 * extension is on (the statement has a result metadata id) and executed where it is off, and the
 * other way round, every request gets its rows. (The fake node answers a body laid out for the
 * other variant with a protocol error, as a server would misparse it.)
 */
class MixedMetadataIdsTest {
  private static final String SELECT = "SELECT name FROM shop.items WHERE id = ?";

  @ParameterizedTest(name = "prepared first on node {0}")
  @ValueSource(ints = {0, 1})
  void prepared_statements_run_on_nodes_with_and_without_the_extension(int first) {
    try (FakeScyllaCluster cluster =
        FakeScyllaCluster.builder().firstAddress("127.0.7.1").port(29042).nodes(2).build()) {
      cluster.node(1).offerMetadataIds(false);
      cluster.node(1).restart(); // offered options are fixed at start
      cluster.prime(
          SELECT,
          List.of(new Column("id", PrimitiveType.INT)),
          new int[] {0},
          List.of(new Column("name", PrimitiveType.TEXT)),
          List.of(List.of("lamp")));
      try (CqlSession session =
          CqlSession.builder()
              .addContactPoint(cluster.node(first).address())
              .withLocalDatacenter(cluster.datacenter())
              .withRequestTimeout(Duration.ofSeconds(5))
              .build()) {
        PreparedStatement select = session.prepare(SELECT);
        for (int key = 0; key < 200; key++) {
          try (ResultSet rs = session.execute(select.bind(key))) {
            assertThat(rs.one().getString(0)).as("key " + key).isEqualTo("lamp");
          }
        }
        List<Received> executes =
            cluster.received().stream().filter(r -> r.opcode() == 0x0A).toList();
        assertThat(executes)
            .as("executes on connections with the extension")
            .anyMatch(r -> r.startupOptions().containsKey("SCYLLA_USE_METADATA_ID"));
        assertThat(executes)
            .as("executes on connections without it")
            .anyMatch(r -> !r.startupOptions().containsKey("SCYLLA_USE_METADATA_ID"));
      }
    }
  }
}
