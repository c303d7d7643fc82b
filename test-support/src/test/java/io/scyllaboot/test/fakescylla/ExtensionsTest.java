package io.scyllaboot.test.fakescylla;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.driver.api.type.PrimitiveType;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Extensions gated by STARTUP: rate-limit error, LWT mark, result metadata ids. */
class ExtensionsTest {
  private static final String INSERT = "INSERT INTO ks.ext (id, v) VALUES (?, ?)";
  private static final String SELECT = "SELECT id, v FROM ks.ext WHERE id = ?";
  private static final String LWT = "INSERT INTO ks.ext (id, v) VALUES (?, ?) IF NOT EXISTS";
  private static final List<Column> VARIABLES =
      List.of(new Column("id", PrimitiveType.INT), new Column("v", PrimitiveType.TEXT));

  private static FakeScyllaCluster cluster;

  @BeforeAll
  static void start() {
    cluster = FakeScyllaCluster.builder().firstAddress("127.0.4.1").port(29042).build();
    cluster.prime(INSERT, VARIABLES, new int[] {0}, List.of(), List.of());
    cluster.prime(LWT, VARIABLES, new int[] {0}, List.of(), List.of());
  }

  @AfterAll
  static void stop() {
    cluster.close();
  }

  @Test
  void rateLimitErrorHasScyllasBodyWhenNegotiatedAndIsConfigErrorOtherwise() throws Exception {
    String select = "SELECT v FROM ks.limited WHERE id = ?";
    cluster.prime(
        select,
        List.of(VARIABLES.get(0)),
        new int[] {0},
        List.of(VARIABLES.get(1)),
        List.of(List.of("x")));
    cluster.rateLimit(INSERT, true);
    cluster.rateLimit(select, true);
    try (RawCqlClient client = client(Map.of("SCYLLA_RATE_LIMIT_ERROR", ""))) {
      ByteBuffer write = error(client, INSERT, 0xF000);
      assertThat(RawCqlClient.string(write)).contains("rate limit");
      assertThat(write.get()).isEqualTo((byte) 1); // op_type write
      assertThat(write.get()).isEqualTo((byte) 1); // rejected by the coordinator
      assertThat(write.hasRemaining()).isFalse();
      ByteBuffer read = error(client, select, 0xF000);
      RawCqlClient.string(read);
      assertThat(read.get()).isEqualTo((byte) 0); // op_type read
    }
    try (RawCqlClient client = client(Map.of())) {
      ByteBuffer body = error(client, INSERT, 0x2300);
      assertThat(RawCqlClient.string(body)).contains("rate limit");
      assertThat(body.hasRemaining()).isFalse();
      cluster.rateLimit(INSERT, false);
      assertThat(execute(client, INSERT, null, 0).opcode()).isEqualTo(RawCqlClient.RESULT);
    } finally {
      cluster.rateLimit(INSERT, false);
      cluster.rateLimit(select, false);
    }
  }

  @Test
  void lwtMarkOnlyForConditionalStatementsOnConnectionsThatAskedForIt() throws Exception {
    Map<String, String> mark =
        Map.of("SCYLLA_LWT_ADD_METADATA_MARK", "LWT_OPTIMIZATION_META_BIT_MASK=2147483648");
    try (RawCqlClient client = client(mark)) {
      assertThat(preparedFlags(client.prepare(LWT), false)).isEqualTo(0x80000001);
      assertThat(preparedFlags(client.prepare(INSERT), false)).isEqualTo(0x00000001);
    }
    try (RawCqlClient client = client(Map.of())) {
      assertThat(preparedFlags(client.prepare(LWT), false)).isEqualTo(0x00000001);
    }
  }

  @Test
  void resultMetadataIdsWhenNegotiated() throws Exception {
    List<Column> result = List.of(new Column("id", PrimitiveType.INT));
    cluster.prime(SELECT, List.of(VARIABLES.get(0)), new int[] {0}, result, List.of(List.of(7)));
    try (RawCqlClient client = client(Map.of("SCYLLA_USE_METADATA_ID", ""))) {
      ByteBuffer prepared = client.prepare(SELECT).body();
      prepared.position(4);
      byte[] id = shortBytes(prepared);
      byte[] metadataId = shortBytes(prepared);
      assertThat(metadataId).hasSize(16);
      // Current id and SKIP_METADATA: rows without metadata.
      ByteBuffer rows = execute(client, SELECT, id, metadataId, 0x02).body();
      assertThat(rows.getInt(0)).isEqualTo(2);
      assertThat(rows.getInt(4)).isEqualTo(0x0004);

      // The result changes: the stale id gets METADATA_CHANGED, the new id and full metadata.
      List<Column> wider =
          List.of(new Column("id", PrimitiveType.INT), new Column("v", PrimitiveType.TEXT));
      cluster.prime(
          SELECT, List.of(VARIABLES.get(0)), new int[] {0}, wider, List.of(List.of(7, "x")));
      ByteBuffer changed = execute(client, SELECT, id, metadataId, 0x02).body();
      changed.position(4);
      assertThat(changed.getInt() & 0x0008).isEqualTo(0x0008);
      assertThat(changed.getInt()).isEqualTo(2);
      byte[] newMetadataId = shortBytes(changed);
      ByteBuffer reprepared = client.prepare(SELECT).body();
      reprepared.position(4);
      shortBytes(reprepared);
      assertThat(shortBytes(reprepared)).isEqualTo(newMetadataId).isNotEqualTo(metadataId);
    }
    try (RawCqlClient client = client(Map.of())) {
      // v4 layout: the variables' flags follow the id directly.
      RawCqlClient.Frame prepared = client.prepare(SELECT);
      assertThat(preparedFlags(prepared, false)).isEqualTo(0x0001);
    }
  }

  private static RawCqlClient client(Map<String, String> startup) throws Exception {
    RawCqlClient client = RawCqlClient.connect(cluster.node(0).address());
    client.options();
    assertThat(client.startup(startup).opcode()).isEqualTo(RawCqlClient.READY);
    return client;
  }

  private static RawCqlClient.Frame execute(
      RawCqlClient client, String query, byte[] metadataId, int flags) throws Exception {
    byte[] id = RawCqlClient.preparedId(client.prepare(query));
    return execute(client, query, id, metadataId, flags);
  }

  private static RawCqlClient.Frame execute(
      RawCqlClient client, String query, byte[] id, byte[] metadataId, int flags) throws Exception {
    byte[][] values =
        query.startsWith("INSERT")
            ? new byte[][] {RawCqlClient.intValue(7), "v".getBytes()}
            : new byte[][] {RawCqlClient.intValue(7)};
    return client.execute(id, metadataId, flags, values);
  }

  /** The error body after its code, which must be {@code code}. */
  private static ByteBuffer error(RawCqlClient client, String query, int code) throws Exception {
    RawCqlClient.Frame frame = execute(client, query, null, 0);
    assertThat(frame.opcode()).isEqualTo(RawCqlClient.ERROR);
    assertThat(frame.errorCode()).isEqualTo(code);
    return frame.body().position(4);
  }

  private static int preparedFlags(RawCqlClient.Frame prepared, boolean metadataId) {
    ByteBuffer body = prepared.body().duplicate();
    assertThat(body.getInt()).isEqualTo(4);
    shortBytes(body);
    if (metadataId) {
      shortBytes(body);
    }
    return body.getInt();
  }

  private static byte[] shortBytes(ByteBuffer in) {
    byte[] bytes = new byte[in.getShort()];
    in.get(bytes);
    return Arrays.copyOf(bytes, bytes.length);
  }
}
