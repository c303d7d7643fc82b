package io.scyllaboot.driver.internal.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.scyllaboot.driver.api.ConsistencyLevel;
import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.CqlSessionBuilder;
import io.scyllaboot.driver.api.ExecutionProfile;
import io.scyllaboot.driver.api.cql.PreparedStatement;
import io.scyllaboot.driver.api.cql.ResultSet;
import io.scyllaboot.driver.api.cql.SimpleStatement;
import io.scyllaboot.driver.api.cql.Statement;
import io.scyllaboot.driver.api.error.AllNodesFailedException;
import io.scyllaboot.driver.api.error.DriverException;
import io.scyllaboot.driver.api.error.OverloadedException;
import io.scyllaboot.driver.api.error.ReadTimeoutException;
import io.scyllaboot.driver.api.error.UnavailableException;
import io.scyllaboot.driver.api.error.UnknownProfileException;
import io.scyllaboot.driver.api.error.WriteTimeoutException;
import io.scyllaboot.driver.api.policy.ReconnectionPolicy;
import io.scyllaboot.driver.api.policy.RequestIdGenerator;
import io.scyllaboot.driver.api.policy.RetryDecision;
import io.scyllaboot.driver.api.policy.RetryPolicy;
import io.scyllaboot.driver.api.policy.SpeculativeExecutionPolicy;
import io.scyllaboot.driver.internal.protocol.Opcodes;
import io.scyllaboot.driver.internal.protocol.Primitives;
import io.scyllaboot.driver.testing.fakenode.FakeCluster;
import io.scyllaboot.driver.testing.fakenode.FakeCluster.Behaviour;
import io.scyllaboot.driver.testing.fakenode.FakeClusterFixture;
import io.scyllaboot.driver.testing.fakenode.FakeNode;
import io.scyllaboot.driver.testing.fakenode.FakeRequest;
import io.scyllaboot.driver.testing.fakenode.FakeResponses;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Retry and reconnection policies, execution profiles, request ids and custom payloads, and what a
 * connection says about its application, against a fake cluster of three nodes.
 */
class RequestPoliciesTest {
  private static final int PORT = 19842;
  private static final String INSERT = FakeClusterFixture.INSERT;
  private static final String SELECT = FakeClusterFixture.SELECT;

  @RegisterExtension final FakeClusterFixture fixture = new FakeClusterFixture();
  private FakeCluster cluster;
  private CqlSession session;

  private CqlSession start(CqlSessionBuilder builder) {
    cluster = fixture.start(new FakeCluster(3, PORT));
    session = fixture.connect(builder);
    return session;
  }

  private List<FakeRequest> executes() {
    List<FakeRequest> all = new ArrayList<>();
    for (FakeNode node : cluster.nodes()) {
      all.addAll(node.received(Opcodes.EXECUTE));
    }
    return all;
  }

  private static int executesOf(FakeNode node) {
    return node.received(Opcodes.EXECUTE).size();
  }

  private void clearReceived() {
    cluster.nodes().forEach(FakeNode::clearReceived);
  }

  private static Behaviour unavailable() {
    return Behaviour.error(
        out -> {
          out.writeInt(0x1000);
          Primitives.writeString(out, "not enough replicas");
          out.writeShort(4).writeInt(2).writeInt(1);
        });
  }

  private static Behaviour overloaded() {
    return Behaviour.error(FakeResponses.error(0x1001, "overloaded"));
  }

  @Test
  void should_not_retry_anything_with_the_fallthrough_policy() {
    start(CqlSession.builder().withRetryPolicy(RetryPolicy.fallthrough()));
    PreparedStatement select = session.prepare(SELECT);
    cluster.behave(SELECT, unavailable());
    clearReceived();
    assertThatThrownBy(() -> session.execute(select.bind(1).withIdempotent(true)))
        .isInstanceOf(UnavailableException.class);
    assertThat(executes()).as("the default would try a second node").hasSize(1);

    cluster.behave(SELECT, overloaded());
    clearReceived();
    assertThatThrownBy(() -> session.execute(select.bind(1).withIdempotent(true)))
        .isInstanceOf(OverloadedException.class);
    assertThat(executes()).hasSize(1);
  }

