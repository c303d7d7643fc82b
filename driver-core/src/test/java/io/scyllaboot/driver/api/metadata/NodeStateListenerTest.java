package io.scyllaboot.driver.api.metadata;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.testing.fakenode.FakeCluster;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Node state listeners hear nodes found, up and down; the public token map reads the fake ring. */
class NodeStateListenerTest {
  private static final int PORT = 19871;
  private final List<String> heard = new CopyOnWriteArrayList<>();
  private FakeCluster cluster;

  @BeforeEach
  void start() {
    cluster = new FakeCluster(2, PORT);
  }

  @AfterEach
  void stop() {
    cluster.close();
  }

  private CqlSession open() {
    return CqlSession.builder()
        .addContactPoint(cluster.node(0).address())
        .withConnectTimeout(Duration.ofSeconds(2))
        .withReconnectionDelays(Duration.ofSeconds(30), Duration.ofSeconds(60))
        .addNodeStateListener(
            new NodeStateListener() {
              @Override
              public void onAdded(Node node) {
                heard.add("added " + node.address().getAddress().getHostAddress());
              }

              @Override
              public void onUp(Node node) {
                heard.add("up " + node.address().getAddress().getHostAddress());
              }

              @Override
              public void onDown(Node node) {
                heard.add("down " + node.address().getAddress().getHostAddress());
              }
            })
        .addNodeStateListener(
            new NodeStateListener() {
              @Override
              public void onAdded(Node node) {
                throw new IllegalStateException("a failing listener does not stop the others");
              }
            })
        .build();
  }

  @Test
  void should_hear_each_node_added_and_up_then_one_going_down() {
    try (CqlSession session = open()) {
      await()
          .atMost(Duration.ofSeconds(10))
          .untilAsserted(
              () ->
                  assertThat(heard)
                      .contains(
                          "added 127.0.0.1", "added 127.0.0.2", "up 127.0.0.1", "up 127.0.0.2"));
      assertThat(heard.indexOf("added 127.0.0.2")).isLessThan(heard.indexOf("up 127.0.0.2"));

      cluster.node(1).stop();
      await()
          .atMost(Duration.ofSeconds(10))
          .untilAsserted(() -> assertThat(heard).contains("down 127.0.0.2"));
      assertThat(heard).doesNotContain("down 127.0.0.1");
      assertThat(session.metadata().nodes()).hasSize(2);
    }
  }

  @Test
  void should_expose_the_ring_with_each_nodes_primary_ranges_and_replicas() {
    try (CqlSession session = open()) {
      TokenMap tokens = session.metadata().tokenMap();
      assertThat(tokens.isEmpty()).isFalse();
      List<TokenRange> ranges = tokens.ranges();
      assertThat(ranges).hasSize(2);
      Node first = node(session, cluster.node(0).tokens());
      Node second = node(session, cluster.node(1).tokens());
      long firstToken = Long.parseLong(cluster.node(0).tokens().iterator().next());
      long secondToken = Long.parseLong(cluster.node(1).tokens().iterator().next());
      assertThat(tokens.primaryRanges(first))
          .containsExactly(new TokenRange(secondToken, firstToken));
      assertThat(tokens.primaryRanges(second))
          .containsExactly(new TokenRange(firstToken, secondToken));
      assertThat(tokens.primaryRanges(first).get(0).wrapsAround()).isTrue();

      // The fake's keyspace "ks" has one replica: a key's replica is the owner of its range.
      long token = tokens.token("some key");
      Node owner = ranges.get(0).contains(token) ? first : second;
      assertThat(tokens.replicas("ks", "some key")).containsExactly(owner);
      assertThat(tokens.replicas("ks", token)).containsExactly(owner);
      assertThat(tokens.ranges("ks", owner)).containsExactlyElementsOf(tokens.primaryRanges(owner));
      assertThat(tokens.replicas("unknown_keyspace", token)).isEmpty();
    }
  }

  private static Node node(CqlSession session, java.util.Set<String> tokens) {
    return session.metadata().nodes().stream()
        .filter(
            node ->
                ((io.scyllaboot.driver.internal.metadata.DefaultNode) node).tokens().equals(tokens))
        .findFirst()
        .orElseThrow();
  }
}
