package io.scyllaboot.benchmarks;

import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import io.scyllaboot.benchmarks.Clients.Client;
import io.scyllaboot.benchmarks.Clients.Workload;
import java.net.InetSocketAddress;
import java.util.UUID;
import java.util.concurrent.CompletionStage;

/**
 * The clients on the Apache Cassandra Java driver (or, on its classpath, ScyllaDB's fork): its
 * asynchronous API and Spring Data Cassandra's templates.
 */
final class ApacheClients {
  private ApacheClients() {}

  static com.datastax.oss.driver.api.core.CqlSession apacheSession(InetSocketAddress node) {
    DriverConfigLoader config =
        DriverConfigLoader.programmaticBuilder()
            .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, Clients.TIMEOUT)
            .withString(DefaultDriverOption.SESSION_NAME, "bench")
            .build();
    return com.datastax.oss.driver.api.core.CqlSession.builder()
        .addContactPoint(node)
        .withLocalDatacenter("datacenter1")
        .withConfigLoader(config)
        .build();
  }

  /**
   * The ScyllaDB Java driver 4.x: the Apache client's code on a classpath where the driver's jars
   * are ScyllaDB's fork (same packages, same API, shard-aware), which the harness sets up for this
   * client. Fails when the fork is not the one loaded.
   */
  static Client scyllaDbDriver() {
    try {
      // a class of the fork's sharding support, absent from the Apache driver
      Class.forName("com.datastax.oss.driver.api.core.metadata.NodeShardingInfo");
    } catch (ClassNotFoundException e) {
      throw new IllegalStateException(
          "scylladb-driver runs on the ScyllaDB driver's classpath"
              + " (benchmarks-scylladb-driver/target/lib), not on the Apache driver's",
          e);
    }
    return new ApacheAsync();
  }

  /** The Apache Cassandra Java driver, asynchronous API, prepared statements. */
  static final class ApacheAsync extends Client {
    private com.datastax.oss.driver.api.core.CqlSession session;
    private com.datastax.oss.driver.api.core.cql.PreparedStatement insert;
    private com.datastax.oss.driver.api.core.cql.PreparedStatement select;
    private com.datastax.oss.driver.api.core.cql.PreparedStatement selectKey;

    @Override
    void open(InetSocketAddress node) {
      session = apacheSession(node);
      insert = session.prepare(Clients.INSERT);
      select = session.prepare(Clients.SELECT);
      selectKey = session.prepare(Clients.SELECT_KEY);
    }

    @Override
    CompletionStage<?> async(Workload workload, UUID id, int i) {
      return switch (workload) {
        case INSERT -> session.executeAsync(insert.bind(id, i));
        case SELECT ->
            session
                .executeAsync(select.bind())
                .thenAccept(
                    page -> {
                      int rows = 0;
                      for (com.datastax.oss.driver.api.core.cql.Row row : page.currentPage()) {
                        row.getInt(1);
                        rows++;
                      }
                      Clients.check(rows == 10, "10 rows");
                    });
        case SELECT_KEY ->
            session
                .executeAsync(selectKey.bind(id))
                .thenAccept(
                    page -> {
                      com.datastax.oss.driver.api.core.cql.Row row = page.one();
                      Clients.check(row != null && row.getInt(1) == i, "value of key");
                    });
      };
    }

    @Override
    public void close() {
      session.close();
    }
  }

  private static final org.springframework.data.cassandra.core.cql.RowMapper<Integer> SPRING_VAL =
      (row, n) -> row.getInt(1);

  /** Spring Data Cassandra's {@code CqlTemplate}, synchronous, from the harness's threads. */
  static final class SpringDataTemplate extends Client {
    private com.datastax.oss.driver.api.core.CqlSession session;
    private org.springframework.data.cassandra.core.cql.CqlTemplate template;

    @Override
    boolean sync() {
      return true;
    }

    @Override
    void open(InetSocketAddress node) {
      session = apacheSession(node);
      template = new org.springframework.data.cassandra.core.cql.CqlTemplate(session);
    }

    @Override
    void sync(Workload workload, UUID id, int i) {
      switch (workload) {
        case INSERT -> template.execute(Clients.INSERT, id, i);
        case SELECT ->
            Clients.check(template.query(Clients.SELECT, SPRING_VAL).size() == 10, "10 rows");
        case SELECT_KEY ->
            Clients.check(
                template.queryForObject(Clients.SELECT_KEY, SPRING_VAL, id) == i, "value of key");
      }
    }

    @Override
    public void close() {
      session.close();
    }
  }

  /** Spring Data Cassandra's {@code AsyncCqlTemplate}. */
  static final class SpringDataAsyncTemplate extends Client {
    private com.datastax.oss.driver.api.core.CqlSession session;
    private org.springframework.data.cassandra.core.cql.AsyncCqlTemplate template;

    @Override
    void open(InetSocketAddress node) {
      session = apacheSession(node);
      template = new org.springframework.data.cassandra.core.cql.AsyncCqlTemplate(session);
    }

    @Override
    CompletionStage<?> async(Workload workload, UUID id, int i) {
      return switch (workload) {
        case INSERT -> template.execute(Clients.INSERT, id, i);
        case SELECT ->
            template
                .query(Clients.SELECT, SPRING_VAL)
                .thenAccept(rows -> Clients.check(rows.size() == 10, "10 rows"));
        case SELECT_KEY ->
            template
                .queryForObject(Clients.SELECT_KEY, SPRING_VAL, id)
                .thenAccept(v -> Clients.check(v == i, "value of key"));
      };
    }

    @Override
    public void close() {
      session.close();
    }
  }
}