  @Test
  void should_follow_a_custom_policy_decision_with_the_statement_and_retry_count_it_was_given() {
    List<String> asked = new ArrayList<>();
    RetryPolicy twiceElsewhere =
        new RetryPolicy() {
          @Override
          public RetryDecision onReadTimeout(
              Statement<?> statement, ReadTimeoutException error, int retries) {
            return RetryDecision.RETHROW;
          }

          @Override
          public RetryDecision onWriteTimeout(
              Statement<?> statement,
              WriteTimeoutException error,
              boolean idempotent,
              int retries) {
            return RetryDecision.RETHROW;
          }

          @Override
          public RetryDecision onUnavailable(
              Statement<?> statement, UnavailableException error, int retries) {
            asked.add("unavailable " + retries);
            return retries < 2 ? RetryDecision.RETRY_NEXT : RetryDecision.RETHROW;
          }

          @Override
          public RetryDecision onRequestError(
              Statement<?> statement, DriverException error, boolean idempotent, int retries) {
            asked.add(error.getClass().getSimpleName() + " " + idempotent);
            return RetryDecision.RETHROW;
          }
        };
    start(CqlSession.builder().withRetryPolicy(twiceElsewhere));
    PreparedStatement select = session.prepare(SELECT);
    cluster.behave(SELECT, unavailable());
    clearReceived();
    assertThatThrownBy(() -> session.execute(select.bind(1)))
        .isInstanceOf(UnavailableException.class);
    assertThat(asked).containsExactly("unavailable 0", "unavailable 1", "unavailable 2");
    assertThat(executes()).hasSize(3);
    assertThat(executes()).extracting(FakeRequest::connection).doesNotHaveDuplicates();

    asked.clear();
    cluster.behave(SELECT, overloaded());
    assertThatThrownBy(() -> session.execute(select.bind(1)))
        .isInstanceOf(OverloadedException.class);
    assertThat(asked).containsExactly("OverloadedException false");
  }

  @Test
  void should_apply_a_profile_under_the_statement_own_options() {
    start(
        CqlSession.builder()
            .withProfile(
                "strong",
                ExecutionProfile.of()
                    .withConsistency(ConsistencyLevel.QUORUM)
                    .withIdempotent(true)
                    .withRetryPolicy(RetryPolicy.fallthrough())));
    PreparedStatement select = session.prepare(SELECT);
    clearReceived();
    session.execute(select.bind(1).withProfile("strong")).close();
    session
        .execute(select.bind(1).withProfile("strong").withConsistency(ConsistencyLevel.TWO))
        .close();
    session.execute(select.bind(1)).close();
    assertThat(executes())
        .extracting(FakeRequest::consistency)
        .containsExactlyInAnyOrder(
            ConsistencyLevel.QUORUM.code(),
            ConsistencyLevel.TWO.code(),
            ConsistencyLevel.LOCAL_ONE.code());

    // The profile's retry policy: fallthrough, though the profile makes the statement idempotent.
    cluster.behave(SELECT, overloaded());
    clearReceived();
    assertThatThrownBy(() -> session.execute(select.bind(1).withProfile("strong")))
        .isInstanceOf(OverloadedException.class);
    assertThat(executes()).hasSize(1);
    clearReceived();
    assertThatThrownBy(() -> session.execute(select.bind(1).withIdempotent(true)))
        .isInstanceOf(AllNodesFailedException.class);
    assertThat(executes()).as("the session's default policy retries elsewhere").hasSize(3);
  }

  @Test
  void should_fail_a_statement_naming_an_unknown_profile_unsent_and_stay_usable() {
    start(CqlSession.builder().withProfile("known", ExecutionProfile.of()));
    PreparedStatement select = session.prepare(SELECT);
    clearReceived();
    assertThatThrownBy(() -> session.execute(SimpleStatement.of(SELECT, 1).withProfile("typo")))
        .isInstanceOfSatisfying(
            UnknownProfileException.class,
            e -> {
              assertThat(e.profile()).isEqualTo("typo");
              assertThat(e).hasMessageContaining("'typo'").hasMessageContaining("[known]");
            });
    assertThatThrownBy(() -> session.execute(select.bind(1).withProfile("typo")))
        .isInstanceOf(UnknownProfileException.class);
    assertThat(cluster.nodes())
        .allMatch(node -> node.received(Opcodes.QUERY).isEmpty() && executesOf(node) == 0);
    try (ResultSet rs = session.execute(select.bind(1).withProfile("known"))) {
      assertThat(rs.one().getString(0)).isEqualTo("value");
    }
  }

