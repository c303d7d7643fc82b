package io.scyllaboot.benchmarks;

import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The axes of the scale run ({@link ScaleRun}), the statements {@link ScaleCluster} primes for
 * them, and the two clients measured on them: ours (raw async API) and the Apache driver's (async
 * API). One operation of an axis at a point {@code x}:
 *
 * <ul>
 *   <li>{@code concurrency}, {@code nodes}: a select-key (one row back) with {@code x} requests in
 *       flight, or on a fake cluster of {@code x} nodes;
 *   <li>{@code rows}: a select answered with a page of {@code x} rows {@code (uuid, int)}, every
 *       row read;
 *   <li>{@code value-read} / {@code value-write}: a select-key answered with a blob of {@code x}
 *       bytes (read in full) / an insert binding a blob of {@code x} bytes;
 *   <li>{@code statements}: an insert picked at random among {@code x} distinct statements, run
 *       through each driver's own prepared-statement cache (ours: {@code executeAsync(cql, values)}
 *       against {@code max-prepared} 512; Apache: {@code prepareAsync} then execute).
 * </ul>
 */
final class ScaleWork {
  private ScaleWork() {}

  static final String SELECT_KEY = "SELECT * FROM benchmarks.basic WHERE id = ?";
  static final int KEY_VALUE = 7; // every select-key is answered with key 7, val 7
  static final List<Integer> ROWS = List.of(1, 10, 100, 1000, 5000);
  static final List<Integer> VALUE_SIZES = List.of(16, 1024, 65536);
  static final int MAX_STATEMENTS = 5000;
  static final int MAX_PREPARED = 512;

  static String rows(int n) {
    return "SELECT * FROM benchmarks.basic LIMIT " + n;
  }

  static String blobRead(int size) {
    return "SELECT * FROM benchmarks.blob" + size + " WHERE id = ?";
  }

  static String blobWrite(int size) {
    return "INSERT INTO benchmarks.blob" + size + " (id, val) VALUES (?, ?)";
  }

  static String statement(int k) {
    return "INSERT INTO benchmarks.basic (id, val) VALUES (?, " + k + ")";
  }

  /** The statements' texts, built once (a string built per operation would be the harness's). */
  private static final String[] STATEMENT_TEXTS = new String[MAX_STATEMENTS];

  static {
    for (int k = 0; k < MAX_STATEMENTS; k++) {
      STATEMENT_TEXTS[k] = statement(k);
    }
  }

  static String anyStatement(int distinct) {
    return STATEMENT_TEXTS[ThreadLocalRandom.current().nextInt(distinct)];
  }

  /** The blob a value-read answer carries: {@code size} bytes, byte i = i. */
  static byte[] blob(int size) {
    byte[] bytes = new byte[size];
    for (int i = 0; i < size; i++) {
      bytes[i] = (byte) i;
    }
    return bytes;
  }

  /** An axis: its name, label, points, the concurrency of its points and its x scale. */
  enum Axis {
    CONCURRENCY("concurrency", "requests in flight", List.of(1, 8, 64, 256, 1024, 4096), 0),
    ROWS("rows", "rows per page", ScaleWork.ROWS, 64),
    VALUE_READ("value-read", "blob size read (bytes)", VALUE_SIZES, 64),
    VALUE_WRITE("value-write", "blob size written (bytes)", VALUE_SIZES, 64),
    STATEMENTS(
        "statements",
        "distinct statements (max-prepared " + MAX_PREPARED + ")",
        List.of(10, 512, MAX_STATEMENTS),
        256),
    NODES("nodes", "nodes in the fake cluster", List.of(1, 3, 9), 256);

    final String label;
    final String title;
    final List<Integer> points;
    final int concurrency; // 0: the point is the concurrency

    Axis(String label, String title, List<Integer> points, int concurrency) {
      this.label = label;
      this.title = title;
      this.points = points;
      this.concurrency = concurrency;
    }

    int concurrencyAt(int x) {
      return concurrency == 0 ? x : concurrency;
    }

    int nodesAt(int x) {
      return this == NODES ? x : 1;
    }

    static Axis of(String label) {
      for (Axis axis : values()) {
        if (axis.label.equals(label)) {
          return axis;
        }
      }
      throw new IllegalArgumentException("unknown axis " + label);
    }
  }

  /** One client: opened on a node, then one operation at a time. */
  abstract static class Client implements AutoCloseable {
    final Axis axis;
    final int x;

    Client(Axis axis, int x) {
      this.axis = axis;
      this.x = x;
    }

    abstract void open(InetSocketAddress node);

    abstract CompletionStage<?> op();

    /** Prepared-statement cache hits and misses so far, or null when the driver does not say. */
    long[] cacheCounts() {
      return null;
    }

    static Client create(String name, Axis axis, int x) {
      return switch (name) {
        case "scylla" -> new Ours(axis, x);
        case "apache" -> new Apache(axis, x);
        default -> throw new IllegalArgumentException("unknown client " + name);
      };
    }
  }

  static UUID randomId() {
    ThreadLocalRandom random = ThreadLocalRandom.current();
    return new UUID(random.nextLong(), random.nextLong());
  }

  // ---------------- ours ----------------

