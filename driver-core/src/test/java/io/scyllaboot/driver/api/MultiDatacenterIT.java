package io.scyllaboot.driver.api;

import static io.scyllaboot.driver.testing.DatacenterCluster.address;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.scyllaboot.driver.api.cql.PreparedStatement;
import io.scyllaboot.driver.api.cql.ResultSet;
import io.scyllaboot.driver.api.cql.SimpleStatement;
import io.scyllaboot.driver.api.error.AllNodesFailedException;
import io.scyllaboot.driver.api.error.InvalidQueryException;
import io.scyllaboot.driver.api.metadata.Node;
import io.scyllaboot.driver.api.metrics.DriverMetric;
import io.scyllaboot.driver.testing.CassandraNode;
import io.scyllaboot.driver.testing.DatacenterCluster;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Rack awareness and remote-DC failover on a real two-datacenter cluster
 * (scripts/cassandra-dc-cluster.sh: dc1 = 127.0.0.21 rack1 and 127.0.0.22 rack2, dc2 = 127.0.0.23).
 * The keyspace has two replicas in dc1 (both of its nodes: every key has a replica in each rack)
 * and one in dc2. The last test stops dc1's nodes and leaves them down (the next run's {@code
 * ensureRunning} starts them; CI stops the cluster after the suite). A profile with its own data
 * center routes to dc2 while dc1 is up and after it went down. Runs only with {@code -Pdc-cluster}.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class MultiDatacenterIT {
  private static final Duration DDL_TIMEOUT = Duration.ofSeconds(30);
  private static final int KEYS = 200;

  private static String keyspace;
  private static CqlSession admin;

  @BeforeAll
  static void createKeyspace() {
    DatacenterCluster.ensureRunning();
    admin = open(builder -> builder);
    keyspace = CassandraNode.uniqueKeyspace("dcs");
    ddl(
        "CREATE KEYSPACE "
            + keyspace
            + " WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 2, 'dc2': 1}");
    ddl("CREATE TABLE " + keyspace + ".kv (k int PRIMARY KEY, v int)");
    PreparedStatement insert =
        admin.prepare("INSERT INTO " + keyspace + ".kv (k, v) VALUES (?, ?)");
    for (int k = 0; k < KEYS; k++) {
      // ALL: dc2's replica has every row before dc1 goes away.
      admin.execute(insert.bind(k, k).withConsistency(ConsistencyLevel.ALL));
    }
  }

  @AfterAll
  static void close() {
    if (admin != null) {
      admin.close();
    }
  }

  static CqlSession open(UnaryOperator<CqlSessionBuilder> options) {
    CqlSessionBuilder builder =
        CqlSession.builder()
            .addContactPoint(address(1))
            .addContactPoint(address(2))
            .withLocalDatacenter(DatacenterCluster.DC1)
            .withRequestTimeout(Duration.ofSeconds(5))
            .withSchemaAgreementTimeout(Duration.ofSeconds(20));
    return options.apply(builder).build();
  }

  private static void ddl(String cql) {
    admin.execute(SimpleStatement.of(cql).withTimeout(DDL_TIMEOUT));
  }

  private static Map<InetSocketAddress, Integer> coordinators(CqlSession session) {
    PreparedStatement select = session.prepare("SELECT v FROM " + keyspace + ".kv WHERE k = ?");
    Map<InetSocketAddress, Integer> perNode = new HashMap<>();
    for (int k = 0; k < KEYS; k++) {
      ResultSet rows = session.execute(select.bind(k));
      assertThat(rows.one().getInt("v")).isEqualTo(k);
      perNode.merge(rows.executionInfo().coordinator(), 1, Integer::sum);
    }
    return perNode;
  }

  @Test
  @Order(1)
  void the_local_racks_replica_coordinates_every_routed_request() {
    try (CqlSession rack2 = open(builder -> builder.withLocalRack("rack2"));
        CqlSession rack1 = open(builder -> builder.withLocalRack("rack1"));
        CqlSession noRack = open(builder -> builder)) {
      assertThat(coordinators(rack2)).containsOnlyKeys(address(2)).containsValue(KEYS);
      assertThat(coordinators(rack1)).containsOnlyKeys(address(1)).containsValue(KEYS);
      assertThat(coordinators(noRack))
          .as("without a rack: both dc1 replicas, never dc2")
          .containsOnlyKeys(address(1), address(2));
    }
  }

  /** A session whose "remote" profile is dc2's, as the Apache driver's failover example has. */
  private static CqlSession withRemoteProfile() {
    return open(
        builder ->
            builder.withProfile(
                "remote",
                ExecutionProfile.of()
                    .withLocalDatacenter(DatacenterCluster.DC2)
                    .withConsistency(ConsistencyLevel.LOCAL_ONE)));
  }

  @Test
  @Order(2)
  void a_profiles_own_datacenter_coordinates_its_requests_and_names_its_errors_node() {
    try (CqlSession session = withRemoteProfile()) {
      assertThat(coordinators(session)).containsOnlyKeys(address(1), address(2));
      PreparedStatement select = session.prepare("SELECT v FROM " + keyspace + ".kv WHERE k = ?");
      for (int k = 0; k < 20; k++) {
        ResultSet rows = session.execute(select.bind(k).withProfile("remote"));
        assertThat(rows.one().getInt("v")).isEqualTo(k);
        assertThat(rows.executionInfo().coordinator()).isEqualTo(address(3));
      }
      assertThat(
              session
                  .execute(
                      SimpleStatement.of("SELECT v FROM " + keyspace + ".kv WHERE k = 3")
                          .withProfile("remote"))
                  .executionInfo()
                  .coordinator())
          .as("unrouted too")
          .isEqualTo(address(3));
      assertThatThrownBy(
              () ->
                  session.execute(
                      SimpleStatement.of("SELECT v FROM " + keyspace + ".missing")
                          .withProfile("remote")))
          .isInstanceOf(InvalidQueryException.class)
          .satisfies(
              e -> {
                Node coordinator = ((InvalidQueryException) e).coordinator();
                assertThat(coordinator.address()).isEqualTo(address(3));
                assertThat(coordinator.datacenter()).isEqualTo(DatacenterCluster.DC2);
              });
    }
  }

  @Test
  @Order(3)
  void with_dc1_down_one_fails_over_to_dc2_and_local_quorum_does_not() {
    SimpleMeterRegistry registry = new SimpleMeterRegistry();
    try (CqlSession failover =
            open(
                builder ->
                    builder
                        .withRemoteDatacenterFailover(1, false)
                        .withMeterRegistry(registry)
                        .withSessionName("failover"));
        CqlSession localToo = open(builder -> builder.withRemoteDatacenterFailover(1, true));
        CqlSession localOnly = open(builder -> builder);
        CqlSession profiled = withRemoteProfile()) {
      SimpleStatement one =
          SimpleStatement.of("SELECT v FROM " + keyspace + ".kv WHERE k = 7")
              .withConsistency(ConsistencyLevel.ONE);
      SimpleStatement localQuorum = one.withConsistency(ConsistencyLevel.LOCAL_QUORUM);
      ResultSet before = failover.execute(one);
      assertThat(before.executionInfo().remoteDatacenter()).isFalse();
      assertThat(before.executionInfo().coordinator()).isIn(address(1), address(2));

      DatacenterCluster.stop(1);
      DatacenterCluster.stop(2);

      ResultSet remote =
          await()
              .atMost(Duration.ofSeconds(60))
              .ignoreExceptions()
              .until(() -> failover.execute(one), rows -> true);
      assertThat(remote.one().getInt("v")).isEqualTo(7);
      assertThat(remote.executionInfo().coordinator()).isEqualTo(address(3));
      assertThat(remote.executionInfo().remoteDatacenter()).isTrue();
      assertThat(
              registry
                  .get(DriverMetric.REMOTE_DC_REQUESTS.meterName())
                  .tag(DriverMetric.SESSION_TAG, "failover")
                  .counter()
                  .count())
          .isGreaterThanOrEqualTo(1);

      assertThatThrownBy(() -> failover.execute(localQuorum))
          .as("LOCAL_QUORUM never leaves dc1")
          .isInstanceOf(AllNodesFailedException.class);
      assertThatThrownBy(() -> localOnly.execute(one))
          .as("no failover configured")
          .isInstanceOf(AllNodesFailedException.class);
      ResultSet allowed =
          await()
              .atMost(Duration.ofSeconds(60))
              .ignoreExceptions()
              .until(() -> localToo.execute(localQuorum), rows -> true);
      assertThat(allowed.executionInfo().coordinator())
          .as("allow-for-local-consistency-levels: LOCAL_QUORUM of dc2's coordinator")
          .isEqualTo(address(3));
      assertThatThrownBy(() -> profiled.execute(localQuorum))
          .as("the default profile stays in dc1")
          .isInstanceOf(AllNodesFailedException.class);
      ResultSet failedOver = profiled.execute(localQuorum.withProfile("remote"));
      assertThat(failedOver.one().getInt("v"))
          .as("the application's failover: the same statement in the remote profile")
          .isEqualTo(7);
      assertThat(failedOver.executionInfo().coordinator()).isEqualTo(address(3));
    }
  }
}
