package io.scyllaboot.test.fakescylla;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.PreparedStatement;
import io.scyllaboot.driver.api.metadata.Node;
import io.scyllaboot.driver.api.policy.AddressTranslator;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Nodes behind NAT: each listens on 127.0.7.i (ports 29042 and shard-aware 29043) but advertises
 * 127.0.66.i (9042 and 19042), where nothing listens. Only a translator that maps both ports lets
 * the driver reach every node, on the shard-aware port.
 */
class AddressTranslationTest {
  private static final String INSERT = ShopItems.INSERT;
  private static final int SHARDS = 4;

  private static FakeScyllaCluster natCluster(String first) {
    return ShopItems.primeInsert(
        FakeScyllaCluster.builder()
            .firstAddress(first)
            .port(29042)
            .shardAwarePort(29043)
            .advertise("127.0.66.1", 9042, 19042)
            .nodes(3)
            .shards(SHARDS)
            .build());
  }

  private static Map<String, String> natRules(String listeningPrefix) {
    Map<String, String> rules = new HashMap<>();
    for (int i = 1; i <= 3; i++) {
      rules.put("127.0.66." + i + ":9042", listeningPrefix + i + ":29042");
      rules.put("127.0.66." + i + ":19042", listeningPrefix + i + ":29043");
    }
    return rules;
  }

  @Test
  void aStaticMapReachesEveryNodeThroughItsShardAwarePort() {
    try (FakeScyllaCluster cluster = natCluster("127.0.7.1");
        CqlSession session =
            ShopItems.session(cluster)
                .withAddressTranslator(AddressTranslator.staticMap(natRules("127.0.7.")))
                .build()) {
      assertThat(session.metadata().nodes())
          .extracting(Node::address)
          .containsExactlyInAnyOrder(
              new InetSocketAddress("127.0.7.1", 29042),
              new InetSocketAddress("127.0.7.2", 29042),
              new InetSocketAddress("127.0.7.3", 29042));
      for (FakeScyllaNode node : cluster.nodes()) {
        ShopItems.awaitEveryShardConnected(
            node, node + ": a connection per shard (and node 0 the control one)");
      }
      PreparedStatement insert = session.prepare(INSERT);
      cluster.clearReceived();
      for (int key = 0; key < 300; key++) {
        session.execute(insert.bind(key, "item " + key)).close();
      }
      for (FakeScyllaNode node : cluster.nodes()) {
        List<Received> executes = node.received(0x0A);
        assertThat(executes).as("requests on " + node).isNotEmpty();
        assertThat(executes)
            .as("each on a replica, on the shard that owns its token")
            .allMatch(Received::onOwningShard)
            .allMatch(Received::replica);
        // The pool's first connection goes to the regular port (to learn the shard count); the
        // others to the translated shard-aware port, where shard = client port % shards.
        assertThat(
                executes.stream()
                    .filter(r -> r.shard() == r.clientPort() % SHARDS)
                    .map(Received::connection)
                    .distinct()
                    .count())
            .as("connections of " + node + " through the shard-aware port")
            .isGreaterThanOrEqualTo(SHARDS - 1);
      }
    }
  }

  @Test
  void withoutATranslatorOnlyTheContactPointIsReached() {
    try (FakeScyllaCluster cluster = natCluster("127.0.7.11");
        CqlSession session =
            ShopItems.session(cluster).withConnectTimeout(Duration.ofSeconds(2)).build()) {
      PreparedStatement insert = session.prepare(INSERT);
      cluster.clearReceived();
      for (int key = 0; key < 50; key++) {
        session.execute(insert.bind(key, "item " + key)).close();
      }
      assertThat(cluster.node(0).received(0x0A)).hasSize(50);
      assertThat(cluster.node(1).received()).isEmpty();
      assertThat(cluster.node(2).received()).isEmpty();
    }
  }
}