  @Test
  void should_send_the_same_request_id_with_every_retry_and_a_new_one_per_request() {
    AtomicInteger ids = new AtomicInteger();
    start(CqlSession.builder().withRequestIdGenerator(statement -> "req-" + ids.incrementAndGet()));
    PreparedStatement insert = session.prepare(INSERT);
    cluster.behave(INSERT, overloaded());
    clearReceived();
    assertThatThrownBy(() -> session.execute(insert.bind(7, "x").withIdempotent(true)))
        .isInstanceOf(AllNodesFailedException.class);
    assertThat(executes())
        .hasSize(3)
        .extracting(request -> request.customPayload().get("request-id"))
        .containsOnly("req-1");
    cluster.clearBehaviour(INSERT);
    clearReceived();
    session.execute(insert.bind(8, "y")).close();
    session.execute(SimpleStatement.of(INSERT, 9, "z")).close();
    assertThat(executes())
        .extracting(r -> r.customPayload().get("request-id"))
        .containsOnly("req-2");
    List<FakeRequest> queries = new ArrayList<>();
    cluster.nodes().forEach(node -> queries.addAll(node.received(Opcodes.QUERY)));
    assertThat(queries)
        .filteredOn(q -> INSERT.equals(q.query()))
        .extracting(q -> q.customPayload().get("request-id"))
        .containsExactly("req-3");
  }

  @Test
  void should_keep_the_request_id_on_a_speculative_execution() {
    start(
        CqlSession.builder()
            .withRequestIdGenerator(RequestIdGenerator.uuid())
            .withSpeculativeExecution(
                SpeculativeExecutionPolicy.constantDelay(Duration.ofMillis(50), 1)));
    PreparedStatement select = session.prepare(SELECT);
    cluster.behave(SELECT, Behaviour.delay(400));
    clearReceived();
    try (ResultSet rs = session.execute(select.bind(1).withIdempotent(true))) {
      assertThat(rs.executionInfo().speculativeExecutions()).isEqualTo(1);
    }
    await().until(() -> executes().size() == 2);
    List<FakeRequest> sent = executes();
    assertThat(sent.get(0).customPayload().get("request-id"))
        .matches("[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}")
        .isEqualTo(sent.get(1).customPayload().get("request-id"));
  }

  @Test
  void should_send_a_statement_custom_payload_and_let_its_own_request_id_win() {
    start(CqlSession.builder().withRequestIdGenerator(statement -> "generated"));
    PreparedStatement select = session.prepare(SELECT);
    clearReceived();
    Map<String, ByteBuffer> payload =
        Map.of(
            "tenant", ByteBuffer.wrap("acme".getBytes(StandardCharsets.UTF_8)),
            "request-id", ByteBuffer.wrap("mine".getBytes(StandardCharsets.UTF_8)));
    try (ResultSet rs = session.execute(select.bind(1).withCustomPayload(payload))) {
      assertThat(rs.one().getString(0)).isEqualTo("value");
    }
    try (ResultSet rs =
        session.execute(
            select.bind(1).withCustomPayload(Map.of("tenant", payload.get("tenant"))))) {
      assertThat(rs.one().getString(0)).isEqualTo("value");
    }
    assertThat(executes())
        .extracting(FakeRequest::customPayload)
        .containsExactly(
            Map.of("tenant", "acme", "request-id", "mine"),
            Map.of("tenant", "acme", "request-id", "generated"));
    assertThat(payload.get("tenant").remaining()).as("the buffer is not consumed").isEqualTo(4);
  }

