package io.scyllaboot.driver.hostile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.ProtocolVersion;
import io.scyllaboot.driver.api.cql.AsyncResultSet;
import io.scyllaboot.driver.api.cql.ColumnDefinition;
import io.scyllaboot.driver.api.cql.PreparedStatement;
import io.scyllaboot.driver.api.cql.Row;
import io.scyllaboot.driver.api.error.DriverException;
import io.scyllaboot.driver.api.metadata.Node;
import io.scyllaboot.driver.api.metadata.NodeState;
import io.scyllaboot.driver.testing.CassandraCluster;
import io.scyllaboot.driver.testing.CassandraNode;
import io.scyllaboot.driver.testing.CassandraNodeExtension;
import io.scyllaboot.driver.testing.FrameMutation;
import io.scyllaboot.driver.testing.LeakRecorder;
import io.scyllaboot.driver.testing.MutatingProxy;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The hostile server against the real node, ours and the Apache driver side by side: four lanes
 * (each driver at protocol v4 and at v5), each split in {@link #SHARDS} shards of kinds that run
 * side by side, each shard a session behind its own {@link MutatingProxy} in front of the node. For
 * every {@link FrameMutation} kind, the proxy corrupts half of the answers to statements (seeded:
 * the same choices for every lane and every run, the requests going one at a time), and a fixed set
 * of requests runs: a prepared INSERT, prepared SELECTs of known rows (text and null, then blob and
 * collections), a paged SELECT of 20 rows by pages of 6, and a PREPARE. Each request is counted
 * once: exact (the expected value), typed failure (the driver's {@code DriverException}), untyped
 * (any other exception reaching the caller), wrong (completed with a different value) or hung (not
 * completed within {@link #BOUND_MILLIS}). Then the proxy stops corrupting and the session must
 * serve exactly again.
 *
 * <p>Ours must give 0 wrong, 0 untyped, 0 hangs, serve again after every kind and leak no buffer;
 * the Apache driver's figures are printed beside ours ({@code [hostile-figure]} lines), never
 * asserted.
 */
@ExtendWith(CassandraNodeExtension.class)
class HostileServerIT {
  private static final long SEED = 0x5C1_11AL;
  private static final double CHANCE = 0.5;
  private static final int ROUNDS = 1;
  private static final int SHARDS = 2;
  private static final int PAGE_SIZE = 6;
  private static final int PAGED_ROWS = 20;
  private static final Duration REQUEST_TIMEOUT = Duration.ofMillis(500);
  // A request completes by its timeout (each page by its own), plus room for a slow machine.
  private static final long BOUND_MILLIS = 5_000;
  private static final Duration SERVES_AGAIN_WITHIN = Duration.ofSeconds(3);
  // How long the lanes of each driver may take in all (about 15 s for ours and 45 s for the
  // Apache driver's on an idle machine).
  private static final Duration OURS_WITHIN = Duration.ofMinutes(5);
  private static final Duration APACHE_WITHIN = Duration.ofMinutes(3);
  // The Apache driver's build and close block without a bound of their own.
  private static final Duration APACHE_CALL_WITHIN = Duration.ofSeconds(30);
  // After a failure, the next request waits (this long at most) for the session to have its
  // connection again, so that it reaches the node rather than failing for want of a connection.
  private static final Duration RECONNECTED_WITHIN = Duration.ofSeconds(1);

  private static String keyspace;

  /** What one lane saw under one kind. */
  record Outcomes(
      int exact,
      int typed,
      int untyped,
      int wrong,
      int hangs,
      int applied,
      boolean servesAfter,
      List<String> examples) {
    int requests() {
      return exact + typed + untyped + wrong + hangs;
    }
  }

  /** One driver at one protocol version, behind its own proxy. */
  interface Client extends AutoCloseable {
    CompletionStage<Object> insert(int key, int value);

    CompletionStage<Object> scalars(int key);

    CompletionStage<Object> collections(int key);

    CompletionStage<Object> paged();

    CompletionStage<Object> prepare(String cql);

    boolean typed(Throwable failure);

    /** Connections open to the node now (the Apache driver counts its control connection). */
    int openConnections();

    /** Whether the driver holds the node up. */
    boolean up();

    @Override
    void close();
  }

  // ---- the data: what every request must read ----

  private static final String INSERT = "INSERT INTO %s.w (k, v) VALUES (?, ?)";
  private static final String SCALARS = "SELECT k, t FROM %s.h WHERE k = ?";
  private static final String COLLECTIONS = "SELECT b, l, m, s FROM %s.h WHERE k = ?";
  private static final String PAGED = "SELECT c, v FROM %s.p WHERE pk = 0";
  private static final int KEYS = 3;

  private static String cql(String template) {
    return String.format(template, keyspace);
  }

  private static byte[] blob(int key) {
    byte[] blob = new byte[64];
    for (int i = 0; i < blob.length; i++) {
      blob[i] = (byte) (key * 64 + i + 1); // no zero byte: a zero-filled end shows
    }
    return blob;
  }

  private static List<Object> expectedScalars(int key) {
    return List.of(Arrays.asList(key, key == 1 ? null : "text " + key));
  }

  private static List<Object> expectedCollections(int key) {
    Map<Integer, String> map = new LinkedHashMap<>();
    map.put(key, "value " + key);
    map.put(50, "fifty");
    return List.of(
        List.of(
            HexFormat.of().formatHex(blob(key)), List.of(key, 1, 42), map, Set.of("a" + key, "b")));
  }

  private static List<Object> expectedPaged() {
    List<Object> rows = new ArrayList<>();
    for (int c = 0; c < PAGED_ROWS; c++) {
      rows.add(List.of(c, "v" + c));
    }
    return rows;
  }

  private static List<Object> expectedPrepared(String cql) {
    return List.of(cql, 1, List.of("k", "t"));
  }

  private static final String VOID = "void";

  @BeforeAll
  static void createSchema() {
    keyspace = CassandraNode.uniqueKeyspace("hostile");
    try (CqlSession admin = CassandraNode.openSession()) {
      CassandraNode.createKeyspace(admin, keyspace);
      admin.execute(
          cql(
              "CREATE TABLE %s.h (k int PRIMARY KEY, t text, b blob, l list<int>,"
                  + " m map<int, text>, s set<text>)"));
      admin.execute(cql("CREATE TABLE %s.p (pk int, c int, v text, PRIMARY KEY (pk, c))"));
      admin.execute(cql("CREATE TABLE %s.w (k int PRIMARY KEY, v int)"));
      PreparedStatement row =
          admin.prepare(cql("INSERT INTO %s.h (k, t, b, l, m, s) VALUES (?, ?, ?, ?, ?, ?)"));
      for (int key = 0; key < KEYS; key++) {
        Map<Integer, String> map = new LinkedHashMap<>();
        map.put(key, "value " + key);
        map.put(50, "fifty");
        admin.execute(
            row.bind(
                key,
                key == 1 ? null : "text " + key,
                ByteBuffer.wrap(blob(key)),
                List.of(key, 1, 42),
                map,
                new LinkedHashSet<>(List.of("a" + key, "b"))));
      }
      PreparedStatement paged = admin.prepare(cql("INSERT INTO %s.p (pk, c, v) VALUES (0, ?, ?)"));
      for (int c = 0; c < PAGED_ROWS; c++) {
        admin.execute(paged.bind(c, "v" + c));
      }
    }
  }

  @AfterAll
  static void dropSchema() {
    try (CqlSession admin = CassandraNode.openSession()) {
      admin.execute("DROP KEYSPACE IF EXISTS " + keyspace);
    }
  }

  @Test
  void should_answer_exactly_or_fail_typed_under_every_mutation_ours_beside_apache()
      throws Exception {
    // -Dhostile.lanes="ours v4,ours v5" runs only those (the assertions on ours need them).
    List<String> lanes =
        List.of(
            System.getProperty("hostile.lanes", "ours v4,ours v5,apache v4,apache v5").split(","));
    Map<String, Map<FrameMutation, Outcomes>> figures = new LinkedHashMap<>();
    ExecutorService runners = Executors.newFixedThreadPool(lanes.size() * SHARDS);
    List<MutatingProxy> proxies = new ArrayList<>();
    long start = System.nanoTime();
    try {
      // Each lane's kinds are split in shards that run side by side, each with its own proxy and
      // session: most of a lane's time is spent waiting (timeouts, reconnections). Our lanes run
      // first and the Apache driver's after them: one corrupted count can make the Apache
      // decoder allocate most of the heap for a moment, which must not fail a lane of ours.
      for (String driver : List.of("ours", "apache")) {
        Map<String, List<Future<Map<FrameMutation, Outcomes>>>> runs = new LinkedHashMap<>();
        for (String lane : lanes) {
          if (!lane.startsWith(driver)) {
            continue;
          }
          for (int shard = 0; shard < SHARDS; shard++) {
            List<FrameMutation> kinds = new ArrayList<>();
            for (FrameMutation kind : FrameMutation.values()) {
              if (kind.ordinal() % SHARDS == shard) {
                kinds.add(kind);
              }
            }
            MutatingProxy proxy = new MutatingProxy(CassandraNode.address(), SEED);
            proxies.add(proxy);
            String name = lane + " shard " + shard;
            runs.computeIfAbsent(lane, l -> new ArrayList<>())
                .add(
                    runners.submit(
                        () -> {
                          // Named so that a lane that does not finish can be shown in the report.
                          Thread.currentThread().setName("hostile " + name);
                          long began = System.nanoTime();
                          Map<FrameMutation, Outcomes> run = runLane(lane, proxy, kinds);
                          System.out.printf(
                              "[hostile-figure] %s took %d s%n",
                              name, (System.nanoTime() - began) / 1_000_000_000);
                          return run;
                        }));
          }
        }
        // Ours must finish (a bound generous for a loaded machine); the Apache driver's lanes are
        // figures only: one that does not finish (its own blocking calls have no bound) is reported
        // with its stack, not failed.
        Duration within = driver.equals("ours") ? OURS_WITHIN : APACHE_WITHIN;
        long deadline = System.nanoTime() + within.toNanos();
        for (Map.Entry<String, List<Future<Map<FrameMutation, Outcomes>>>> lane : runs.entrySet()) {
          Map<FrameMutation, Outcomes> merged = new EnumMap<>(FrameMutation.class);
          for (Future<Map<FrameMutation, Outcomes>> run : lane.getValue()) {
            try {
              merged.putAll(
                  run.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS));
            } catch (ExecutionException e) {
              if (driver.equals("ours")) {
                throw e;
              }
              // The Apache driver's lanes are figures: one that fails (in CI once with the heap
              // exhausted, its admin thread among the first to throw) is reported, not failed.
              System.out.printf("[hostile-figure] %s failed: %s%n", lane.getKey(), e.getCause());
            } catch (TimeoutException e) {
              String stacks = stacksOf("hostile " + lane.getKey());
              if (driver.equals("ours")) {
                throw new AssertionError(
                    lane.getKey() + " did not finish within " + within + ":\n" + stacks, e);
              }
              System.out.printf(
                  "[hostile-figure] %s did not finish within %s:%n%s",
                  lane.getKey(), within, stacks);
            }
          }
          figures.put(lane.getKey(), merged);
        }
      }
    } finally {
      runners.shutdownNow();
      for (MutatingProxy proxy : proxies) {
        proxy.close();
      }
    }
    long seconds = (System.nanoTime() - start) / 1_000_000_000;
    print(figures, seconds);
    int apacheLeaks = leaksOfApacheOnly();
    System.out.println("[hostile-figure] ByteBuf leak reports, apache: " + apacheLeaks);

    for (String lane : List.of("ours v4", "ours v5")) {
      if (!lanes.contains(lane)) {
        continue;
      }
      Map<FrameMutation, Outcomes> ours = figures.get(lane);
      assertThat(ours).hasSize(FrameMutation.values().length);
      ours.forEach(
          (kind, outcomes) -> {
            String what = lane + " " + kind + " " + outcomes;
            assertThat(outcomes.wrong()).as("%s: wrong results", what).isZero();
            assertThat(outcomes.untyped()).as("%s: untyped exceptions", what).isZero();
            assertThat(outcomes.hangs()).as("%s: hangs", what).isZero();
            assertThat(outcomes.servesAfter()).as("%s: serves after", what).isTrue();
            assertThat(outcomes.applied()).as("%s: frames corrupted", what).isPositive();
          });
    }
  }

  /**
   * Every kind in turn through one lane's proxy. A session that does not serve again after a kind
   * is replaced, so that the next kinds are measured on a session that worked.
   */
  private static Map<FrameMutation, Outcomes> runLane(
      String lane, MutatingProxy proxy, List<FrameMutation> kinds) {
    Map<FrameMutation, Outcomes> figures = new EnumMap<>(FrameMutation.class);
    Client client = open(lane, proxy);
    try {
      for (FrameMutation kind : kinds) {
        proxy.mutate(kind, CHANCE);
        Tally tally = new Tally(client);
        try {
          for (int round = 0; round < ROUNDS; round++) {
            runRound(client, tally, kind.ordinal() * ROUNDS + round);
          }
          String prepared = cql(SCALARS) + " /* " + lane + " under " + kind + " */";
          Client preparing = client;
          tally.request(() -> preparing.prepare(prepared), expectedPrepared(prepared));
        } catch (OutOfMemoryError e) {
          if (!lane.startsWith("apache")) {
            throw e;
          }
          // The Apache decoder sizes arrays by counts read from the frame (seen: a prepared
          // result's column count): one corrupted count can take the heap for a moment.
          tally.untyped++;
          tally.example("untyped: " + e + " (the heap, while this lane's driver decoded)");
        }
        int applied = proxy.applied();
        proxy.stopMutating();
        boolean serves = servesAgain(client);
        figures.put(
            kind,
            new Outcomes(
                tally.exact,
                tally.typed,
                tally.untyped,
                tally.wrong,
                tally.hangs,
                applied,
                serves,
                tally.examples));
        if (!serves) {
          client.close();
          client = open(lane, proxy);
        }
      }
    } finally {
      client.close();
    }
    return figures;
  }

  /**
   * A step of a client's set-up, nothing mutated yet: retried within a bound, because the lanes'
   * short request timeout is for the measured requests, and a busy node can be slower than it.
   */
  private static <T> T setUp(Supplier<T> step) {
    return await("a client's set-up step")
        .atMost(Duration.ofSeconds(30))
        .pollInterval(Duration.ofMillis(50))
        .pollInSameThread()
        .ignoreExceptionsInstanceOf(RuntimeException.class)
        .until(step::get, Objects::nonNull);
  }

  private static Client open(String lane, MutatingProxy proxy) {
    int version = lane.endsWith("v5") ? 5 : 4;
    return lane.startsWith("ours") ? new Ours(proxy, version) : new Apache(proxy, version);
  }

  /** The fixed set of requests, one at a time. */
  private static void runRound(Client client, Tally tally, int round) {
    tally.request(() -> client.insert(round, round * 7), VOID);
    for (int key = 0; key < KEYS; key++) {
      int k = key;
      tally.request(() -> client.scalars(k), expectedScalars(k));
    }
    for (int key = 0; key < KEYS; key++) {
      int k = key;
      tally.request(() -> client.collections(k), expectedCollections(k));
    }
    tally.request(client::paged, expectedPaged());
  }

  /** Whether, with the proxy faithful again, a whole round reads exactly within the bound. */
  private static boolean servesAgain(Client client) {
    try {
      // In this thread: a round under way finishes before the next step of the test.
      await()
          .atMost(SERVES_AGAIN_WITHIN)
          .pollInSameThread()
          .pollDelay(Duration.ZERO)
          .pollInterval(Duration.ofMillis(100))
          .until(
              () -> {
                Tally tally = new Tally(client);
                runRound(client, tally, -1);
                return tally.exact == tally.requests();
              });
      return true;
    } catch (org.awaitility.core.ConditionTimeoutException e) {
      return false;
    }
  }

  /** Counts the outcomes of requests, each awaited within the bound. */
  private static final class Tally {
    private final Client client;
    private final int connections;
    int exact;
    int typed;
    int untyped;
    int wrong;
    int hangs;
    final List<String> examples = new ArrayList<>();

    Tally(Client client) {
      this.client = client;
      this.connections = client.openConnections();
    }

    int requests() {
      return exact + typed + untyped + wrong + hangs;
    }

    void request(Supplier<CompletionStage<Object>> request, Object expected) {
      CompletableFuture<Object> future;
      try {
        future = request.get().toCompletableFuture();
      } catch (Throwable thrown) { // thrown at the call: a failure all the same
        future = CompletableFuture.failedFuture(thrown);
      }
      try {
        Object value = future.get(BOUND_MILLIS, TimeUnit.MILLISECONDS);
        if (expected.equals(value)) {
          exact++;
          return;
        } else {
          wrong++;
          example("wrong: " + value + " instead of " + expected);
        }
      } catch (TimeoutException e) {
        future.cancel(true);
        hangs++;
        example("hang");
      } catch (ExecutionException e) {
        Throwable cause = e.getCause();
        if (client.typed(cause)) {
          typed++;
          example("typed: " + cause);
        } else {
          untyped++;
          example("untyped: " + cause);
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException(e);
      }
      awaitConnections();
    }

    /**
     * Until the driver holds the node up with as many connections as when the tally began
     * (bounded), a connection that failed having had a moment to be closed.
     */
    private void awaitConnections() {
      try {
        await()
            .atMost(RECONNECTED_WITHIN)
            .pollInSameThread()
            .pollDelay(Duration.ofMillis(20))
            .pollInterval(Duration.ofMillis(20))
            .until(() -> client.up() && client.openConnections() >= connections);
      } catch (org.awaitility.core.ConditionTimeoutException e) {
        // Bounded: the round goes on, and its tally says what the driver did meanwhile.
      }
    }

    private void example(String example) {
      if (examples.size() < 3) {
        examples.add(example.length() > 400 ? example.substring(0, 400) + "..." : example);
      }
    }
  }

  // ---- ours ----

  private static final class Ours implements Client {
    private final CqlSession session;
    private final PreparedStatement insert;
    private final PreparedStatement scalars;
    private final PreparedStatement collections;
    private final PreparedStatement paged;

    Ours(MutatingProxy proxy, int version) {
      this.session =
          CqlSession.builder()
              .addContactPoint(proxy.address())
              .withProtocolVersion(version == 5 ? ProtocolVersion.V5 : ProtocolVersion.V4)
              .withRequestTimeout(REQUEST_TIMEOUT)
              .withInitQueryTimeout(Duration.ofSeconds(5))
              .withReconnectionDelays(Duration.ofMillis(20), Duration.ofMillis(200))
              .withPageSize(PAGE_SIZE)
              .withConnectionsPerNode(1)
              .withSchemaMetadata(false)
              .withSessionName("ours-v" + version)
              .build();
      this.insert = setUp(() -> session.prepare(cql(INSERT)));
      this.scalars = setUp(() -> session.prepare(cql(SCALARS)));
      this.collections = setUp(() -> session.prepare(cql(COLLECTIONS)));
      this.paged = setUp(() -> session.prepare(cql(PAGED)));
    }

    @Override
    public CompletionStage<Object> insert(int key, int value) {
      return session
          .executeAsync(insert.bind(key, value))
          .thenApply(
              page -> {
                try {
                  return page.columnDefinitions().size() == 0 && page.remaining() == 0
                      ? VOID
                      : "a result with " + page.remaining() + " rows";
                } finally {
                  page.close();
                }
              });
    }

    @Override
    public CompletionStage<Object> scalars(int key) {
      return session
          .executeAsync(scalars.bind(key))
          .thenApply(
              page ->
                  rows(
                      page,
                      row ->
                          Arrays.asList(row.isNull(0) ? null : row.getInt(0), row.getString(1))));
    }

    @Override
    public CompletionStage<Object> collections(int key) {
      return session
          .executeAsync(collections.bind(key))
          .thenApply(
              page ->
                  rows(
                      page,
                      row ->
                          Arrays.asList(
                              hex(row.getBytes(0)),
                              row.getList(1, Integer.class),
                              row.getMap(2, Integer.class, String.class),
                              row.getSet(3, String.class))));
    }

    @Override
    public CompletionStage<Object> paged() {
      return session
          .executeAsync(paged.bind())
          .thenCompose(page -> allPages(page, new ArrayList<>()));
    }

    private static CompletionStage<Object> allPages(AsyncResultSet page, List<Object> rows) {
      rows.addAll(
          (List<?>) rows(page, row -> List.of(row.getInt(0), String.valueOf(row.getString(1)))));
      if (!page.hasMorePages()) {
        return CompletableFuture.completedFuture(rows);
      }
      return page.fetchNextPage().thenCompose(next -> allPages(next, rows));
    }

    private static Object rows(AsyncResultSet page, java.util.function.Function<Row, ?> reader) {
      try {
        List<Object> rows = new ArrayList<>();
        for (Row row : page.currentPage()) {
          rows.add(reader.apply(row));
        }
        return rows;
      } finally {
        page.close();
      }
    }

    @Override
    public CompletionStage<Object> prepare(String cql) {
      return session
          .prepareAsync(cql)
          .thenApply(
              prepared -> {
                List<String> columns = new ArrayList<>();
                for (ColumnDefinition column : prepared.resultColumns()) {
                  columns.add(column.name());
                }
                return List.of(prepared.query(), prepared.variables().size(), columns);
              });
    }

    @Override
    public boolean typed(Throwable failure) {
      return failure instanceof DriverException;
    }

    @Override
    public int openConnections() {
      return session.metadata().nodes().stream().mapToInt(Node::openConnections).sum();
    }

    @Override
    public boolean up() {
      return session.metadata().nodes().stream().allMatch(node -> node.state() == NodeState.UP);
    }

    @Override
    public void close() {
      session.close();
    }
  }

  // ---- the Apache driver ----

  private static final class Apache implements Client {
    private final com.datastax.oss.driver.api.core.CqlSession session;
    private final com.datastax.oss.driver.api.core.cql.PreparedStatement insert;
    private final com.datastax.oss.driver.api.core.cql.PreparedStatement scalars;
    private final com.datastax.oss.driver.api.core.cql.PreparedStatement collections;
    private final com.datastax.oss.driver.api.core.cql.PreparedStatement paged;

    Apache(MutatingProxy proxy, int version) {
      this.session =
          com.datastax.oss.driver.api.core.CqlSession.builder()
              .addContactPoint(proxy.address())
              .withLocalDatacenter(CassandraCluster.DATACENTER)
              .withConfigLoader(
                  DriverConfigLoader.programmaticBuilder()
                      .withString(DefaultDriverOption.SESSION_NAME, "apache-v" + version)
                      .withString(DefaultDriverOption.PROTOCOL_VERSION, "V" + version)
                      .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, REQUEST_TIMEOUT)
                      .withInt(DefaultDriverOption.REQUEST_PAGE_SIZE, PAGE_SIZE)
                      .withInt(DefaultDriverOption.CONNECTION_POOL_LOCAL_SIZE, 1)
                      .withDuration(
                          DefaultDriverOption.CONNECTION_INIT_QUERY_TIMEOUT, Duration.ofSeconds(5))
                      .withDuration(
                          DefaultDriverOption.CONTROL_CONNECTION_TIMEOUT, Duration.ofSeconds(5))
                      .withDuration(
                          DefaultDriverOption.RECONNECTION_BASE_DELAY, Duration.ofMillis(20))
                      .withDuration(
                          DefaultDriverOption.RECONNECTION_MAX_DELAY, Duration.ofMillis(200))
                      .withBoolean(DefaultDriverOption.METADATA_SCHEMA_ENABLED, false)
                      .build())
              .buildAsync()
              .toCompletableFuture()
              .orTimeout(APACHE_CALL_WITHIN.toMillis(), TimeUnit.MILLISECONDS)
              .join();
      this.insert = setUp(() -> session.prepare(cql(INSERT)));
      this.scalars = setUp(() -> session.prepare(cql(SCALARS)));
      this.collections = setUp(() -> session.prepare(cql(COLLECTIONS)));
      this.paged = setUp(() -> session.prepare(cql(PAGED)));
    }

    @Override
    public CompletionStage<Object> insert(int key, int value) {
      return session
          .executeAsync(insert.bind(key, value))
          .thenApply(
              page ->
                  page.getColumnDefinitions().size() == 0 && page.remaining() == 0
                      ? VOID
                      : "a result with " + page.remaining() + " rows");
    }

    @Override
    public CompletionStage<Object> scalars(int key) {
      return session
          .executeAsync(scalars.bind(key))
          .thenApply(
              page ->
                  rows(
                      page,
                      row ->
                          Arrays.asList(row.isNull(0) ? null : row.getInt(0), row.getString(1))));
    }

    @Override
    public CompletionStage<Object> collections(int key) {
      return session
          .executeAsync(collections.bind(key))
          .thenApply(
              page ->
                  rows(
                      page,
                      row ->
                          Arrays.asList(
                              hex(row.getByteBuffer(0)),
                              row.getList(1, Integer.class),
                              row.getMap(2, Integer.class, String.class),
                              row.getSet(3, String.class))));
    }

    @Override
    public CompletionStage<Object> paged() {
      return session
          .executeAsync(paged.bind())
          .thenCompose(page -> allPages(page, new ArrayList<>()));
    }

    private static CompletionStage<Object> allPages(
        com.datastax.oss.driver.api.core.cql.AsyncResultSet page, List<Object> rows) {
      rows.addAll(
          (List<?>) rows(page, row -> List.of(row.getInt(0), String.valueOf(row.getString(1)))));
      if (!page.hasMorePages()) {
        return CompletableFuture.completedFuture(rows);
      }
      return page.fetchNextPage().thenCompose(next -> allPages(next, rows));
    }

    private static Object rows(
        com.datastax.oss.driver.api.core.cql.AsyncResultSet page,
        java.util.function.Function<com.datastax.oss.driver.api.core.cql.Row, ?> reader) {
      List<Object> rows = new ArrayList<>();
      for (com.datastax.oss.driver.api.core.cql.Row row : page.currentPage()) {
        rows.add(reader.apply(row));
      }
      return rows;
    }

    @Override
    public CompletionStage<Object> prepare(String cql) {
      return session
          .prepareAsync(cql)
          .thenApply(
              prepared -> {
                List<String> columns = new ArrayList<>();
                for (com.datastax.oss.driver.api.core.cql.ColumnDefinition column :
                    prepared.getResultSetDefinitions()) {
                  columns.add(column.getName().asInternal());
                }
                return List.of(
                    prepared.getQuery(), prepared.getVariableDefinitions().size(), columns);
              });
    }

    @Override
    public boolean typed(Throwable failure) {
      return failure instanceof com.datastax.oss.driver.api.core.DriverException;
    }

    @Override
    public int openConnections() {
      return session.getMetadata().getNodes().values().stream()
          .mapToInt(com.datastax.oss.driver.api.core.metadata.Node::getOpenConnections)
          .sum();
    }

    @Override
    public boolean up() {
      return session.getMetadata().getNodes().values().stream()
          .allMatch(
              node -> node.getState() == com.datastax.oss.driver.api.core.metadata.NodeState.UP);
    }

    @Override
    public void close() {
      try {
        session
            .closeAsync()
            .toCompletableFuture()
            .get(APACHE_CALL_WITHIN.toMillis(), TimeUnit.MILLISECONDS);
      } catch (TimeoutException e) {
        System.out.println(
            "[hostile-figure] an Apache session did not close within " + APACHE_CALL_WITHIN);
        session.forceCloseAsync();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        session.forceCloseAsync();
      } catch (ExecutionException e) {
        session.forceCloseAsync();
      }
    }
  }

  /** The stacks of the threads whose name starts with the prefix, for a lane that hung. */
  private static String stacksOf(String prefix) {
    StringBuilder stacks = new StringBuilder();
    Thread.getAllStackTraces()
        .forEach(
            (thread, frames) -> {
              if (thread.getName().startsWith(prefix)) {
                stacks.append("  ").append(thread.getName()).append('\n');
                for (StackTraceElement frame : frames) {
                  stacks.append("    at ").append(frame).append('\n');
                }
              }
            });
    return stacks.toString();
  }

  private static String hex(ByteBuffer bytes) {
    if (bytes == null) {
      return null;
    }
    byte[] copy = new byte[bytes.remaining()];
    bytes.duplicate().get(copy);
    return HexFormat.of().formatHex(copy);
  }

  // ---- the figures ----

  /** The kinds, grouped as the fault-tolerance page shows them. */
  static String group(FrameMutation kind) {
    return switch (kind) {
      case OPCODE_READY, OPCODE_SUPPORTED, OPCODE_EVENT, OPCODE_UNKNOWN, RESULT_KIND ->
          "opcode/kind";
      case STREAM_EVENT, STREAM_ZERO, STREAM_UNUSED, DUPLICATE -> "stream id/duplicate";
      case VERSION_BYTE, FLAG_TRACING, FLAG_WARNING, FLAG_CUSTOM_PAYLOAD, FLAG_COMPRESSED ->
          "version/flags";
      case LENGTH_LONGER,
          LENGTH_SHORTER,
          BODY_CUT,
          BODY_GARBAGE_TAIL,
          GARBAGE_BEFORE,
          CLOSE_MID_FRAME ->
          "length/truncation/garbage";
      case ROWS_FLAGS, COLUMN_COUNT, ROW_COUNT_UP, ROW_COUNT_DOWN -> "rows metadata/counts";
      case CELL_LENGTH_MINUS_TWO, CELL_LENGTH_GROW, CELL_LENGTH_SHRINK -> "cell lengths";
      case COLLECTION_COUNT_ZERO,
          COLLECTION_COUNT_NEGATIVE,
          COLLECTION_COUNT_HUGE,
          COLLECTION_COUNT_UP ->
          "collection counts";
    };
  }

  private static void print(Map<String, Map<FrameMutation, Outcomes>> figures, long seconds) {
    System.out.printf(
        "[hostile-figure] seed %x, chance %.2f, %d rounds, %d shards per lane, request timeout %d"
            + " ms, bound %d ms, %d s%n",
        SEED, CHANCE, ROUNDS, SHARDS, REQUEST_TIMEOUT.toMillis(), BOUND_MILLIS, seconds);
    String format = "[hostile-figure] %-10s %-27s %-26s %5s %5s %5s %5s %5s %5s %5s %-6s %s%n";
    System.out.printf(
        format,
        "lane",
        "group",
        "kind",
        "reqs",
        "exact",
        "typed",
        "untyp",
        "wrong",
        "hang",
        "corr",
        "serves",
        "examples");
    figures.forEach(
        (lane, kinds) ->
            kinds.forEach(
                (kind, o) ->
                    System.out.printf(
                        format,
                        lane,
                        group(kind),
                        kind,
                        o.requests(),
                        o.exact(),
                        o.typed(),
                        o.untyped(),
                        o.wrong(),
                        o.hangs(),
                        o.applied(),
                        o.servesAfter() ? "yes" : "NO",
                        o.examples().isEmpty() ? "" : o.examples())));
    // Per group and lane: the table of the fault-tolerance page.
    figures.forEach(
        (lane, kinds) -> {
          Map<String, int[]> groups = new LinkedHashMap<>();
          for (FrameMutation kind : FrameMutation.values()) {
            Outcomes o = kinds.get(kind);
            int[] sums = groups.computeIfAbsent(group(kind), g -> new int[8]);
            sums[0] += o.requests();
            sums[1] += o.exact();
            sums[2] += o.typed();
            sums[3] += o.untyped();
            sums[4] += o.wrong();
            sums[5] += o.hangs();
            sums[6] += o.applied();
            sums[7] += o.servesAfter() ? 0 : 1;
          }
          groups.forEach(
              (group, s) ->
                  System.out.printf(
                      "[hostile-figure] total %-10s %-27s reqs %4d exact %4d typed %4d untyped %3d"
                          + " wrong %3d hangs %3d corrupted %4d not-serving-after %d%n",
                      lane, group, s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]));
        });
  }

  /**
   * Takes the leak reports so far: fails on any that is not the Apache driver's alone, returns how
   * many are (its buffers come from the same Netty and the same detector).
   */
  private static int leaksOfApacheOnly() {
    int apache = 0;
    List<String> ours = new ArrayList<>();
    for (String leak : LeakRecorder.collectLeaks()) {
      if (leak.contains("com.datastax.oss.driver")
          && !leak.contains("io.scyllaboot.driver.internal")) {
        apache++;
      } else {
        ours.add(leak);
      }
    }
    assertThat(ours).as("ByteBuf leaks of ours").isEmpty();
    return apache;
  }
}