  static final class Ours extends Client {
    private io.scyllaboot.driver.api.CqlSession session;
    private io.scyllaboot.driver.api.cql.PreparedStatement prepared;
    private ByteBuffer value;

    Ours(Axis axis, int x) {
      super(axis, x);
    }

    @Override
    void open(InetSocketAddress node) {
      session =
          io.scyllaboot.driver.api.CqlSession.builder()
              .addContactPoint(node)
              .withLocalDatacenter("datacenter1")
              .withRequestTimeout(Clients.TIMEOUT)
              .withMaxPrepared(Integer.getInteger("scale.max-prepared", MAX_PREPARED))
              .withSessionName("scale")
              .build();
      switch (axis) {
        case CONCURRENCY, NODES -> prepared = session.prepare(SELECT_KEY);
        case ROWS -> prepared = session.prepare(rows(x));
        case VALUE_READ -> prepared = session.prepare(blobRead(x));
        case VALUE_WRITE -> {
          prepared = session.prepare(blobWrite(x));
          value = ByteBuffer.wrap(blob(x));
        }
        case STATEMENTS -> {}
      }
    }

    @Override
    CompletionStage<?> op() {
      return switch (axis) {
        case CONCURRENCY, NODES ->
            session
                .executeAsync(prepared.bind(randomId()))
                .thenAccept(
                    page -> {
                      io.scyllaboot.driver.api.cql.Row row = page.one();
                      Clients.check(row != null && row.getInt(1) == KEY_VALUE, "value of key");
                      page.close();
                    });
        case ROWS ->
            session
                .executeAsync(prepared.bind())
                .thenAccept(
                    page -> {
                      int rows = 0;
                      for (io.scyllaboot.driver.api.cql.Row row : page.currentPage()) {
                        row.getInt(1);
                        rows++;
                      }
                      Clients.check(rows == x, x + " rows");
                    });
        case VALUE_READ ->
            session
                .executeAsync(prepared.bind(randomId()))
                .thenAccept(
                    page -> {
                      io.scyllaboot.driver.api.cql.Row row = page.one();
                      Clients.check(
                          row != null && row.getBytes(1).remaining() == x, x + "-byte blob");
                      page.close();
                    });
        case VALUE_WRITE ->
            session
                .executeAsync(prepared.bind(randomId(), value.duplicate()))
                .thenAccept(io.scyllaboot.driver.api.cql.AsyncResultSet::close);
        case STATEMENTS ->
            session
                .executeAsync(anyStatement(x), (Object) randomId())
                .thenAccept(io.scyllaboot.driver.api.cql.AsyncResultSet::close);
      };
    }

    @Override
    long[] cacheCounts() {
      io.scyllaboot.driver.api.PreparedCacheStats stats = session.preparedCacheStats();
      return new long[] {stats.hits(), stats.misses()};
    }

    @Override
    public void close() {
      session.close();
    }
  }

  // ---------------- the Apache driver ----------------

  static final class Apache extends Client {
    private com.datastax.oss.driver.api.core.CqlSession session;
    private com.datastax.oss.driver.api.core.cql.PreparedStatement prepared;
    private ByteBuffer value;

    Apache(Axis axis, int x) {
      super(axis, x);
    }

    @Override
    void open(InetSocketAddress node) {
      session = ApacheClients.apacheSession(node);
      switch (axis) {
        case CONCURRENCY, NODES -> prepared = session.prepare(SELECT_KEY);
        case ROWS -> prepared = session.prepare(rows(x));
        case VALUE_READ -> prepared = session.prepare(blobRead(x));
        case VALUE_WRITE -> {
          prepared = session.prepare(blobWrite(x));
          value = ByteBuffer.wrap(blob(x));
        }
        case STATEMENTS -> {}
      }
    }

    @Override
    CompletionStage<?> op() {
      return switch (axis) {
        case CONCURRENCY, NODES ->
            session
                .executeAsync(prepared.bind(randomId()))
                .thenAccept(
                    page -> {
                      com.datastax.oss.driver.api.core.cql.Row row = page.one();
                      Clients.check(row != null && row.getInt(1) == KEY_VALUE, "value of key");
                    });
        case ROWS ->
            session
                .executeAsync(prepared.bind())
                .thenAccept(
                    page -> {
                      int rows = 0;
                      for (com.datastax.oss.driver.api.core.cql.Row row : page.currentPage()) {
                        row.getInt(1);
                        rows++;
                      }
                      Clients.check(rows == x, x + " rows");
                    });
        case VALUE_READ ->
            session
                .executeAsync(prepared.bind(randomId()))
                .thenAccept(
                    page -> {
                      com.datastax.oss.driver.api.core.cql.Row row = page.one();
                      Clients.check(
                          row != null && row.getByteBuffer(1).remaining() == x, x + "-byte blob");
                    });
        case VALUE_WRITE -> session.executeAsync(prepared.bind(randomId(), value.duplicate()));
        case STATEMENTS ->
            session
                .prepareAsync(anyStatement(x))
                .thenCompose(ps -> session.executeAsync(ps.bind(randomId())));
      };
    }

    @Override
    public void close() {
      session.close();
    }
  }
}
