package io.scyllaboot.driver.internal.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.AsyncResultSet;
import io.scyllaboot.driver.api.cql.PreparedStatement;
import io.scyllaboot.driver.api.metrics.RequestInfo;
import io.scyllaboot.driver.api.metrics.RequestListener;
import io.scyllaboot.driver.api.policy.SpeculativeExecutionPolicy;
import io.scyllaboot.driver.api.type.PrimitiveType;
import io.scyllaboot.driver.internal.protocol.Opcodes;
import io.scyllaboot.driver.testing.CloseAfterEach;
import io.scyllaboot.driver.testing.fakenode.FakeCluster;
import io.scyllaboot.driver.testing.fakenode.FakeNode;
import io.scyllaboot.driver.testing.fakenode.FakeNode.Answering;
import io.scyllaboot.driver.testing.fakenode.FakeRequest;
import io.scyllaboot.driver.testing.fakenode.FakeResponses.Column;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Whatever a caller does to the stage it was given (a timeout of its own, a cancel, a completion
 * with its own value), the request ends exactly once: its throttler permit, its listener call, its
 * metrics and its executions (issue 32, defect 1). Nodes that hold every answer stand for a stall.
 */
class CallerActionsTest {
  private static final int PORT = 19781;
  private static final String SELECT = "SELECT v FROM ks.kv WHERE k = ?";

  @RegisterExtension final CloseAfterEach closer = new CloseAfterEach();

  /** Starts and ends of requests, as a tracing listener sees them. */
  static final class CountingListener implements RequestListener {
    final AtomicInteger starts = new AtomicInteger();
    final AtomicInteger ends = new AtomicInteger();

    @Override
    public @Nullable Object onStart(RequestInfo request) {
      starts.incrementAndGet();
      return null;
    }

    @Override
    public void onSuccess(RequestInfo request, @Nullable Object context) {
      ends.incrementAndGet();
    }

    @Override
    public void onError(RequestInfo request, @Nullable Object context, Throwable error) {
      ends.incrementAndGet();
    }
  }

  private FakeCluster cluster;

  private CqlSession start(boolean throttled, boolean speculative, CountingListener listener) {
    cluster = closer.add(new FakeCluster(2, PORT));
    cluster.prime(
        SELECT,
        List.of(new Column("k", PrimitiveType.INT)),
        new int[] {0},
        List.of(new Column("v", PrimitiveType.TEXT)),
        List.of(List.of("value")));
    var builder =
        CqlSession.builder()
            .addContactPoint(cluster.node(0).address())
            .withRequestTimeout(Duration.ofSeconds(3))
            .withIdempotentByDefault(true)
            .addRequestListener(listener);
    if (throttled) {
      builder.withThrottling(3, 10);
    }
    if (speculative) {
      builder.withSpeculativeExecution(
          SpeculativeExecutionPolicy.constantDelay(Duration.ofMillis(100), 1));
    }
    return closer.add(builder.build());
  }

  private void stall() {
    cluster.nodes().forEach(node -> node.answering(Answering.HOLD));
  }

  private void resume() {
    cluster.nodes().forEach(node -> node.answering(Answering.NORMALLY));
  }

  private static int executesOf(FakeNode node, int key) {
    int count = 0;
    for (FakeRequest request : node.received(Opcodes.EXECUTE)) {
      byte[] value = request.values().get(0);
      if (value != null && value.length == 4 && ByteBuffer.wrap(value).getInt() == key) {
        count++;
      }
    }
    return count;
  }

  @ParameterizedTest(name = "throttled={0}, speculative={1}")
  @CsvSource({"true, true", "true, false", "false, true", "false, false"})
  void every_caller_action_on_the_stage_ends_the_request_once(
      boolean throttled, boolean speculative) {
    CountingListener listener = new CountingListener();
    CqlSession session = start(throttled, speculative, listener);
    PreparedStatement select = session.prepare(SELECT);
    assertThat(session.execute(select.bind(0)).one().getString(0)).isEqualTo("value");
    int startsBefore = listener.starts.get();
    stall();
    if (throttled) {
      // Three requests take the three permits; the next waits in the queue, and its caller gives
      // up there: it must leave the queue at once and never start.
      List<CompletableFuture<AsyncResultSet>> holding = new ArrayList<>();
      for (int i = 0; i < 3; i++) {
        holding.add(session.executeAsync(select.bind(50 + i)).toCompletableFuture());
      }
      CompletableFuture<AsyncResultSet> queued =
          session.executeAsync(select.bind(99)).toCompletableFuture();
      assertThat(session.snapshot().throttler().queued()).isEqualTo(1);
      queued.cancel(false);
      assertThat(session.snapshot().throttler().queued()).isZero();
      resume();
      for (CompletableFuture<AsyncResultSet> request : holding) {
        assertThat(request).succeedsWithin(Duration.ofSeconds(3));
      }
      stall();
    }

    List<Consumer<CompletableFuture<AsyncResultSet>>> actions =
        List.of(
            future -> future.orTimeout(50, TimeUnit.MILLISECONDS),
            future -> future.cancel(true),
            future -> future.complete(null));
    for (int i = 0; i < actions.size(); i++) {
      CompletableFuture<AsyncResultSet> future =
          session.executeAsync(select.bind(i + 1)).toCompletableFuture();
      actions.get(i).accept(future);
      await().atMost(Duration.ofSeconds(5)).until(future::isDone);
    }
    if (throttled) {
      assertThat(session.snapshot().throttler().active())
          .as("permits held by requests their callers gave up")
          .isZero();
    }
    resume();

    await("every request ended once: permits, listener")
        .atMost(Duration.ofSeconds(5))
        .untilAsserted(
            () -> {
              assertThat(listener.ends.get() - startsBefore)
                  .isEqualTo(listener.starts.get() - startsBefore);
              assertThat(session.snapshot().throttler().active()).isZero();
              assertThat(session.snapshot().throttler().queued()).isZero();
            });
    await("the stream ids of the given-up requests come back with their late answers")
        .atMost(Duration.ofSeconds(5))
        .untilAsserted(
            () ->
                assertThat(session.snapshot().nodes())
                    .allSatisfy(
                        node -> assertThat(node.pool().inFlightPerConnection()).containsOnly(0)));
    // A request the caller cancelled while it was queued never reaches a node.
    for (FakeNode node : cluster.nodes()) {
      assertThat(executesOf(node, 99)).isZero();
    }
    // The session still serves: no permit is held by a given-up request.
    for (int i = 0; i < 5; i++) {
      assertThat(session.executeAsync(select.bind(10 + i)).toCompletableFuture())
          .succeedsWithin(Duration.ofSeconds(2));
    }
    assertThat(listener.ends.get()).isEqualTo(listener.starts.get());
  }
}
