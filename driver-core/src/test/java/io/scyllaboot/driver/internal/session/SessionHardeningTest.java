package io.scyllaboot.driver.internal.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.CqlSessionBuilder;
import io.scyllaboot.driver.api.cql.AsyncResultSet;
import io.scyllaboot.driver.api.cql.PreparedStatement;
import io.scyllaboot.driver.api.error.ConnectionException;
import io.scyllaboot.driver.api.error.DriverTimeoutException;
import io.scyllaboot.driver.api.error.UnsupportedStatementException;
import io.scyllaboot.driver.api.error.WriteTimeoutException;
import io.scyllaboot.driver.api.metadata.Node;
import io.scyllaboot.driver.api.metadata.NodeState;
import io.scyllaboot.driver.internal.protocol.Opcodes;
import io.scyllaboot.driver.internal.protocol.Primitives;
import io.scyllaboot.driver.internal.routing.Murmur3;
import io.scyllaboot.driver.testing.fakenode.FakeCluster;
import io.scyllaboot.driver.testing.fakenode.FakeCluster.Behaviour;
import io.scyllaboot.driver.testing.fakenode.FakeClusterFixture;
import io.scyllaboot.driver.testing.fakenode.FakeNode;
import io.scyllaboot.driver.testing.fakenode.FakeRequest;
import io.scyllaboot.driver.testing.fakenode.FakeResponses;
import io.scyllaboot.driver.testing.fakenode.FakeResponses.Column;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Regression tests for session-layer defects, against a fake cluster built from our codec: the
 * throttler, retries of requests never sent and of write timeouts, client timestamps, USE, start-up
 * failures, schema agreement with a node down, event debouncing, and a node coming back.
 */
class SessionHardeningTest {
  private static final int PORT = 19045;
  private static final String INSERT = FakeClusterFixture.INSERT;
  private static final String SELECT = FakeClusterFixture.SELECT;
  private static final List<Column> KV = FakeClusterFixture.KV;

  @RegisterExtension final FakeClusterFixture fixture = new FakeClusterFixture();
  private FakeCluster cluster;
  private CqlSession session;

  private void start(int nodes) {
    cluster = fixture.start(new FakeCluster(nodes, PORT));
  }

  private CqlSession connect(CqlSessionBuilder builder) {
    session =
        fixture.open(builder.withReconnectionDelays(Duration.ofMillis(50), Duration.ofMillis(200)));
    return session;
  }

  private static long tokenOfInt(int key) {
    ByteBuf bytes = Unpooled.buffer(4).writeInt(key);
    try {
      return Murmur3.token(bytes, 0, 4);
    } finally {
      bytes.release();
    }
  }

  /** A key whose token the given node owns (node i owns the i-th slice of the ring). */
  private int keyOwnedBy(int nodeIndex) {
    for (int key = 0; ; key++) {
      long token = tokenOfInt(key);
      FakeNode best = null;
      for (FakeNode node : cluster.nodes()) {
        long nodeToken = Long.parseLong(node.tokens().iterator().next());
        if (nodeToken >= token
            && (best == null || nodeToken < Long.parseLong(best.tokens().iterator().next()))) {
          best = node;
        }
      }
      if (best == cluster.node(nodeIndex)) {
        return key;
      }
    }
  }

  // ---- 4. the throttler

  @Test
  void should_complete_every_throttled_request_and_keep_serving_when_queued_ones_time_out() {
    start(1);
    connect(
        CqlSession.builder().withThrottling(1, 10_000).withRequestTimeout(Duration.ofMillis(200)));
    session.prepare(SELECT);
    cluster.behave(SELECT, Behaviour.delay(50));
    List<CompletableFuture<AsyncResultSet>> calls = new ArrayList<>();
    for (int i = 0; i < 10_000; i++) {
      calls.add(session.executeAsync(SELECT, i).toCompletableFuture());
    }
    await().atMost(Duration.ofSeconds(20)).until(() -> calls.stream().allMatch(f -> f.isDone()));
    long succeeded = 0;
    for (CompletableFuture<AsyncResultSet> call : calls) {
      try {
        call.join().close();
        succeeded++;
      } catch (CompletionException e) {
        assertThat(e.getCause()).isInstanceOf(DriverTimeoutException.class);
      }
    }
    assertThat(succeeded).isPositive();
    cluster.clearBehaviour(SELECT);
    assertThat(session.execute(SELECT, 1).one().getString(0)).isEqualTo("value");
  }

