package io.scyllaboot.test.fakescylla;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which shard a connection lands on, and what SUPPORTED says about it. */
class ShardAwarePortTest {

  @Test
  void aConnectionOnTheShardAwarePortLandsOnItsLocalPortModuloShards() throws Exception {
    try (FakeScyllaCluster cluster =
        FakeScyllaCluster.builder()
            .firstAddress("127.0.2.1")
            .port(29042)
            .shardAwarePort(29043)
            .shards(4)
            .build()) {
      InetSocketAddress shardAware = new InetSocketAddress("127.0.2.1", 29043);
      for (int shard : new int[] {3, 0, 2, 1, 3}) {
        try (RawCqlClient client = Shards.connectToShard(shardAware, 4, shard)) {
          Map<String, List<String>> supported = client.options();
          assertThat(client.localPort() % 4).isEqualTo(shard);
          assertThat(supported.get("SCYLLA_SHARD")).containsExactly(Integer.toString(shard));
          Received options = cluster.node(0).received().get(cluster.node(0).received().size() - 1);
          assertThat(options.shard()).isEqualTo(shard);
          assertThat(options.clientPort()).isEqualTo(client.localPort());
        }
      }
    }
  }

  @Test
  void supportedCarriesEveryExtensionWithOneValueEach() throws Exception {
    try (FakeScyllaCluster cluster =
            FakeScyllaCluster.builder()
                .firstAddress("127.0.2.11")
                .port(29042)
                .shardAwarePort(29043)
                .shards(3)
                .ignoreMsb(12)
                .build();
        RawCqlClient client = RawCqlClient.connect(cluster.node(0).address())) {
      Map<String, List<String>> supported = client.options();
      assertThat(supported)
          .containsEntry("SCYLLA_NR_SHARDS", List.of("3"))
          .containsEntry("SCYLLA_SHARDING_ALGORITHM", List.of("biased-token-round-robin"))
          .containsEntry("SCYLLA_SHARDING_IGNORE_MSB", List.of("12"))
          .containsEntry(
              "SCYLLA_PARTITIONER", List.of("org.apache.cassandra.dht.Murmur3Partitioner"))
          .containsEntry("SCYLLA_SHARD_AWARE_PORT", List.of("29043"))
          .containsEntry(
              "SCYLLA_LWT_ADD_METADATA_MARK", List.of("LWT_OPTIMIZATION_META_BIT_MASK=2147483648"))
          .containsEntry("SCYLLA_RATE_LIMIT_ERROR", List.of("ERROR_CODE=61440"))
          .containsEntry("TABLETS_ROUTING_V1", List.of(""))
          .containsEntry("SCYLLA_USE_METADATA_ID", List.of(""))
          .containsKey("CQL_VERSION")
          .containsEntry("COMPRESSION", List.of());
      supported.forEach(
          (key, values) -> {
            if (!key.equals("COMPRESSION")) {
              assertThat(values).as(key).hasSize(1);
            }
          });
    }
  }

  @Test
  void withoutShardAwarePortNoneIsAdvertisedAndRegularConnectionsFillTheLeastLoadedShard()
      throws Exception {
    try (FakeScyllaCluster cluster =
        FakeScyllaCluster.builder()
            .firstAddress("127.0.2.21")
            .port(29042)
            .shardAwarePort(0)
            .shards(3)
            .build()) {
      FakeScyllaNode node = cluster.node(0);
      List<RawCqlClient> clients = new ArrayList<>();
      try {
        List<String> shards = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
          RawCqlClient client = RawCqlClient.connect(node.address());
          clients.add(client);
          Map<String, List<String>> supported = client.options();
          assertThat(supported).doesNotContainKey("SCYLLA_SHARD_AWARE_PORT");
          shards.add(supported.get("SCYLLA_SHARD").get(0));
        }
        assertThat(shards).containsExactly("0", "1", "2", "0", "1", "2");
        assertThat(node.connectionsPerShard()).containsExactly(2, 2, 2);
        clients.remove(1).close(); // a shard-1 connection
        await().atMost(Duration.ofSeconds(5)).until(() -> node.connectionsPerShard()[1] == 1);
        RawCqlClient refill = RawCqlClient.connect(node.address());
        clients.add(refill);
        assertThat(refill.options().get("SCYLLA_SHARD")).containsExactly("1");
      } finally {
        for (RawCqlClient client : clients) {
          client.close();
        }
      }
    }
  }

  @Test
  void otherProtocolVersionsAreRefusedInAV4Header() throws Exception {
    try (FakeScyllaCluster cluster =
            FakeScyllaCluster.builder().firstAddress("127.0.2.31").port(29042).build();
        RawCqlClient client = RawCqlClient.connect(cluster.node(0).address())) {
      RawCqlClient.Frame refused = client.send(5, 0x05, java.nio.ByteBuffer.allocate(0));
      assertThat(refused.version()).isEqualTo(0x84);
      assertThat(refused.opcode()).isEqualTo(RawCqlClient.ERROR);
      assertThat(refused.errorCode()).isEqualTo(0x000A);
      java.nio.ByteBuffer body = refused.body().position(4);
      assertThat(RawCqlClient.string(body)).contains("Invalid or unsupported protocol version");
      assertThat(client.options()).containsKey("SCYLLA_SHARD"); // the connection stays usable
    }
  }
}
