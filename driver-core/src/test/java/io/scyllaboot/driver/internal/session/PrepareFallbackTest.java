package io.scyllaboot.driver.internal.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.PreparedStatement;
import io.scyllaboot.driver.internal.protocol.Opcodes;
import io.scyllaboot.driver.testing.fakenode.FakeCluster;
import io.scyllaboot.driver.testing.fakenode.FakeCluster.Behaviour;
import io.scyllaboot.driver.testing.fakenode.FakeClusterFixture;
import io.scyllaboot.driver.testing.fakenode.FakeNode;
import io.scyllaboot.driver.testing.fakenode.FakeResponses;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * PREPARE on a cluster with one failing or silent node: the caller gets its statement from the
 * first node that answers, whatever node the plan starts with, and never waits for the slowest
 * node; the other nodes still receive the PREPARE.
 */
class PrepareFallbackTest {
  private static final int PORT = 19691;
  // Enough texts for the round-robin plans to start on every node at least once.
  private static final int TEXTS = 6;

  @RegisterExtension final FakeClusterFixture fixture = new FakeClusterFixture();
  private FakeCluster cluster;

  private CqlSession start(Duration requestTimeout) {
    cluster = fixture.start(new FakeCluster(3, PORT));
    for (int i = 0; i < TEXTS; i++) {
      cluster.prime(text(i), FakeClusterFixture.KV, new int[] {0}, List.of(), List.of());
    }
    return fixture.connect(CqlSession.builder().withRequestTimeout(requestTimeout));
  }

  private static String text(int i) {
    return "INSERT INTO ks.tbl (k, v) VALUES (?, ?) USING TTL " + (100 + i);
  }

  @Test
  void should_prepare_on_another_node_when_one_answers_with_an_error() {
    CqlSession session = start(Duration.ofSeconds(2));
    for (int i = 0; i < TEXTS; i++) {
      cluster.behave(
          FakeCluster.PREPARE_PREFIX + text(i),
          Behaviour.error(FakeResponses.error(0x1001, "overloaded")).onNode(0));
    }
    List<PreparedStatement> prepared = new ArrayList<>();
    for (int i = 0; i < TEXTS; i++) {
      prepared.add(session.prepare(text(i)));
    }
    assertThat(prepared).hasSize(TEXTS);
    assertThat(cluster.node(0).received(Opcodes.PREPARE))
        .as("the failing node was asked too")
        .isNotEmpty();
  }

  @Test
  void should_not_wait_for_a_silent_node_to_complete_a_prepare() {
    // A request timeout far beyond the wait below: waiting for the silent node would show.
    CqlSession session = start(Duration.ofSeconds(60));
    FakeNode silent = cluster.node(2);
    for (int i = 0; i < TEXTS; i++) {
      cluster.behave(FakeCluster.PREPARE_PREFIX + text(i), Behaviour.silence().onNode(2));
    }
    List<CompletableFuture<PreparedStatement>> prepares = new ArrayList<>();
    for (int i = 0; i < TEXTS; i++) {
      prepares.add(session.prepareAsync(text(i)).toCompletableFuture());
    }
    await("every PREPARE completed by the nodes that answer")
        .atMost(Duration.ofSeconds(20))
        .until(() -> prepares.stream().allMatch(f -> f.isDone() && !f.isCompletedExceptionally()));
    assertThat(silent.received(Opcodes.PREPARE))
        .as("the silent node got each PREPARE in the background")
        .hasSize(TEXTS);
  }
}
