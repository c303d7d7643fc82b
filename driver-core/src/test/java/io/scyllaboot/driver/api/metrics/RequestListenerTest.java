package io.scyllaboot.driver.api.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.CqlSessionBuilder;
import io.scyllaboot.driver.api.cql.AsyncResultSet;
import io.scyllaboot.driver.api.cql.PreparedStatement;
import io.scyllaboot.driver.api.error.AllNodesFailedException;
import io.scyllaboot.driver.api.error.RequestThrottledException;
import io.scyllaboot.driver.api.error.SyntaxErrorException;
import io.scyllaboot.driver.testing.fakenode.FakeCluster;
import io.scyllaboot.driver.testing.fakenode.FakeCluster.Behaviour;
import io.scyllaboot.driver.testing.fakenode.FakeClusterFixture;
import io.scyllaboot.driver.testing.fakenode.FakeResponses;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The request hook against fake nodes: what it is told, once per request, whatever happens. */
class RequestListenerTest {
  private static final int PORT = 19543;
  private static final String INSERT = FakeClusterFixture.INSERT;
  private static final String SELECT = FakeClusterFixture.SELECT;

  /** One line per callback: "start|query|keyspace|node|attempt" and "success|..."/"error|...". */
  private final List<String> events = new CopyOnWriteArrayList<>();

  @RegisterExtension final FakeClusterFixture fixture = new FakeClusterFixture();
  private FakeCluster cluster;
  private CqlSession session;

  /** Records every callback, and checks that the end gets the context the start returned. */
  private final class Recorder implements RequestListener {
    @Override
    public Object onStart(RequestInfo request) {
      events.add("start|" + describe(request));
      return new Object[] {request.query()};
    }

    @Override
    public void onSuccess(RequestInfo request, @Nullable Object context) {
      assertThat(((Object[]) context)[0]).isEqualTo(request.query());
      events.add("success|" + describe(request));
    }

    @Override
    public void onError(RequestInfo request, @Nullable Object context, Throwable error) {
      assertThat(((Object[]) context)[0]).isEqualTo(request.query());
      events.add("error|" + describe(request) + "|" + error.getClass().getSimpleName());
    }

    private String describe(RequestInfo request) {
      InetSocketAddress node = request.node();
      return request.query()
          + "|"
          + request.keyspace()
          + "|"
          + (node == null ? null : node.getHostString())
          + "|"
          + request.attempts()
          + "|"
          + request.scylla();
    }
  }

  private void connect(int nodes, CqlSessionBuilder builder) {
    cluster = fixture.start(new FakeCluster(nodes, PORT));
    session =
        fixture.open(
            builder.withRequestTimeout(Duration.ofSeconds(2)).addRequestListener(new Recorder()));
    events.clear(); // the session's own start-up requests do not go through the hook
  }

  @Test
  void should_tell_the_query_keyspace_and_node_of_a_success_without_values() {
    connect(1, CqlSession.builder());
    session.execute(SELECT, 42).close();
    assertThat(events)
        .containsExactly(
            "start|" + SELECT + "|ks|null|0|false", "success|" + SELECT + "|ks|127.0.0.1|1|false");
    assertThat(String.join("", events)).doesNotContain("42");
  }

  @Test
  void should_tell_the_error_of_a_failed_request_once() {
    connect(1, CqlSession.builder().withKeyspace("ks"));
    cluster.behave("BAD CQL", Behaviour.error(FakeResponses.error(0x2000, "no viable input")));
    assertThatThrownBy(() -> session.execute("BAD CQL")).isInstanceOf(SyntaxErrorException.class);
    assertThat(events)
        .containsExactly(
            "start|BAD CQL|ks|null|0|false",
            "error|BAD CQL|ks|127.0.0.1|1|false|SyntaxErrorException");
  }

  @Test
  void should_count_attempts_across_retries() {
    connect(3, CqlSession.builder());
    PreparedStatement insert = session.prepare(INSERT);
    cluster.behave(INSERT, Behaviour.error(FakeResponses.error(0x1001, "overloaded")));
    events.clear();
    // Idempotent and overloaded everywhere: tried on each of the three nodes, then failed.
    assertThatThrownBy(() -> session.execute(insert.bind(1, "x").withIdempotent(true)))
        .isInstanceOf(AllNodesFailedException.class);
    assertThat(events).hasSize(2);
    assertThat(events.get(1))
        .startsWith("error|" + INSERT + "|ks|127.0.0.")
        .endsWith("|3|false|AllNodesFailedException");
  }

  @Test
  void should_tell_a_refusal_by_the_throttler() {
    connect(1, CqlSession.builder().withThrottling(1, 0));
    session.prepare(SELECT);
    cluster.behave(SELECT, Behaviour.delay(300));
    events.clear();
    CompletableFuture<AsyncResultSet> first = session.executeAsync(SELECT, 1).toCompletableFuture();
    assertThatThrownBy(() -> session.executeAsync(SELECT, 2).toCompletableFuture().join())
        .hasCauseInstanceOf(RequestThrottledException.class);
    first.join().close();
    assertThat(events)
        .contains("error|" + SELECT + "|ks|null|0|false|RequestThrottledException")
        .filteredOn(event -> event.startsWith("success|"))
        .hasSize(1);
  }

  @Test
  void should_keep_requests_working_when_a_listener_throws() {
    RequestListener broken =
        new RequestListener() {
          @Override
          public Object onStart(RequestInfo request) {
            throw new IllegalStateException("broken on start");
          }

          @Override
          public void onSuccess(RequestInfo request, @Nullable Object context) {
            throw new IllegalStateException("broken on success");
          }

          @Override
          public void onError(RequestInfo request, @Nullable Object context, Throwable error) {
            throw new IllegalStateException("broken on error");
          }
        };
    connect(1, CqlSession.builder().addRequestListener(broken));
    session.execute(SELECT, 1).close();
    assertThat(events).hasSize(2).last().asString().startsWith("success|");
  }
}
