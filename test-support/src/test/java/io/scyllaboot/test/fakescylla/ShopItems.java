package io.scyllaboot.test.fakescylla;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.CqlSessionBuilder;
import io.scyllaboot.driver.api.type.PrimitiveType;
import java.time.Duration;
import java.util.List;

/**
 * What the fake-cluster tests of this module share: the table {@code shop.items (id int, name
 * text)} with its INSERT primed, a session to the first node, and the wait for every shard's
 * connection.
 */
final class ShopItems {
  static final String INSERT = "INSERT INTO shop.items (id, name) VALUES (?, ?)";
  static final List<Column> VARIABLES =
      List.of(new Column("id", PrimitiveType.INT), new Column("name", PrimitiveType.TEXT));

  private ShopItems() {}

  /** Primes {@link #INSERT} (partition key {@code id}); returns the cluster. */
  static FakeScyllaCluster primeInsert(FakeScyllaCluster cluster) {
    cluster.prime(INSERT, VARIABLES, new int[] {0}, List.of(), List.of());
    return cluster;
  }

  /** A builder for a session to node 0, in the cluster's data center, 5 s a request. */
  static CqlSessionBuilder session(FakeScyllaCluster cluster) {
    return CqlSession.builder()
        .addContactPoint(cluster.node(0).address())
        .withLocalDatacenter(cluster.datacenter())
        .withRequestTimeout(Duration.ofSeconds(5));
  }

  /** Waits (10 s at most) until every shard of the node has a connection. */
  static void awaitEveryShardConnected(FakeScyllaNode node, String description) {
    await()
        .atMost(Duration.ofSeconds(10))
        .untilAsserted(
            () -> assertThat(node.connectionsPerShard()).as(description).doesNotContain(0));
  }
}
