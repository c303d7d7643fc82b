package io.scyllaboot.benchmarks;

import io.scyllaboot.benchmarks.Clients.Client;
import io.scyllaboot.benchmarks.Clients.Workload;
import java.net.InetSocketAddress;
import java.util.UUID;
import java.util.concurrent.CompletionStage;

/**
 * The clients on our driver: its asynchronous API (shard-aware or not, observed, with policies) and
 * our Spring templates.
 */
final class ScyllaClients {
  private ScyllaClients() {}

  static io.scyllaboot.driver.api.CqlSession scyllaSession(InetSocketAddress node) {
    return scyllaSession(node, true);
  }

  static io.scyllaboot.driver.api.CqlSession scyllaSession(
      InetSocketAddress node, boolean shardAware) {
    return scyllaBuilder(node, shardAware).build();
  }

  static io.scyllaboot.driver.api.CqlSessionBuilder scyllaBuilder(
      InetSocketAddress node, boolean shardAware) {
    io.scyllaboot.driver.api.CqlSessionBuilder builder =
        io.scyllaboot.driver.api.CqlSession.builder()
            .addContactPoint(node)
            .withLocalDatacenter("datacenter1")
            .withRequestTimeout(Clients.TIMEOUT)
            .withSessionName("bench");
    // only when off (on is the default): a driver jar of a commit before the option still runs the
    // default client, for A/B runs of old commits (the regression hunt of round three)
    if (!shardAware) {
      builder = builder.withShardAwareness(false);
    }
    // -Dbench.connections=N (through --jvm) overrides the default connections per node.
    int connections = Integer.getInteger("bench.connections", 0);
    return connections > 0 ? builder.withConnectionsPerNode(connections) : builder;
  }

  /**
   * The observation the starter registers with {@code scylla.observations.enabled=true}, over a
   * registry with what Spring Boot's actuator adds: a timer per observation (a meter handler).
   */
  static io.scyllaboot.driver.api.metrics.RequestListener observations() {
    io.micrometer.observation.ObservationRegistry registry =
        io.micrometer.observation.ObservationRegistry.create();
    registry
        .observationConfig()
        .observationHandler(
            new io.micrometer.core.instrument.observation.DefaultMeterObservationHandler(
                new io.micrometer.core.instrument.simple.SimpleMeterRegistry()));
    return new io.scyllaboot.autoconfigure.observation.ObservationRequestListener(registry, null);
  }

  /**
   * Our driver, asynchronous API, prepared statements bound by the caller; shard-aware (the
   * default) or not (on ScyllaDB, a node is then pooled like a Cassandra node).
   */
  static final class ScyllaAsync extends Client {
    private final boolean shardAware;
    private io.scyllaboot.driver.api.CqlSession session;
    private io.scyllaboot.driver.api.cql.PreparedStatement insert;
    private io.scyllaboot.driver.api.cql.PreparedStatement select;
    private io.scyllaboot.driver.api.cql.PreparedStatement selectKey;

    private final boolean observed;
    private final boolean policies;

    ScyllaAsync(boolean shardAware) {
      this(shardAware, false);
    }

    /** With {@code observed}, one Micrometer observation per request (the starter's opt-in). */
    ScyllaAsync(boolean shardAware, boolean observed) {
      this(shardAware, observed, false);
    }

    /**
     * With {@code policies}, every statement names an execution profile (idempotent, the default
     * retry policy) and every request carries a request id (random UUID) in its custom payload.
     */
    ScyllaAsync(boolean shardAware, boolean observed, boolean policies) {
      this.shardAware = shardAware;
      this.observed = observed;
      this.policies = policies;
    }

    private <S extends io.scyllaboot.driver.api.cql.Statement<S>> S profiled(S statement) {
      return policies ? statement.withProfile("bench") : statement;
    }

