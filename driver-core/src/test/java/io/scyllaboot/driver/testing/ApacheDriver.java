package io.scyllaboot.driver.testing;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.cql.ExecutionInfo;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.TokenMap;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The Apache Cassandra Java driver (4.19), as the peer the cluster tests compare with and as an
 * independent oracle of which nodes are a key's replicas.
 */
public final class ApacheDriver {
  private ApacheDriver() {}

  /**
   * A session on these contact points with the driver's defaults (2 s request timeout, exponential
   * reconnection 1 s to 60 s), the same as ours.
   */
  public static CqlSession open(List<InetSocketAddress> contactPoints) {
    return CqlSession.builder()
        .addContactPoints(contactPoints)
        .withLocalDatacenter(CassandraCluster.DATACENTER)
        .withConfigLoader(
            DriverConfigLoader.programmaticBuilder()
                .withString(DefaultDriverOption.SESSION_NAME, "apache")
                // Only the initial connection and DDL wait this long; requests keep 2 s.
                .withDuration(
                    DefaultDriverOption.CONNECTION_INIT_QUERY_TIMEOUT, Duration.ofSeconds(5))
                .withDuration(DefaultDriverOption.CONTROL_CONNECTION_TIMEOUT, Duration.ofSeconds(5))
                .withDuration(
                    DefaultDriverOption.CONTROL_CONNECTION_AGREEMENT_TIMEOUT,
                    Duration.ofSeconds(20))
                .build())
        .build();
  }

  /** Runs DDL with a timeout that a schema change on a busy 3-node cluster needs. */
  public static void ddl(CqlSession session, String cql) {
    session.execute(SimpleStatement.newInstance(cql).setTimeout(Duration.ofSeconds(30)));
  }

  /**
   * Waits (at most 30 s) until every node lists these tables of {@code keyspace} in its own schema,
   * asking each node directly; returns how long that took after the call.
   */
  public static long awaitTablesOnEveryNode(CqlSession session, String keyspace, String... tables) {
    long start = System.nanoTime();
    org.awaitility.Awaitility.await("tables " + List.of(tables) + " on every node")
        .atMost(Duration.ofSeconds(30))
        .pollInterval(Duration.ofMillis(100))
        .until(
            () ->
                session.getMetadata().getNodes().values().stream()
                    .allMatch(node -> hasTables(session, node, keyspace, tables)));
    return (System.nanoTime() - start) / 1_000_000;
  }

  private static boolean hasTables(
      CqlSession session, Node node, String keyspace, String[] tables) {
    try {
      Set<String> names = new HashSet<>();
      session
          .execute(
              SimpleStatement.newInstance(
                      "SELECT table_name FROM system_schema.tables WHERE keyspace_name = ?",
                      keyspace)
                  .setNode(node))
          .forEach(row -> names.add(row.getString(0)));
      return names.containsAll(List.of(tables));
    } catch (RuntimeException e) {
      return false;
    }
  }

  /**
   * The load's statements on {@code keyspace.table (k int PRIMARY KEY, v int)}: QUORUM writes and
   * reads, both marked idempotent.
   */
  public static SteadyLoad.Target target(CqlSession session, String table) {
    return target(session, table, true);
  }

  /** As {@link #target(CqlSession, String)}, the writes idempotent as {@code idempotentWrites}. */
  public static SteadyLoad.Target target(
      CqlSession session, String table, boolean idempotentWrites) {
    PreparedStatement insert = session.prepare("INSERT INTO " + table + " (k, v) VALUES (?, ?)");
    PreparedStatement select = session.prepare("SELECT v FROM " + table + " WHERE k = ?");
    return new SteadyLoad.Target() {
      @Override
      public java.util.concurrent.CompletionStage<SteadyLoad.Outcome> write(int key, int value) {
        return session
            .executeAsync(
                insert
                    .bind(key, value)
                    .setIdempotent(idempotentWrites)
                    .setConsistencyLevel(DefaultConsistencyLevel.QUORUM))
            .thenApply(rs -> outcome(rs.getExecutionInfo(), null));
      }

      @Override
      public java.util.concurrent.CompletionStage<SteadyLoad.Outcome> read(int key) {
        return session
            .executeAsync(
                select
                    .bind(key)
                    .setIdempotent(true)
                    .setConsistencyLevel(DefaultConsistencyLevel.QUORUM))
            .thenApply(
                rs -> {
                  Row row = rs.one();
                  return outcome(rs.getExecutionInfo(), row == null ? null : row.getInt(0));
                });
      }
    };
  }

  private static SteadyLoad.Outcome outcome(ExecutionInfo info, Integer value) {
    Set<InetAddress> tried = new HashSet<>();
    for (Map.Entry<Node, Throwable> error : info.getErrors()) {
      tried.add(address(error.getKey()).getAddress());
    }
    InetSocketAddress coordinator = address(info.getCoordinator());
    tried.add(coordinator.getAddress());
    return new SteadyLoad.Outcome(coordinator, tried, value);
  }

  private static InetSocketAddress address(Node node) {
    return (InetSocketAddress) node.getEndPoint().resolve();
  }

  /** The replicas of an {@code int} partition key in {@code keyspace}, from the driver's map. */
  public static Set<InetAddress> replicas(CqlSession session, String keyspace, int key) {
    TokenMap tokens =
        session
            .getMetadata()
            .getTokenMap()
            .orElseThrow(() -> new IllegalStateException("the Apache driver has no token map"));
    ByteBuffer routingKey = ByteBuffer.allocate(4).putInt(0, key);
    return tokens.getReplicas(keyspace, routingKey).stream()
        .map(node -> address(node).getAddress())
        .collect(Collectors.toSet());
  }
}