  @Test
  void should_announce_the_application_in_startup_and_read_the_local_row_by_key() {
    start(CqlSession.builder().withApplication("orders-service", "2.4.1"));
    List<FakeRequest> startups = cluster.node(0).received(Opcodes.STARTUP);
    assertThat(startups).isNotEmpty();
    assertThat(startups.get(0).startupOptions())
        .containsEntry("APPLICATION_NAME", "orders-service")
        .containsEntry("APPLICATION_VERSION", "2.4.1")
        .containsEntry("DRIVER_NAME", "Scylla Boot")
        .containsKey("DRIVER_VERSION")
        // A node that offers no client options (Apache Cassandra) gets none.
        .doesNotContainKeys("CLIENT_OPTIONS", "DRIVER_CONFIG", "SESSION_ID");
    assertThat(cluster.node(0).received(Opcodes.QUERY))
        .extracting(FakeRequest::query)
        .contains("SELECT * FROM system.local WHERE key='local'")
        .doesNotContain("SELECT * FROM system.local");
  }

  @Test
  void should_send_no_application_options_when_none_is_configured() {
    start(CqlSession.builder());
    assertThat(cluster.node(0).received(Opcodes.STARTUP).get(0).startupOptions())
        .doesNotContainKeys("APPLICATION_NAME", "APPLICATION_VERSION");
    clearReceived();
    session.execute(SimpleStatement.of(SELECT, 1)).close();
    assertThat(cluster.nodes().stream().flatMap(n -> n.received(Opcodes.QUERY).stream()))
        .allMatch(request -> request.customPayload().isEmpty() && (request.headerFlags() & 4) == 0);
  }

  @Test
  void should_reconnect_on_the_schedule_of_the_configured_policy() {
    AtomicInteger schedules = new AtomicInteger();
    AtomicInteger delays = new AtomicInteger();
    ReconnectionPolicy counting =
        () -> {
          schedules.incrementAndGet();
          return () -> {
            delays.incrementAndGet();
            return Duration.ofMillis(20);
          };
        };
    start(CqlSession.builder().withReconnectionPolicy(counting));
    cluster.node(2).stop();
    await().until(() -> delays.get() >= 2);
    cluster.node(2).start();
    await()
        .until(
            () ->
                session.metadata().nodes().stream()
                    .allMatch(n -> n.state() == io.scyllaboot.driver.api.metadata.NodeState.UP));
    assertThat(schedules).hasPositiveValue();
  }

  private boolean allUp() {
    return session.metadata().nodes().stream()
        .allMatch(n -> n.state() == io.scyllaboot.driver.api.metadata.NodeState.UP);
  }

  @Test
  void should_keep_reconnecting_on_the_default_schedule_when_the_policy_throws() {
    AtomicInteger calls = new AtomicInteger();
    ReconnectionPolicy throwing =
        () ->
            () -> {
              if (calls.incrementAndGet() >= 2) {
                throw new IllegalStateException("a defect of the application's policy");
              }
              return Duration.ofMillis(20);
            };
    start(CqlSession.builder().withReconnectionPolicy(throwing));
    cluster.node(2).stop();
    await().until(() -> calls.get() >= 2);
    cluster.node(2).start();
    // The default schedule's first delay is 1 s: the node is reached again soon after.
    await("the restarted node is reached again")
        .atMost(Duration.ofSeconds(8))
        .pollInterval(Duration.ofMillis(50))
        .until(this::allUp);
  }

  @Test
  void should_not_reconnect_in_a_tight_loop_when_the_policy_gives_no_delay() throws Exception {
    AtomicInteger delays = new AtomicInteger();
    ReconnectionPolicy zero =
        () ->
            () -> {
              delays.incrementAndGet();
              return Duration.ZERO;
            };
    start(CqlSession.builder().withReconnectionPolicy(zero));
    cluster.node(2).stop();
    await().until(() -> delays.get() >= 1);
    int before = delays.get();
    Thread.sleep(1_000); // the passing of time is the subject: attempts within one second
    int attempts = delays.get() - before;
    // The delay is raised to the 100 ms minimum: at most about 10 attempts a second.
    assertThat(attempts).as("reconnection attempts in one second").isBetween(1, 12);
    cluster.node(2).start();
    await().atMost(Duration.ofSeconds(5)).until(this::allUp);
  }
}