    @Override
    void open(InetSocketAddress node) {
      io.scyllaboot.driver.api.CqlSessionBuilder builder = scyllaBuilder(node, shardAware);
      if (policies) {
        builder
            .withProfile(
                "bench",
                io.scyllaboot.driver.api.ExecutionProfile.of()
                    .withIdempotent(true)
                    .withRetryPolicy(io.scyllaboot.driver.api.policy.RetryPolicy.defaults()))
            .withRequestIdGenerator(io.scyllaboot.driver.api.policy.RequestIdGenerator.uuid());
      }
      session = (observed ? builder.addRequestListener(observations()) : builder).build();
      insert = session.prepare(Clients.INSERT);
      select = session.prepare(Clients.SELECT);
      selectKey = session.prepare(Clients.SELECT_KEY);
    }

    @Override
    CompletionStage<?> async(Workload workload, UUID id, int i) {
      return switch (workload) {
        case INSERT ->
            session
                .executeAsync(profiled(insert.bind(id, i)))
                .thenAccept(io.scyllaboot.driver.api.cql.AsyncResultSet::close);
        case SELECT ->
            session
                .executeAsync(profiled(select.bind()))
                .thenAccept(
                    page -> {
                      int rows = 0;
                      for (io.scyllaboot.driver.api.cql.Row row : page.currentPage()) {
                        row.getInt(1);
                        rows++;
                      }
                      Clients.check(rows == 10, "10 rows");
                    });
        case SELECT_KEY ->
            session
                .executeAsync(profiled(selectKey.bind(id)))
                .thenAccept(
                    page -> {
                      io.scyllaboot.driver.api.cql.Row row = page.one();
                      Clients.check(row != null && row.getInt(1) == i, "value of key");
                      page.close();
                    });
      };
    }

    @Override
    public void close() {
      session.close();
    }
  }

  private static final io.scyllaboot.spring.cql.RowMapper<Integer> SCYLLA_VAL =
      (row, n) -> row.getInt(1);

  /** Our {@code CqlTemplate}, synchronous, from the harness's threads. */
  static final class ScyllaTemplate extends Client {
    private io.scyllaboot.driver.api.CqlSession session;
    private io.scyllaboot.spring.cql.CqlTemplate template;

    @Override
    boolean sync() {
      return true;
    }

    @Override
    void open(InetSocketAddress node) {
      session = scyllaSession(node);
      template = new io.scyllaboot.spring.cql.CqlTemplate(session);
    }

    @Override
    void sync(Workload workload, UUID id, int i) {
      switch (workload) {
        case INSERT -> template.execute(Clients.INSERT, id, i);
        case SELECT ->
            Clients.check(template.query(Clients.SELECT, SCYLLA_VAL).size() == 10, "10 rows");
        case SELECT_KEY ->
            Clients.check(
                template.queryForObject(Clients.SELECT_KEY, SCYLLA_VAL, id) == i, "value of key");
      }
    }

    @Override
    public void close() {
      session.close();
    }
  }

  /** Our {@code AsyncCqlTemplate}. */
  static final class ScyllaAsyncTemplate extends Client {
    private io.scyllaboot.driver.api.CqlSession session;
    private io.scyllaboot.spring.cql.AsyncCqlTemplate template;

    @Override
    void open(InetSocketAddress node) {
      session = scyllaSession(node);
      template = new io.scyllaboot.spring.cql.AsyncCqlTemplate(session);
    }

    @Override
    CompletionStage<?> async(Workload workload, UUID id, int i) {
      return switch (workload) {
        case INSERT -> template.execute(Clients.INSERT, id, i);
        case SELECT ->
            template
                .query(Clients.SELECT, SCYLLA_VAL)
                .thenAccept(rows -> Clients.check(rows.size() == 10, "10 rows"));
        case SELECT_KEY ->
            template
                .queryForObject(Clients.SELECT_KEY, SCYLLA_VAL, id)
                .thenAccept(v -> Clients.check(v == i, "value of key"));
      };
    }

    @Override
    public void close() {
      session.close();
    }
  }
}
