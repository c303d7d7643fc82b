package io.scyllaboot.test.fakescylla;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.PreparedStatement;
import io.scyllaboot.driver.api.cql.ResultSet;
import io.scyllaboot.driver.api.type.PrimitiveType;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The lean mode (the benchmarks' server side): one node shaped as Apache Cassandra, answering
 * primed statements through the same protocol handling, without per-request bookkeeping.
 */
class LeanModeTest {
  private static final String INSERT = "INSERT INTO bench.kv (id, v) VALUES (?, ?)";
  private static final String SELECT = "SELECT id, v FROM bench.kv WHERE id = ?";
  private static final List<Column> VARIABLES =
      List.of(new Column("id", PrimitiveType.INT), new Column("v", PrimitiveType.TEXT));

  private static FakeScyllaCluster node;

  @BeforeAll
  static void start() {
    node = FakeScyllaCluster.builder().lean().firstAddress("127.0.7.1").port(29142).build();
    node.prime(INSERT, VARIABLES, new int[] {0}, List.of(), List.of());
    node.prime(
        SELECT, List.of(VARIABLES.get(0)), new int[] {0}, VARIABLES, List.of(List.of(7, "x")));
  }

  @AfterAll
  static void stop() {
    node.close();
  }

  @Test
  void offersNoScyllaExtensionAndNoShardAwarePort() throws Exception {
    assertThat(node.nodes()).hasSize(1);
    assertThat(node.shardAwarePort()).isZero();
    try (RawCqlClient client = RawCqlClient.connect(node.node(0).address())) {
      Map<String, List<String>> options = client.options();
      assertThat(options).containsKeys("CQL_VERSION", "COMPRESSION");
      assertThat(options.keySet()).noneMatch(key -> key.startsWith("SCYLLA_"));
      assertThat(options).doesNotContainKey("TABLETS_ROUTING_V1");
    }
  }

  @Test
  void ourDriverPreparesAndExecutesWithNothingRecorded() {
    try (CqlSession session =
        CqlSession.builder()
            .addContactPoint(node.node(0).address())
            .withLocalDatacenter(node.datacenter())
            .withRequestTimeout(Duration.ofSeconds(5))
            .build()) {
      PreparedStatement insert = session.prepare(INSERT);
      PreparedStatement select = session.prepare(SELECT);
      for (int key = 0; key < 100; key++) {
        session.execute(insert.bind(key, "v" + key)).close();
      }
      try (ResultSet rows = session.execute(select.bind(7))) {
        assertThat(rows.one().getString(1)).isEqualTo("x");
      }
    }
    FakeScyllaNode only = node.node(0);
    assertThat(only.received()).as("no recording").isEmpty();
    assertThat(only.requestsWithToken()).as("no routing").isZero();
    assertThat(only.connectionsPerShard()).hasSize(1);
  }

  @Test
  void anUnknownIdIsUnpreparedWithTheIdEchoedAndTheConnectionKeepsServing() throws Exception {
    try (RawCqlClient client = RawCqlClient.connect(node.node(0).address())) {
      assertThat(client.startup(Map.of()).opcode()).isEqualTo(RawCqlClient.READY);
      byte[] unknown = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
      RawCqlClient.Frame error = client.execute(unknown, null, 0, RawCqlClient.intValue(1));
      assertThat(error.opcode()).isEqualTo(RawCqlClient.ERROR);
      assertThat(error.errorCode()).isEqualTo(0x2500);
      ByteBuffer body = error.body().position(4);
      RawCqlClient.string(body);
      byte[] echoed = new byte[body.getShort()];
      body.get(echoed);
      assertThat(echoed).isEqualTo(unknown);
      byte[] id = RawCqlClient.preparedId(client.prepare(SELECT));
      RawCqlClient.Frame rows = client.execute(id, null, 0, RawCqlClient.intValue(7));
      assertThat(rows.opcode()).isEqualTo(RawCqlClient.RESULT);
      assertThat(rows.body().getInt(0)).isEqualTo(2); // ROWS
    }
  }
}
