package io.scyllaboot.benchmarks;

import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.CompletionStage;

/**
 * The clients measured. Each runs one operation of a workload, either asynchronously (a stage
 * completed when the result is checked) or synchronously (from one of the harness's threads). A
 * failed check throws {@link IllegalStateException}.
 */
final class Clients {
  private Clients() {}

  static final String INSERT = "INSERT INTO benchmarks.basic (id, val) VALUES (?, ?)";
  static final String SELECT = "SELECT * FROM benchmarks.basic";
  static final String SELECT_KEY = "SELECT * FROM benchmarks.basic WHERE id = ?";
  static final Duration TIMEOUT = Duration.ofSeconds(10);

  /** The keys of the pre-filled table: id (0x5EED, i) holds val i, for i in [0, KEYS). */
  static final int KEYS = 10_000;

  static UUID key(int i) {
    return new UUID(0x5EED, i);
  }

  enum Workload {
    INSERT("insert"),
    SELECT("select"),
    SELECT_KEY("select-key");

    final String label;

    Workload(String label) {
      this.label = label;
    }

    static Workload of(String label) {
      for (Workload w : values()) {
        if (w.label.equals(label)) {
          return w;
        }
      }
      throw new IllegalArgumentException("unknown workload " + label);
    }
  }

  abstract static class Client implements AutoCloseable {
    /** Whether the harness calls {@link #sync} from its threads instead of {@link #async}. */
    boolean sync() {
      return false;
    }

    abstract void open(InetSocketAddress node) throws Exception;

    /** One operation; {@code i} is the value (insert) or the key index (select-key). */
    CompletionStage<?> async(Workload workload, UUID id, int i) {
      throw new UnsupportedOperationException();
    }

    void sync(Workload workload, UUID id, int i) {
      throw new UnsupportedOperationException();
    }
  }

  static Client create(String name) {
    return switch (name) {
      case "scylla" -> new ScyllaAsync(true);
      case "scylla-observed" -> new ScyllaAsync(true, true);
      case "scylla-policies" -> new ScyllaAsync(true, false, true);
      case "scylla-shard-unaware" -> new ScyllaAsync(false);
      case "scylla-template" -> new ScyllaTemplate();
      case "scylla-async-template" -> new ScyllaAsyncTemplate();
      case "apache" -> new ApacheAsync();
      case "scylladb-driver" -> scyllaDbDriver();
      case "floor" -> new FloorClient();
      case "spring-data" -> new SpringDataTemplate();
      case "spring-data-async" -> new SpringDataAsyncTemplate();
      case "harness" -> new HarnessClient();
      default -> throw new IllegalArgumentException("unknown client " + name);
    };
  }

  static void check(boolean ok, String what) {
    if (!ok) {
      throw new IllegalStateException("check failed: " + what);
    }
  }

  // ---------------- our driver ----------------

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
            .withRequestTimeout(TIMEOUT)
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
      insert = session.prepare(INSERT);
      select = session.prepare(SELECT);
      selectKey = session.prepare(SELECT_KEY);
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
                      check(rows == 10, "10 rows");
                    });
        case SELECT_KEY ->
            session
                .executeAsync(profiled(selectKey.bind(id)))
                .thenAccept(
                    page -> {
                      io.scyllaboot.driver.api.cql.Row row = page.one();
                      check(row != null && row.getInt(1) == i, "value of key");
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
        case INSERT -> template.execute(INSERT, id, i);
        case SELECT -> check(template.query(SELECT, SCYLLA_VAL).size() == 10, "10 rows");
        case SELECT_KEY ->
            check(template.queryForObject(SELECT_KEY, SCYLLA_VAL, id) == i, "value of key");
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
        case INSERT -> template.execute(INSERT, id, i);
        case SELECT ->
            template
                .query(SELECT, SCYLLA_VAL)
                .thenAccept(rows -> check(rows.size() == 10, "10 rows"));
        case SELECT_KEY ->
            template
                .queryForObject(SELECT_KEY, SCYLLA_VAL, id)
                .thenAccept(v -> check(v == i, "value of key"));
      };
    }

    @Override
    public void close() {
      session.close();
    }
  }

  // ---------------- the Apache driver ----------------

  static com.datastax.oss.driver.api.core.CqlSession apacheSession(InetSocketAddress node) {
    DriverConfigLoader config =
        DriverConfigLoader.programmaticBuilder()
            .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, TIMEOUT)
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
      insert = session.prepare(INSERT);
      select = session.prepare(SELECT);
      selectKey = session.prepare(SELECT_KEY);
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
                      check(rows == 10, "10 rows");
                    });
        case SELECT_KEY ->
            session
                .executeAsync(selectKey.bind(id))
                .thenAccept(
                    page -> {
                      com.datastax.oss.driver.api.core.cql.Row row = page.one();
                      check(row != null && row.getInt(1) == i, "value of key");
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
        case INSERT -> template.execute(INSERT, id, i);
        case SELECT -> check(template.query(SELECT, SPRING_VAL).size() == 10, "10 rows");
        case SELECT_KEY ->
            check(template.queryForObject(SELECT_KEY, SPRING_VAL, id) == i, "value of key");
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
        case INSERT -> template.execute(INSERT, id, i);
        case SELECT ->
            template
                .query(SELECT, SPRING_VAL)
                .thenAccept(rows -> check(rows.size() == 10, "10 rows"));
        case SELECT_KEY ->
            template
                .queryForObject(SELECT_KEY, SPRING_VAL, id)
                .thenAccept(v -> check(v == i, "value of key"));
      };
    }

    @Override
    public void close() {
      session.close();
    }
  }
}
