package io.scyllaboot.driver.internal.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.AsyncResultSet;
import io.scyllaboot.driver.api.cql.PreparedStatement;
import io.scyllaboot.driver.api.type.PrimitiveType;
import io.scyllaboot.driver.testing.CloseAfterEach;
import io.scyllaboot.driver.testing.fakenode.FakeCluster;
import io.scyllaboot.driver.testing.fakenode.FakeCluster.Behaviour;
import io.scyllaboot.driver.testing.fakenode.FakeResponses.Column;
import java.lang.ref.WeakReference;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The session's throttler: what it keeps of finished requests, and requests chained on others. */
class ThrottlingTest {
  private static final int PORT = 19672;
  private static final String PAGE = "SELECT v FROM ks.pages";
  private static final String ROW = "x".repeat(10_000);

  @RegisterExtension final CloseAfterEach closer = new CloseAfterEach();

  private CqlSession start(int maxConcurrent, int maxQueued) {
    FakeCluster cluster = closer.add(new FakeCluster(1, PORT));
    List<List<Object>> rows = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      rows.add(List.of(ROW));
    }
    cluster.prime(PAGE, List.of(), new int[0], List.of(new Column("v", PrimitiveType.TEXT)), rows);
    cluster.behave(PAGE, Behaviour.delay(20)); // each request holds the only permit a while
    return closer.add(
        CqlSession.builder()
            .addContactPoint(cluster.node(0).address())
            .withRequestTimeout(Duration.ofSeconds(60))
            .withThrottling(maxConcurrent, maxQueued)
            .build());
  }

  /**
   * Requests that waited in the throttler's queue finish long before their deadline: their timer
   * entries must not keep them, and the ~500 kB page each completed with, reachable until then.
   */
  @Test
  void finished_queued_requests_and_their_pages_are_collectable_before_their_deadline() {
    CqlSession session = start(1, 100);
    PreparedStatement page = session.prepare(PAGE);
    List<CompletableFuture<AsyncResultSet>> requests = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      requests.add(session.executeAsync(page.bind()).toCompletableFuture());
    }
    List<WeakReference<AsyncResultSet>> pages = new ArrayList<>();
    for (CompletableFuture<AsyncResultSet> request : requests) {
      AsyncResultSet result = request.join();
      assertThat(result.remaining()).isEqualTo(50);
      pages.add(new WeakReference<>(result));
    }
    requests.clear();

    await("the pages are collected, 60 s before the requests' deadline")
        .atMost(Duration.ofSeconds(10))
        .pollInterval(Duration.ofMillis(100))
        .until(
            () -> {
              System.gc();
              return pages.stream().allMatch(reference -> reference.get() == null);
            });
  }

  /**
   * With no queue, a request sent from the callback of the one that held the only permit must find
   * it free: that request has finished.
   */
  @Test
  void a_request_chained_on_the_completion_of_another_is_not_refused_without_a_queue() {
    CqlSession session = start(1, 0);
    PreparedStatement page = session.prepare(PAGE);
    List<Integer> rows = Collections.synchronizedList(new ArrayList<>());
    CompletionStage<AsyncResultSet> chain = session.executeAsync(page.bind());
    for (int i = 0; i < 10; i++) {
      chain =
          chain.thenCompose(
              done -> {
                rows.add(done.remaining());
                done.close();
                return session.executeAsync(page.bind());
              });
    }
    AsyncResultSet last = chain.toCompletableFuture().join();
    assertThat(last.remaining()).isEqualTo(50);
    assertThat(rows).hasSize(10).containsOnly(50);
  }
}
