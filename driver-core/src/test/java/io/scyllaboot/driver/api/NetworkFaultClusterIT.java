package io.scyllaboot.driver.api;

import static io.scyllaboot.driver.testing.CassandraCluster.address;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import io.scyllaboot.driver.api.cql.ResultSet;
import io.scyllaboot.driver.api.cql.Row;
import io.scyllaboot.driver.api.cql.SimpleStatement;
import io.scyllaboot.driver.testing.ApacheDriver;
import io.scyllaboot.driver.testing.ApacheLinkTranslator;
import io.scyllaboot.driver.testing.CassandraCluster;
import io.scyllaboot.driver.testing.CassandraNode;
import io.scyllaboot.driver.testing.ClusterFigures;
import io.scyllaboot.driver.testing.FaultyLink;
import io.scyllaboot.driver.testing.NetworkFaultFigures;
import io.scyllaboot.driver.testing.SteadyLoad;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Network faults of one node of the real 3-node cluster under steady load, for our driver (its
 * defaults) and the Apache Java driver 4.19 at the same time: latency, packet loss and a one-way
 * partition. This machine's kernel has no netem and no iptables, so both drivers reach node 3
 * through a {@link FaultyLink} of the test tree (by address translation; the contact points are
 * nodes 1 and 2, which are not translated) that makes each fault as TCP shows it to an application.
 * Figures are printed as {@code [cluster-figure]} lines; what must hold is asserted: every request
 * completes, no acknowledged write is lost, no read misses one, and our defaults fail no more
 * requests than the Apache driver (plus a small margin). Timings are reported, not asserted. Runs
 * only with {@code -Pcluster}, in about a minute.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class NetworkFaultClusterIT {
  private static final int CONCURRENCY = 32;
  private static final int RATE = 150; // requests per second and driver
  private static final int FAULTY = 3;
  private static final Duration FAULT = Duration.ofSeconds(5);
  private static final Duration DDL_TIMEOUT = Duration.ofSeconds(30);

  /**
   * What our failures may exceed the Apache driver's by: a request or two in flight at a transition
   * may go either way on a loaded machine.
   */
  private static final int MARGIN = 3;

  private static FaultyLink link;
  private static InetAddress faulty;
  private static String keyspace;
  private static CqlSession session;
  private static com.datastax.oss.driver.api.core.CqlSession apache;
  private static long classStart;

  @BeforeAll
  static void open() {
    classStart = System.nanoTime();
    CassandraCluster.ensureRunning();
    link = new FaultyLink(address(FAULTY), 32);
    faulty = link.address().getAddress();
    InetSocketAddress node = address(FAULTY);
    List<InetSocketAddress> contactPoints = List.of(address(1), address(2));
    CqlSessionBuilder builder =
        CqlSession.builder()
            .withSessionName("scylla")
            .withLocalDatacenter(CassandraCluster.DATACENTER)
            .withSchemaAgreementTimeout(Duration.ofSeconds(20))
            .withAddressTranslator(address -> address.equals(node) ? link.address() : address);
    contactPoints.forEach(builder::addContactPoint);
    session = builder.build();
    ApacheLinkTranslator.route(node, link.address());
    apache =
        com.datastax.oss.driver.api.core.CqlSession.builder()
            .addContactPoints(contactPoints)
            .withLocalDatacenter(CassandraCluster.DATACENTER)
            .withConfigLoader(
                DriverConfigLoader.programmaticBuilder()
                    .withString(DefaultDriverOption.SESSION_NAME, "apache")
                    .withString(
                        DefaultDriverOption.ADDRESS_TRANSLATOR_CLASS,
                        ApacheLinkTranslator.class.getName())
                    // As ApacheDriver.open: only the initial connection and DDL wait this long.
                    .withDuration(
                        DefaultDriverOption.CONNECTION_INIT_QUERY_TIMEOUT, Duration.ofSeconds(5))
                    .withDuration(
                        DefaultDriverOption.CONTROL_CONNECTION_TIMEOUT, Duration.ofSeconds(5))
                    .withDuration(
                        DefaultDriverOption.CONTROL_CONNECTION_AGREEMENT_TIMEOUT,
                        Duration.ofSeconds(20))
                    .build())
            .build();
    keyspace = CassandraNode.uniqueKeyspace("netfault");
    ddl(
        "CREATE KEYSPACE "
            + keyspace
            + " WITH replication = {'class': 'NetworkTopologyStrategy', 'datacenter1': 3}");
    ddl("CREATE TABLE " + keyspace + ".kv_scylla (k int PRIMARY KEY, v int)");
    ddl("CREATE TABLE " + keyspace + ".kv_apache (k int PRIMARY KEY, v int)");
    ApacheDriver.awaitTablesOnEveryNode(apache, keyspace, "kv_scylla", "kv_apache");
    awaitBothDriversUseTheLink();
    ClusterFigures.print(
        "cluster", "network_fault_setup_s", (System.nanoTime() - classStart) / 1_000_000_000);
  }

  /** Both drivers have node 3 through the link, and it coordinates their requests. */
  private static void awaitBothDriversUseTheLink() {
    SimpleStatement ours = SimpleStatement.of("SELECT release_version FROM system.local");
    com.datastax.oss.driver.api.core.cql.SimpleStatement theirs =
        com.datastax.oss.driver.api.core.cql.SimpleStatement.newInstance(
            "SELECT release_version FROM system.local");
    boolean[] seen = new boolean[2]; // ours, theirs
    await("node 3 coordinates requests of both drivers through the link")
        .atMost(Duration.ofSeconds(30))
        .pollInterval(Duration.ofMillis(20))
        .until(
            () -> {
              try (ResultSet rs = session.execute(ours)) {
                seen[0] |= rs.executionInfo().coordinator().equals(link.address());
              }
              seen[1] |=
                  link.address()
                      .equals(
                          apache
                              .execute(theirs)
                              .getExecutionInfo()
                              .getCoordinator()
                              .getEndPoint()
                              .resolve());
              return seen[0] && seen[1];
            });
    await("both drivers connected through the link")
        .atMost(Duration.ofSeconds(30))
        .until(() -> link.accepted() >= 2);
  }

  @AfterEach
  void healed() {
    link.heal();
  }

  @AfterAll
  static void close() {
    try {
      if (session != null) {
        ddl("DROP KEYSPACE IF EXISTS " + keyspace);
        session.close();
      }
      if (apache != null) {
        apache.close();
      }
      if (link != null) {
        link.close();
      }
    } finally {
      ClusterFigures.print(
          "cluster", "network_fault_class_s", (System.nanoTime() - classStart) / 1_000_000_000);
    }
  }

  /**
   * +100 ms each way, so +200 ms a round trip: every request through node 3 is that much slower.
   */
  @Test
  @Order(1)
  void latency_of_one_node() throws Exception {
    run(
        "latency_200ms",
        0,
        false,
        new NetworkFaultFigures.Fault() {
          @Override
          public void apply() {
            link.latency(Duration.ofMillis(100));
          }

          @Override
          public void heal() {
            link.heal();
          }
        });
  }

  /** 5% of the segments each way lost, each recovered a retransmission timeout later. */
  @Test
  @Order(2)
  void packet_loss_of_one_node() throws Exception {
    run(
        "loss_5pct",
        1,
        true,
        new NetworkFaultFigures.Fault() {
          @Override
          public void apply() {
            link.loss(0.05);
          }

          @Override
          public void heal() {
            link.heal();
          }
        });
  }

  /**
   * Node 3's answers dropped, its requests delivered: it applies the writes it gets, whose
   * acknowledgements arrive only after the heal (or never reach a driver that gave up).
   */
  @Test
  @Order(3)
  void one_way_partition_of_one_node() throws Exception {
    Map<String, NetworkFaultFigures> figures =
        run(
            "partition",
            2,
            true,
            new NetworkFaultFigures.Fault() {
              @Override
              public void apply() {
                link.partition();
              }

              @Override
              public void heal() {
                link.heal();
              }
            });
    assertThat(link.heldChunks()).as("answers the partition held").isPositive();
  }

  /**
   * Runs the fault for both drivers and checks what must hold; {@code compareFailures}: whether our
   * failed requests are bounded by the Apache driver's (plus {@link #MARGIN}).
   */
  private Map<String, NetworkFaultFigures> run(
      String name, int index, boolean compareFailures, NetworkFaultFigures.Fault fault)
      throws InterruptedException {
    // Each fault writes its own range of keys in the two tables.
    int offset = index * 1_000_000;
    Map<String, SteadyLoad.Target> targets = new LinkedHashMap<>();
    targets.put(
        "scylla", offset(ClusterFaultIT.scyllaTarget(session, keyspace + ".kv_scylla"), offset));
    targets.put("apache", offset(ApacheDriver.target(apache, keyspace + ".kv_apache"), offset));
    // Every request completes: underLoad throws if one is still in flight 30 s after the load.
    Map<String, NetworkFaultFigures> figures =
        NetworkFaultFigures.underLoad(name, targets, CONCURRENCY, RATE, faulty, fault, FAULT);
    NetworkFaultFigures ours = figures.get("scylla");
    NetworkFaultFigures theirs = figures.get("apache");
    long oursLost = lostWrites("kv_scylla", ours.acknowledged(), offset);
    long theirsLost = lostWrites("kv_apache", theirs.acknowledged(), offset);
    ClusterFigures.print("scylla", name + "_lost_acknowledged_writes", oursLost);
    ClusterFigures.print("apache", name + "_lost_acknowledged_writes", theirsLost);
    assertThat(oursLost).as("acknowledged writes of ours missing").isZero();
    assertThat(theirsLost).as("acknowledged writes of the Apache driver missing").isZero();
    assertThat(ours.load().lostReads()).as("reads of ours that missed a write").isEmpty();
    assertThat(theirs.load().lostReads())
        .as("reads of the Apache driver that missed a write")
        .isEmpty();
    ClusterFigures.print(
        "scylla",
        name + "_failed_within_apache_plus_" + MARGIN,
        ours.failed() <= theirs.failed() + MARGIN);
    if (!compareFailures) {
      return figures;
    }
    assertThat(ours.failed())
        .as(
            name
                + ": failed requests of ours "
                + ours.load().failuresByKind()
                + ", against the Apache driver's "
                + theirs.failed())
        .isLessThanOrEqualTo(theirs.failed() + MARGIN);
    return figures;
  }

  /** The target with every key moved by {@code offset}, so that each fault has its own keys. */
  private static SteadyLoad.Target offset(SteadyLoad.Target target, int offset) {
    return new SteadyLoad.Target() {
      @Override
      public CompletionStage<SteadyLoad.Outcome> write(int key, int value) {
        return target.write(key + offset, value);
      }

      @Override
      public CompletionStage<SteadyLoad.Outcome> read(int key) {
        return target.read(key + offset);
      }
    };
  }

  /** Acknowledged writes (keys before the offset) not read back at QUORUM, all links healthy. */
  private static long lostWrites(String table, Map<Integer, Integer> acknowledged, int offset) {
    Map<Integer, Integer> stored = new HashMap<>();
    try (ResultSet rs =
        session.execute(
            SimpleStatement.of("SELECT k, v FROM " + keyspace + "." + table)
                .withConsistency(ConsistencyLevel.QUORUM)
                .withTimeout(Duration.ofSeconds(30)))) {
      for (Row row : rs) {
        stored.put(row.getInt(0), row.getInt(1));
      }
    }
    return acknowledged.entrySet().stream()
        .filter(e -> !e.getValue().equals(stored.get(e.getKey() + offset)))
        .count();
  }

  private static void ddl(String cql) {
    session.execute(SimpleStatement.of(cql).withTimeout(DDL_TIMEOUT));
  }
}