  // ---- 5. retries

  @Test
  void should_move_requests_that_were_never_written_to_the_next_node_even_if_not_idempotent() {
    start(2);
    connect(CqlSession.builder().withMaxRequestsPerConnection(2).withIdempotentByDefault(false));
    PreparedStatement select = session.prepare(SELECT);
    int key = keyOwnedBy(0);
    cluster.behave(SELECT, Behaviour.silence().onNode(0));
    // Two requests take node 0's two stream ids; the next ones wait for an id, unsent.
    List<CompletableFuture<AsyncResultSet>> calls = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      calls.add(session.executeAsync(select.bind(key)).toCompletableFuture());
    }
    Node node0 = nodeAt(0);
    await().until(() -> node0.inFlightRequests() == 2);
    cluster.node(0).stop();
    await().atMost(Duration.ofSeconds(5)).until(() -> calls.stream().allMatch(f -> f.isDone()));
    long failed = calls.stream().filter(CompletableFuture::isCompletedExceptionally).count();
    assertThat(failed).as("only the two written requests fail (not idempotent)").isEqualTo(2);
    for (CompletableFuture<AsyncResultSet> call : calls) {
      if (!call.isCompletedExceptionally()) {
        AsyncResultSet page = call.join();
        assertThat(page.executionInfo().coordinator()).isEqualTo(cluster.node(1).address());
        assertThat(page.executionInfo().attempts()).hasSize(2);
        assertThat(page.one().getString(0)).isEqualTo("value");
      } else {
        assertThatThrownBy(call::join).hasCauseInstanceOf(ConnectionException.class);
      }
    }
  }

  private static java.util.function.Consumer<ByteBuf> writeTimeout(String writeType) {
    return out -> {
      out.writeInt(0x1100);
      Primitives.writeString(out, "write timeout");
      out.writeShort(4).writeInt(1).writeInt(2);
      Primitives.writeString(out, writeType);
    };
  }

  @Test
  void should_retry_a_write_timeout_only_for_an_idempotent_batch_log_write() {
    start(1);
    connect(CqlSession.builder());
    PreparedStatement insert = session.prepare(INSERT);
    FakeNode node = cluster.node(0);
    for (String type : List.of("SIMPLE", "CAS", "COUNTER", "BATCH_LOG")) {
      cluster.behave(INSERT, Behaviour.error(writeTimeout(type)));
      node.clearReceived();
      assertThatThrownBy(() -> session.execute(insert.bind(1, "x").withIdempotent(true)))
          .isInstanceOf(WriteTimeoutException.class);
      int expected = type.equals("BATCH_LOG") ? 2 : 1;
      assertThat(node.received(Opcodes.EXECUTE)).as(type).hasSize(expected);
      node.clearReceived();
      assertThatThrownBy(() -> session.execute(insert.bind(1, "x").withIdempotent(false)))
          .isInstanceOf(WriteTimeoutException.class);
      assertThat(node.received(Opcodes.EXECUTE)).as(type + ", not idempotent").hasSize(1);
    }
  }

  // ---- 6. client timestamps

  @Test
  void should_send_strictly_increasing_client_timestamps_with_every_request() throws Exception {
    start(1);
    // A burst of 2000 on a loaded machine may take longer than the default timeout: this test is
    // about timestamps, not time.
    connect(CqlSession.builder().withRequestTimeout(Duration.ofSeconds(60)));
    session.prepare(INSERT);
    FakeNode node = cluster.node(0);
    node.clearReceived();
    long before = System.currentTimeMillis() * 1000;
    List<CompletableFuture<AsyncResultSet>> calls = new ArrayList<>();
    for (int i = 0; i < 2000; i++) {
      calls.add(session.executeAsync(INSERT, i, "v").toCompletableFuture());
    }
    CompletableFuture.allOf(calls.toArray(new CompletableFuture<?>[0])).get(60, TimeUnit.SECONDS);
    List<FakeRequest> executes = node.received(Opcodes.EXECUTE);
    assertThat(executes).hasSize(2000);
    Set<Long> distinct = new HashSet<>();
    for (FakeRequest request : executes) {
      assertThat(request.timestamp()).isGreaterThanOrEqualTo(before);
      distinct.add(request.timestamp());
    }
    assertThat(distinct).as("no two requests share a timestamp").hasSize(2000);

    node.clearReceived();
    session.execute(session.prepare(INSERT).bind(1, "x").withTimestamp(42)).close();
    assertThat(node.received(Opcodes.EXECUTE).get(0).timestamp()).isEqualTo(42);
  }

  @Test
  void should_send_no_client_timestamp_when_turned_off() {
    start(1);
    connect(CqlSession.builder().withClientTimestamps(false));
    FakeNode node = cluster.node(0);
    session.execute(INSERT, 1, "v").close();
    assertThat(node.received(Opcodes.EXECUTE).get(0).timestamp())
        .isEqualTo(FakeRequest.NO_TIMESTAMP);
  }

  @Test
  void should_generate_strictly_increasing_timestamps_across_threads() throws Exception {
    ClientTimestamps timestamps = new ClientTimestamps();
    int threads = 4;
    int each = 50_000;
    long[][] seen = new long[threads][each];
    List<Thread> workers = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      int index = t;
      Thread worker =
          new Thread(
              () -> {
                for (int i = 0; i < each; i++) {
                  seen[index][i] = timestamps.next();
                }
              });
      workers.add(worker);
      worker.start();
    }
    for (Thread worker : workers) {
      worker.join();
    }
    Set<Long> all = new HashSet<>();
    for (long[] perThread : seen) {
      for (int i = 0; i < each; i++) {
        if (i > 0) {
          assertThat(perThread[i]).isGreaterThan(perThread[i - 1]);
        }
        all.add(perThread[i]);
      }
    }
    assertThat(all).hasSize(threads * each);
  }

  // ---- 3. USE

  @Test
  void should_refuse_use_where_it_would_switch_one_connection_and_stay_usable() {
    start(1);
    connect(CqlSession.builder());
    for (String use : List.of("USE other", "  use \"Other\"", "/* why */ USE other;", "use")) {
      assertThatThrownBy(() -> session.prepare(use))
          .as(use)
          .isInstanceOf(UnsupportedStatementException.class)
          .hasMessageContaining("withKeyspace");
      assertThatThrownBy(() -> session.executeInSession(pinned -> pinned.execute(use)))
          .isInstanceOf(UnsupportedStatementException.class);
    }
    assertThat(UseStatements.isUse("user_id")).isFalse();
    assertThat(UseStatements.isUse("SELECT * FROM users")).isFalse();
    assertThat(cluster.node(0).received(Opcodes.QUERY))
        .noneMatch(r -> r.query().toLowerCase().contains("other"));
    assertThat(session.execute(SELECT, 1).one().getString(0)).isEqualTo("value");
  }

  @Test
  void should_switch_every_connection_of_every_node_on_use() {
    start(2);
    connect(CqlSession.builder().withConnectionsPerNode(3));
    await()
        .atMost(Duration.ofSeconds(5))
        .until(
            () ->
                session.metadata().nodes().stream().allMatch(node -> node.openConnections() == 3));
    session.execute("USE other").close();
    assertThat(session.keyspace()).isEqualTo("other");
    for (int n = 0; n < 2; n++) {
      assertThat(cluster.node(n).received(Opcodes.QUERY))
          .as("node %d: one USE per connection", n)
          .filteredOn(r -> r.query().equals("USE other"))
          .hasSize(3);
    }
    assertThat(session.execute(SELECT, 1).one().getString(0)).isEqualTo("value");
  }

  @Test
  void should_leave_every_connection_in_the_keyspace_of_the_last_of_two_concurrent_uses() {
    start(1);
    connect(CqlSession.builder().withConnectionsPerNode(3));
    await()
        .atMost(Duration.ofSeconds(5))
        .until(() -> session.metadata().nodes().iterator().next().openConnections() == 3);
    cluster.behave("USE a", FakeCluster.Behaviour.delay(200));
    CompletableFuture<?> first = session.executeAsync("USE a").toCompletableFuture();
    CompletableFuture<?> second = session.executeAsync("USE b").toCompletableFuture();
    CompletableFuture.allOf(first, second).join();
    Map<String, String> lastUse = new HashMap<>();
    for (FakeRequest request : cluster.node(0).received(Opcodes.QUERY)) {
      if (request.query().startsWith("USE ")) {
        lastUse.put(request.connection(), request.query().substring(4));
      }
    }
    assertThat(lastUse).hasSize(3);
    assertThat(lastUse.values())
        .as("each connection's last USE is the session's keyspace")
        .containsOnly(session.keyspace());
  }

  @Test
  void should_keep_a_case_sensitive_keyspace_quoted_for_the_connections_it_opens() {
    start(1);
    connect(CqlSession.builder());
    session.execute("USE \"Other\"").close();
    assertThat(session.keyspace())
        .as("as USE and withKeyspace take it: the server's Other lower-cased unquoted")
        .isEqualTo("\"Other\"");
  }

  // ---- 2. start-up

  @Test
  void should_start_without_token_awareness_on_a_random_partitioner_cluster() {
    start(2);
    cluster.partitioner("org.apache.cassandra.dht.RandomPartitioner");
    cluster.node(0).tokens(Set.of("85070591730234615865843651857942052864"));
    cluster.node(1).tokens(Set.of("170141183460469231731687303715884105727"));
    CompletableFuture<CqlSession> started =
        CqlSession.builder()
            .addContactPoint(cluster.node(0).address())
            .withConnectTimeout(Duration.ofSeconds(1))
            .buildAsync()
            .toCompletableFuture();
    await().atMost(Duration.ofSeconds(10)).until(started::isDone);
    session = fixture.track(started.join());
    for (int i = 0; i < 10; i++) {
      assertThat(session.execute(SELECT, i).one().getString(0)).isEqualTo("value");
    }
  }

  @Test
  void should_fail_build_within_its_bound_when_the_contact_point_never_answers() {
    start(1);
    cluster.behave("SELECT * FROM system.local WHERE key='local'", Behaviour.silence());
    CompletableFuture<CqlSession> started =
        CqlSession.builder()
            .addContactPoint(cluster.node(0).address())
            .withConnectTimeout(Duration.ofMillis(300))
            .withInitQueryTimeout(Duration.ofSeconds(30))
            .buildAsync()
            .toCompletableFuture();
    await().atMost(Duration.ofSeconds(5)).until(started::isDone);
    assertThatThrownBy(started::join).hasCauseInstanceOf(DriverTimeoutException.class);
  }

  // ---- 7. schema agreement and events

  @Test
  void should_not_wait_for_schema_agreement_of_a_node_that_is_down() {
    start(3);
    String ddl = "CREATE TABLE ks.t2 (k int PRIMARY KEY)";
    connect(
        CqlSession.builder()
            .withSchemaAgreementTimeout(Duration.ofSeconds(30))
            .withRequestTimeout(Duration.ofSeconds(30)));
    FakeNode down = cluster.node(2);
    down.schemaVersion(new UUID(7, 7));
    down.stop();
    Node view = nodeAt(2);
    await().atMost(Duration.ofSeconds(10)).until(() -> view.state() == NodeState.DOWN);
    CompletableFuture<AsyncResultSet> created = session.executeAsync(ddl).toCompletableFuture();
    await().atMost(Duration.ofSeconds(5)).until(created::isDone);
    created.join().close();
  }

  @Test
  void should_wait_for_the_version_of_the_ddl_coordinator_not_an_old_agreement() {
    start(2);
    String ddl = "CREATE TABLE ks.t3 (k int PRIMARY KEY)";
    // The control node (0) refuses the DDL as bootstrapping: it runs on node 1.
    cluster.behave(ddl, Behaviour.error(FakeResponses.error(0x1002, "bootstrapping")).onNode(0));
    connect(CqlSession.builder().withSchemaAgreementTimeout(Duration.ofSeconds(30)));
    UUID changed = new UUID(9, 9);
    // Node 1 applied the change; gossip still shows the old version everywhere.
    cluster.node(1).ownSchemaVersion(changed);
    CompletableFuture<AsyncResultSet> created = session.executeAsync(ddl).toCompletableFuture();
    await().pollDelay(Duration.ofMillis(600)).until(() -> true);
    assertThat(created).as("no agreement on the old version").isNotDone();
    cluster.nodes().forEach(node -> node.schemaVersion(changed));
    await().atMost(Duration.ofSeconds(5)).until(created::isDone);
    assertThat(created.join().executionInfo().coordinator()).isEqualTo(cluster.node(1).address());
  }

  @Test
  void should_refresh_once_for_a_burst_of_schema_events() {
    start(2);
    connect(CqlSession.builder());
    FakeNode control = cluster.node(0);
    int before = localQueries(control);
    for (int i = 0; i < 30; i++) {
      control.pushEvent(
          out -> {
            // Keyspace changes: a table's does not refresh the topology at all (issue 32).
            Primitives.writeString(out, "SCHEMA_CHANGE");
            Primitives.writeString(out, "UPDATED");
            Primitives.writeString(out, "KEYSPACE");
            Primitives.writeString(out, "ks");
          });
    }
    await().atMost(Duration.ofSeconds(5)).until(() -> localQueries(control) > before);
    // Give a second, late refresh the chance to show up before counting.
    await()
        .pollDelay(Duration.ofMillis(4 * Cluster.REFRESH_DEBOUNCE_MILLIS))
        .atMost(Duration.ofSeconds(5))
        .until(() -> true);
    assertThat(localQueries(control) - before).isBetween(1, 2);
  }

  private static int localQueries(FakeNode node) {
    return (int)
        node.received(Opcodes.QUERY).stream()
            .filter(r -> r.query().equals("SELECT * FROM system.local WHERE key='local'"))
            .count();
  }

  // ---- 12. a node that comes back

  @Test
  void should_reconnect_at_once_when_a_node_is_reported_up_during_a_long_backoff() {
    start(2);
    session =
        CqlSession.builder()
            .addContactPoint(cluster.node(0).address())
            .withReconnectionDelays(Duration.ofSeconds(20), Duration.ofSeconds(60))
            .build();
    FakeNode returning = cluster.node(1);
    Node view = nodeAt(1);
    returning.stop();
    await().atMost(Duration.ofSeconds(10)).until(() -> view.state() == NodeState.DOWN);
    returning.start();
    cluster
        .node(0)
        .pushEvent(
            out -> {
              Primitives.writeString(out, "STATUS_CHANGE");
              Primitives.writeString(out, "UP");
              Primitives.writeInet(out, returning.address());
            });
    await().atMost(Duration.ofSeconds(5)).until(() -> view.state() == NodeState.UP);
    assertThat(view.openConnections()).isPositive();
  }

  private Node nodeAt(int index) {
    return session.metadata().nodes().stream()
        .filter(n -> n.address().equals(cluster.node(index).address()))
        .findFirst()
        .orElseThrow();
  }
}
