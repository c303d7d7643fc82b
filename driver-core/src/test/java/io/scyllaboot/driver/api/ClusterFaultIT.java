package io.scyllaboot.driver.api;

import static io.scyllaboot.driver.testing.CassandraCluster.address;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.scyllaboot.driver.api.cql.AsyncResultSet;
import io.scyllaboot.driver.api.cql.ExecutionInfo;
import io.scyllaboot.driver.api.cql.PreparedStatement;
import io.scyllaboot.driver.api.cql.ResultSet;
import io.scyllaboot.driver.api.cql.Row;
import io.scyllaboot.driver.api.cql.SimpleStatement;
import io.scyllaboot.driver.api.policy.SpeculativeExecutionPolicy;
import io.scyllaboot.driver.testing.ApacheDriver;
import io.scyllaboot.driver.testing.CassandraCluster;
import io.scyllaboot.driver.testing.CassandraNode;
import io.scyllaboot.driver.testing.ClusterFigures;
import io.scyllaboot.driver.testing.FreezeFigures;
import io.scyllaboot.driver.testing.ShortStallFigures;
import io.scyllaboot.driver.testing.SteadyLoad;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.slf4j.LoggerFactory;

/**
 * The driver on a real 3-node cluster (scripts/cassandra-cluster.sh) whose nodes are killed,
 * frozen, stopped and restarted, with the Apache Java driver 4.19 run through the same load and
 * faults for comparison. Each test leaves every node up. Figures are printed as {@code
 * [cluster-figure]} lines. Runs only with {@code -Pcluster}.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ClusterFaultIT {
  private static final int CONCURRENCY = 32;
  private static final int RATE = 150; // requests per second and driver
  private static final int VICTIM = 3;
  private static final int FREEZE_SECONDS = 20;
  // The short stalls' load: the other scenarios' rate (400 requests/s and driver overloaded the
  // 2-core machine: both drivers timed out on every node), and room for a 1.5 s stall's backlog.
  private static final int STALL_RATE = RATE;
  private static final int STALL_CONCURRENCY = 128;

  private static final Duration DDL_TIMEOUT = Duration.ofSeconds(30);

  private static String keyspace;
  private static String routingKeyspace;
  private static CqlSession session;
  private static com.datastax.oss.driver.api.core.CqlSession apache;

  @BeforeAll
  static void open() {
    CassandraCluster.ensureRunning();
    session = openSession("scylla", CassandraCluster.addresses());
    apache = ApacheDriver.open(CassandraCluster.addresses());
    keyspace = CassandraNode.uniqueKeyspace("fault");
    routingKeyspace = CassandraNode.uniqueKeyspace("routing");
    ddl(
        "CREATE KEYSPACE "
            + keyspace
            + " WITH replication = {'class': 'NetworkTopologyStrategy', 'datacenter1': 3}");
    ddl(
        "CREATE KEYSPACE "
            + routingKeyspace
            + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
    for (String table :
        List.of(
            "kv_scylla",
            "kv_apache",
            "kv_frozen_default",
            "kv_frozen_spec",
            "kv_stall_scylla",
            "kv_stall_apache")) {
      ddl("CREATE TABLE " + keyspace + "." + table + " (k int PRIMARY KEY, v int)");
    }
    ddl("CREATE TABLE " + routingKeyspace + ".kv (k int PRIMARY KEY, v int)");
    // Our DDL returned after schema agreement; if a node still lacks a table now, the agreement
    // was premature (reported as a figure: 0 when every node already had them).
    ClusterFigures.print(
        "scylla",
        "schema_on_every_node_after_ddl_ms",
        ApacheDriver.awaitTablesOnEveryNode(apache, keyspace, "kv_scylla", "kv_apache")
            + ApacheDriver.awaitTablesOnEveryNode(apache, routingKeyspace, "kv"));
  }

  static CqlSession openSession(String name, List<InetSocketAddress> contactPoints) {
    return openSession(name, contactPoints, SpeculativeExecutionPolicy.NONE);
  }

  static CqlSession openSession(
      String name, List<InetSocketAddress> contactPoints, SpeculativeExecutionPolicy policy) {
    CqlSessionBuilder builder =
        CqlSession.builder()
            .withSessionName(name)
            .withLocalDatacenter(CassandraCluster.DATACENTER)
            .withSchemaAgreementTimeout(Duration.ofSeconds(20))
            .withSpeculativeExecution(policy);
    contactPoints.forEach(builder::addContactPoint);
    return builder.build();
  }

  @AfterEach
  void allNodesUp() {
    CassandraCluster.ensureRunning();
  }

  @AfterAll
  static void close() {
    if (session != null) {
      ddl("DROP KEYSPACE IF EXISTS " + keyspace);
      ddl("DROP KEYSPACE IF EXISTS " + routingKeyspace);
      session.close();
    }
    if (apache != null) {
      apache.close();
    }
  }

  @Test
  @Order(1)
  void prepared_single_partition_statements_are_coordinated_by_their_replica() {
    // RF 1: one replica per key, so a coordinator chosen at random would miss two times in three.
    apache.refreshSchema();
    PreparedStatement insert =
        session.prepare("INSERT INTO " + routingKeyspace + ".kv (k, v) VALUES (?, ?)");
    PreparedStatement select =
        session.prepare("SELECT v FROM " + routingKeyspace + ".kv WHERE k = ?");
    int keys = 300;
    int onReplica = 0;
    Map<Integer, Integer> perNode = new HashMap<>();
    for (int k = 0; k < keys; k++) {
      Set<InetAddress> replicas = ApacheDriver.replicas(apache, routingKeyspace, k);
      assertThat(replicas).hasSize(1);
      InetSocketAddress wrote = coordinator(session.execute(insert.bind(k, k)));
      InetSocketAddress read = coordinator(session.execute(select.bind(k)));
      if (replicas.contains(wrote.getAddress()) && replicas.contains(read.getAddress())) {
        onReplica++;
      }
      perNode.merge(CassandraCluster.indexOf(wrote), 1, Integer::sum);
    }
    ClusterFigures.print("scylla", "routing_on_replica", onReplica + "/" + keys + " keys");
    assertThat(perNode).as("keys per node").hasSize(CassandraCluster.SIZE);
    assertThat(onReplica).isEqualTo(keys);
  }

  /**
   * A node frozen (SIGSTOP: its sockets stay open, nothing is answered) for 20 s under load, then
   * resumed, for our driver with its defaults, ours with speculative execution on, and the Apache
   * driver with its defaults, at the same time. Our defaults move the idempotent requests stuck on
   * the frozen node after the unresponsive-node timeout (500 ms) and send new ones elsewhere; with
   * speculative execution a slow request is also sent to the next node after 50 ms.
   */
  @Test
  @Order(2)
  void a_frozen_node_costs_no_request_and_with_speculative_execution_no_latency() throws Exception {
    try (CqlSession defaults = openSession("frozen-default", CassandraCluster.addresses());
        CqlSession speculative =
            openSession(
                "frozen-spec",
                CassandraCluster.addresses(),
                SpeculativeExecutionPolicy.constantDelay(Duration.ofMillis(50), 2))) {
      Map<String, SteadyLoad.Target> targets = new LinkedHashMap<>();
      targets.put("scylla", scyllaTarget(defaults, keyspace + ".kv_frozen_default"));
      targets.put("scylla-speculative", scyllaTarget(speculative, keyspace + ".kv_frozen_spec"));
      targets.put("apache", ApacheDriver.target(apache, keyspace + ".kv_apache"));
      Map<String, FreezeFigures> figures =
          FreezeFigures.freezeUnderLoad(
              targets, CONCURRENCY, RATE, VICTIM, Duration.ofSeconds(FREEZE_SECONDS));
      assertAllReadBack(keyspace + ".kv_frozen_default", figures.get("scylla").acknowledged());
      assertAllReadBack(
          keyspace + ".kv_frozen_spec", figures.get("scylla-speculative").acknowledged());
      FreezeFigures ours = figures.get("scylla");
      FreezeFigures spec = figures.get("scylla-speculative");
      FreezeFigures theirs = figures.get("apache");
      assertThat(ours.load().lostReads()).isEmpty();
      assertThat(spec.load().lostReads()).isEmpty();
      assertThat(ours.failed())
          .as("failed requests with our defaults, against the Apache driver's " + theirs.failed())
          .isLessThanOrEqualTo(theirs.failed());
      assertThat(spec.failed()).as("failed requests with speculative execution").isZero();
      // The target is a p99 under 100 ms. On a loaded 2-core machine the coordinators that
      // wait for the frozen replica can be slow for every driver: then the bound is relative. (A
      // strictly relative bound failed CI at 78 ms against the Apache driver's 75: two noisy
      // samples, both under the target.)
      ClusterFigures.print("scylla-speculative", "freeze_p99_under_100_ms", spec.p99Millis() < 100);
      assertThat(spec.p99Millis())
          .as(
              "p99 ms during the freeze with speculative execution: under 100, or else no more than"
                  + " the Apache driver's")
          .isLessThanOrEqualTo(Math.max(99, theirs.p99Millis()));
    }
  }

  /**
   * Short stalls, as GC pauses and reactor stalls are: node 3 SIGSTOPped for 0.3, 0.7 and 1.5 s,
   * twice each, under steady load whose writes are not idempotent, ours (defaults, 2 s request
   * timeout) and the Apache driver side by side. Every stall is shorter than the request timeout:
   * with our defaults no request fails, and no acknowledged write is lost by either driver.
   */
  @Test
  @Order(2)
  void short_stalls_fail_no_request_with_our_defaults() throws Exception {
    try (CqlSession defaults = openSession("stall-default", CassandraCluster.addresses())) {
      Map<String, SteadyLoad.Target> targets = new LinkedHashMap<>();
      targets.put("scylla", scyllaTarget(defaults, keyspace + ".kv_stall_scylla", false));
      targets.put("apache", ApacheDriver.target(apache, keyspace + ".kv_stall_apache", false));
      List<Duration> stalls = new ArrayList<>();
      for (int round = 0; round < 2; round++) {
        stalls.add(Duration.ofMillis(300));
        stalls.add(Duration.ofMillis(700));
        stalls.add(Duration.ofMillis(1_500));
      }
      Map<String, ShortStallFigures> figures =
          ShortStallFigures.stallUnderLoad(targets, STALL_CONCURRENCY, STALL_RATE, VICTIM, stalls);
      assertAllReadBack(keyspace + ".kv_stall_scylla", figures.get("scylla").acknowledged());
      assertAllReadBack(keyspace + ".kv_stall_apache", figures.get("apache").acknowledged());
      ShortStallFigures ours = figures.get("scylla");
      assertThat(ours.load().lostReads()).isEmpty();
      assertThat(ours.failed())
          .as("failed requests with our defaults: %s", ours.load().failuresByKind())
          .isZero();
    }
  }

  @Test
  @Order(3)
  void a_node_killed_under_load_costs_few_requests_and_loses_no_acknowledged_write()
      throws Exception {
    // Both drivers at once: the same kill at the same moment on the same machine.
    Map<String, SteadyLoad.Target> targets = new LinkedHashMap<>();
    targets.put("scylla", scyllaTarget(session, keyspace + ".kv_scylla"));
    targets.put("apache", ApacheDriver.target(apache, keyspace + ".kv_apache"));
    Map<String, ClusterFigures> figures =
        ClusterFigures.killUnderLoad(targets, CONCURRENCY, RATE, VICTIM);
    // Every acknowledged write of either driver is there; the peer is measured, not judged.
    assertAllReadBack(keyspace + ".kv_scylla", figures.get("scylla").acknowledged());
    assertAllReadBack(keyspace + ".kv_apache", figures.get("apache").acknowledged());
    figures.get("scylla").assertBounds(CONCURRENCY);
  }

  @Test
  @Order(4)
  void with_the_control_node_stopped_events_still_arrive_and_ddl_reaches_agreement() {
    ListAppender<ILoggingEvent> warnings = captureWarnings();
    // One contact point: the control connection is on node 1, the first that accepts.
    try (CqlSession watcher = openSession("watcher", List.of(address(1)))) {
      CassandraCluster.stop(1);

      long building = System.nanoTime();
      try (CqlSession late = openSession("late", CassandraCluster.addresses())) {
        ClusterFigures.print("scylla", "build_first_contact_down_ms", millisSince(building));
        try (ResultSet rs = late.execute("SELECT release_version FROM system.local")) {
          assertThat(rs.one()).isNotNull();
        }
      }

      // A keyspace created elsewhere: only a SCHEMA_CHANGE event on the moved control connection
      // can tell the watcher its replication, and so route its keys to their one replica.
      String created = CassandraNode.uniqueKeyspace("event");
      ApacheDriver.ddl(
          apache,
          "CREATE KEYSPACE "
              + created
              + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
      ApacheDriver.ddl(apache, "CREATE TABLE " + created + ".kv (k int PRIMARY KEY, v int)");
      Map<Integer, Set<InetAddress>> liveKeys = new HashMap<>();
      for (int k = 0; liveKeys.size() < 40; k++) {
        Set<InetAddress> replicas = ApacheDriver.replicas(apache, created, k);
        if (!replicas.contains(address(1).getAddress())) {
          liveKeys.put(k, replicas);
        }
      }
      PreparedStatement select = watcher.prepare("SELECT v FROM " + created + ".kv WHERE k = ?");
      long eventWait = System.nanoTime();
      await("the watcher routes the new keyspace's keys to their replica")
          .atMost(Duration.ofSeconds(15))
          .pollInterval(Duration.ofMillis(200))
          .until(
              () ->
                  liveKeys.entrySet().stream()
                      .allMatch(
                          key ->
                              key.getValue()
                                  .contains(
                                      coordinator(watcher.execute(select.bind(key.getKey())))
                                          .getAddress())));
      ClusterFigures.print("scylla", "schema_event_seen_ms", millisSince(eventWait));

      long ddl = System.nanoTime();
      watcher.execute(
          SimpleStatement.of(
                  "CREATE TABLE " + keyspace + ".made_with_node1_down (k int PRIMARY KEY)")
              .withTimeout(DDL_TIMEOUT));
      ClusterFigures.print("scylla", "ddl_with_node_down_ms", millisSince(ddl));
      assertThat(List.copyOf(warnings.list))
          .as("warnings of the driver while node 1 is down")
          .filteredOn(event -> event.getLevel().isGreaterOrEqual(Level.WARN))
          .noneMatch(event -> event.getFormattedMessage().contains("agreement"));

      // STATUS_CHANGE UP of node 1 arrives on the moved control connection.
      Process starting = CassandraCluster.startInBackground(1);
      long up = awaitPort(1);
      SimpleStatement anyNode = SimpleStatement.of("SELECT release_version FROM system.local");
      await("node 1 coordinates requests of the watcher again")
          .atMost(Duration.ofSeconds(30))
          .pollInterval(Duration.ofMillis(100))
          .until(() -> coordinator(watcher.execute(anyNode)).equals(address(1)));
      ClusterFigures.print("scylla", "control_node_back_in_use_ms", millisSince(up));
      CassandraCluster.await(starting);
      ApacheDriver.ddl(apache, "DROP KEYSPACE " + created);
    } finally {
      stopCapturing(warnings);
    }
  }

  @Test
  @Order(5)
  void after_every_node_went_down_and_came_back_the_same_session_recovers_by_itself() {
    SimpleStatement read =
        SimpleStatement.of("SELECT v FROM " + keyspace + ".kv_scylla WHERE k = 0")
            .withConsistency(ConsistencyLevel.QUORUM);
    com.datastax.oss.driver.api.core.cql.SimpleStatement apacheRead =
        com.datastax.oss.driver.api.core.cql.SimpleStatement.newInstance(
                "SELECT v FROM " + keyspace + ".kv_apache WHERE k = 0")
            .setConsistencyLevel(com.datastax.oss.driver.api.core.DefaultConsistencyLevel.QUORUM);
    CassandraCluster.stopAll();
    assertThat(succeeds(() -> session.execute(read).close())).isFalse();
    Process starting = CassandraCluster.startAllInBackground();
    for (int n = 1; n <= CassandraCluster.SIZE; n++) {
      awaitPort(n);
    }
    long up = System.nanoTime(); // every node answers CQL again
    long[] recovered = {-1, -1};
    await("both sessions run requests again")
        .atMost(Duration.ofSeconds(90))
        .pollInterval(Duration.ofMillis(250))
        .until(
            () -> {
              if (recovered[0] < 0 && succeeds(() -> session.execute(read).close())) {
                recovered[0] = millisSince(up);
              }
              if (recovered[1] < 0 && succeeds(() -> apache.execute(apacheRead))) {
                recovered[1] = millisSince(up);
              }
              return recovered[0] >= 0 && recovered[1] >= 0;
            });
    CassandraCluster.await(starting);
    ClusterFigures.print("scylla", "all_down_recovery_ms", recovered[0]);
    ClusterFigures.print("apache", "all_down_recovery_ms", recovered[1]);
    // Pools retry on an exponential schedule capped at the 60 s default.
    assertThat(recovered[0]).isLessThanOrEqualTo(60_000);
  }

  /** DDL on a busy 3-node cluster can take longer than the 2 s request timeout. */
  private static void ddl(String cql) {
    session.execute(SimpleStatement.of(cql).withTimeout(DDL_TIMEOUT));
  }

  static SteadyLoad.Target scyllaTarget(CqlSession session, String table) {
    return scyllaTarget(session, table, true);
  }

  /** Reads are idempotent; writes as {@code idempotentWrites} says. */
  static SteadyLoad.Target scyllaTarget(
      CqlSession session, String table, boolean idempotentWrites) {
    PreparedStatement insert = session.prepare("INSERT INTO " + table + " (k, v) VALUES (?, ?)");
    PreparedStatement select = session.prepare("SELECT v FROM " + table + " WHERE k = ?");
    return new SteadyLoad.Target() {
      @Override
      public CompletionStage<SteadyLoad.Outcome> write(int key, int value) {
        return session
            .executeAsync(
                insert
                    .bind(key, value)
                    .withIdempotent(idempotentWrites)
                    .withConsistency(ConsistencyLevel.QUORUM))
            .thenApply(rs -> outcome(rs, false));
      }

      @Override
      public CompletionStage<SteadyLoad.Outcome> read(int key) {
        return session
            .executeAsync(
                select.bind(key).withIdempotent(true).withConsistency(ConsistencyLevel.QUORUM))
            .thenApply(rs -> outcome(rs, true));
      }
    };
  }

  private static SteadyLoad.Outcome outcome(AsyncResultSet rs, boolean read) {
    try (rs) {
      ExecutionInfo info = rs.executionInfo();
      Set<InetAddress> tried = new HashSet<>();
      info.attempts().forEach(attempt -> tried.add(attempt.node().getAddress()));
      tried.add(info.coordinator().getAddress());
      Row row = read ? rs.one() : null;
      return new SteadyLoad.Outcome(info.coordinator(), tried, row == null ? null : row.getInt(0));
    }
  }

  private static InetSocketAddress coordinator(ResultSet rs) {
    try (rs) {
      return rs.executionInfo().coordinator();
    }
  }

  /** Every acknowledged write is there: one QUORUM scan of the table, all nodes up. */
  private static void assertAllReadBack(String table, Map<Integer, Integer> acknowledged) {
    Map<Integer, Integer> stored = new HashMap<>();
    try (ResultSet rs =
        session.execute(
            SimpleStatement.of("SELECT k, v FROM " + table)
                .withConsistency(ConsistencyLevel.QUORUM)
                .withTimeout(Duration.ofSeconds(30)))) {
      for (Row row : rs) {
        stored.put(row.getInt(0), row.getInt(1));
      }
    }
    List<Integer> missing = new ArrayList<>();
    acknowledged.forEach(
        (k, v) -> {
          if (!v.equals(stored.get(k))) {
            missing.add(k);
          }
        });
    assertThat(missing).as("acknowledged writes missing from " + table).isEmpty();
  }

  private static long awaitPort(int n) {
    await("node " + n + " opens its CQL port")
        .atMost(Duration.ofSeconds(180))
        .pollInterval(Duration.ofMillis(50))
        .until(() -> CassandraCluster.portOpen(n, Duration.ofMillis(200)));
    return System.nanoTime();
  }

  private static boolean succeeds(Runnable request) {
    try {
      request.run();
      return true;
    } catch (RuntimeException e) {
      return false;
    }
  }

  static long millisSince(long startNanos) {
    return (System.nanoTime() - startNanos) / 1_000_000;
  }

  private static ListAppender<ILoggingEvent> captureWarnings() {
    ListAppender<ILoggingEvent> appender = new ListAppender<>();
    appender.start();
    Logger logger = (Logger) LoggerFactory.getLogger("io.scyllaboot.driver");
    logger.addAppender(appender);
    return appender;
  }

  private static void stopCapturing(ListAppender<ILoggingEvent> appender) {
    ((Logger) LoggerFactory.getLogger("io.scyllaboot.driver")).detachAppender(appender);
    appender.stop();
  }
}
