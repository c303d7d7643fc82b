package io.scyllaboot.test.fakescylla;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.driver.api.type.PrimitiveType;
import io.scyllaboot.driver.internal.routing.Tablet;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The tablets-routing-v1 payload: its encoding, and when a response carries it. */
class TabletsTest {
  private static final String INSERT = "INSERT INTO ks.tab (id, v) VALUES (?, ?)";
  private static final Map<String, String> TABLETS = Map.of("TABLETS_ROUTING_V1", "");

  @Test
  void encodingMatchesTheDocumentedBytesAndRoundTripsThroughTheDriversDecoder() {
    Tablet tablet =
        new Tablet(
            -4611686018427387904L + 1,
            0,
            List.of(
                new Tablet.Replica(UUID.fromString("11111111-1111-1111-1111-111111111111"), 0),
                new Tablet.Replica(UUID.fromString("22222222-2222-2222-2222-222222222222"), 3)));
    ByteBuffer payload = TabletPayloads.encode(tablet);
    byte[] bytes = new byte[payload.remaining()];
    payload.duplicate().get(bytes);
    assertThat(HexFormat.of().formatHex(bytes))
        .isEqualTo(
            "00000008c000000000000000000000080000000000000000"
                + "0000004400000002"
                + "0000001c0000001011111111111111111111111111111111"
                + "0000000400000000"
                + "0000001c0000001022222222222222222222222222222222"
                + "0000000400000003");
    assertThat(Tablet.decode(payload)).isEqualTo(tablet);
  }

  @Test
  void evenTabletsCoverTheRingAndRoundTrip() throws Exception {
    try (FakeScyllaCluster cluster =
        FakeScyllaCluster.builder().firstAddress("127.0.3.41").port(29042).nodes(3).build()) {
      List<FakeTablet> tablets = cluster.evenTablets(8, 2);
      assertThat(tablets.get(0).firstToken()).isEqualTo(Long.MIN_VALUE + 1);
      assertThat(tablets.get(7).lastToken()).isEqualTo(Long.MAX_VALUE);
      for (int i = 1; i < tablets.size(); i++) {
        assertThat(tablets.get(i).firstToken()).isEqualTo(tablets.get(i - 1).lastToken() + 1);
      }
      for (FakeTablet tablet : tablets) {
        assertThat(tablet.replicas()).hasSize(2);
        assertThat(Tablet.decode(TabletPayloads.encode(tablet.toTablet())))
            .isEqualTo(tablet.toTablet());
      }
    }
  }

  @Test
  void onlyAMisroutedRequestGetsThePayloadAndOnlyWhenNegotiated() throws Exception {
    try (FakeScyllaCluster cluster =
        FakeScyllaCluster.builder()
            .firstAddress("127.0.3.1")
            .port(29042)
            .shardAwarePort(29043)
            .nodes(2)
            .shards(4)
            .build()) {
      cluster.prime(
          INSERT,
          List.of(new Column("id", PrimitiveType.INT), new Column("v", PrimitiveType.TEXT)),
          new int[] {0},
          List.of(),
          List.of());
      UUID node0 = cluster.node(0).hostId();
      UUID node1 = cluster.node(1).hostId();
      FakeTablet low =
          new FakeTablet(
              Long.MIN_VALUE + 1,
              0,
              List.of(new FakeTablet.Replica(node0, 2), new FakeTablet.Replica(node1, 1)));
      FakeTablet high =
          new FakeTablet(1, Long.MAX_VALUE, List.of(new FakeTablet.Replica(node1, 3)));
      cluster.tablets("ks", "tab", List.of(high, low));
      InetSocketAddress shardAware = new InetSocketAddress("127.0.3.1", 29043);
      FakeScyllaNode node = cluster.node(0);

      // Key 1 (token -4069959284402364209) is in the low tablet: node 0 holds it on shard 2.
      try (RawCqlClient owner = Shards.connectToShard(shardAware, 4, 2)) {
        RawCqlClient.Frame result = insert(owner, 1, TABLETS);
        assertThat(result.flags() & 0x04).isZero();
        assertThat(result.body().getInt(0)).isEqualTo(1); // VOID
        Received received = last(node);
        assertThat(received.onOwningShard()).isTrue();
        assertThat(received.replica()).isTrue();
        assertThat(received.tabletPayload()).isFalse();
      }
      try (RawCqlClient wrongShard = Shards.connectToShard(shardAware, 4, 0)) {
        RawCqlClient.Frame result = insert(wrongShard, 1, TABLETS);
        assertThat(payloadOf(result)).isEqualTo(low.toTablet());
        Received received = last(node);
        assertThat(received.shard()).isZero();
        assertThat(received.owningShard()).isEqualTo(2);
        assertThat(received.tabletPayload()).isTrue();
        assertThat(received.startupOptions()).containsKey("TABLETS_ROUTING_V1");
        // Key 3 (token 9010454139840013625): high tablet, node 0 is no replica at all.
        RawCqlClient.Frame wrongNode = execute(wrongShard, 3);
        assertThat(payloadOf(wrongNode)).isEqualTo(high.toTablet());
        assertThat(last(node).replica()).isFalse();
        assertThat(last(node).owningShard()).isEqualTo(-1);
      }
      try (RawCqlClient notNegotiated = Shards.connectToShard(shardAware, 4, 0)) {
        RawCqlClient.Frame result = insert(notNegotiated, 1, Map.of());
        assertThat(result.flags() & 0x04).isZero();
        assertThat(last(node).tabletPayload()).isFalse();
        assertThat(last(node).onOwningShard()).isFalse();
      }

      cluster.tablets("ks", "tab", List.of()); // back to vnodes: no payload anywhere
      try (RawCqlClient client = Shards.connectToShard(shardAware, 4, 0)) {
        assertThat(insert(client, 1, TABLETS).flags() & 0x04).isZero();
        assertThat(last(node).owningShard()).isEqualTo(1); // the sharding formula again
      }
    }
  }

  private static RawCqlClient.Frame insert(
      RawCqlClient client, int key, Map<String, String> startup) throws Exception {
    client.options();
    assertThat(client.startup(startup).opcode()).isEqualTo(RawCqlClient.READY);
    client.prepare(INSERT);
    return execute(client, key);
  }

  private static RawCqlClient.Frame execute(RawCqlClient client, int key) throws Exception {
    RawCqlClient.Frame result =
        client.execute(
            RawCqlClient.preparedId(client.prepare(INSERT)),
            null,
            0,
            RawCqlClient.intValue(key),
            "v".getBytes());
    assertThat(result.opcode()).isEqualTo(RawCqlClient.RESULT);
    return result;
  }

  /** Reads the custom payload of a response, checks its single key and decodes the tablet. */
  private static Tablet payloadOf(RawCqlClient.Frame frame) {
    assertThat(frame.flags() & 0x04).isEqualTo(0x04);
    ByteBuffer body = frame.body().duplicate();
    assertThat(body.getShort()).isEqualTo((short) 1);
    assertThat(RawCqlClient.string(body)).isEqualTo("tablets-routing-v1");
    int length = body.getInt();
    ByteBuffer value = body.slice(body.position(), length);
    body.position(body.position() + length);
    assertThat(body.getInt()).isEqualTo(1); // then the RESULT body: VOID
    return Tablet.decode(value);
  }

  private static Received last(FakeScyllaNode node) {
    List<Received> executes = node.received(0x0A);
    return executes.get(executes.size() - 1);
  }
}
