package io.scyllaboot.benchmarks;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.PreparedStatement;
import io.scyllaboot.driver.api.cql.Row;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * A soak of our driver against the local node, in this JVM (the one measured): measures the maximum
 * ops/s with 256 in flight, then runs at a fraction of it (80%) for N minutes, rate-limited (an
 * issuing thread paces requests; at most 4,096 in flight), sampling every 10 s the ops/s, p50 and
 * p99 (HdrHistogram), the heap used and the heap after the latest GC, and direct memory (the JVM's
 * "direct" buffer pool and Netty's allocator). The work: reads by key and upserts of the same keys,
 * half each, on its own keyspace {@code scale_soak} (10,000 rows, so the table does not grow).
 *
 * <p>At the end it writes {@code soak.csv} and {@code soak.png} and prints whether memory stayed
 * flat (heap after GC and direct memory: the mean of the last third within 25% + 16 MiB of the
 * first third's; the first sample, the warming pools, left out) and p99 stable (the median of the
 * last third at most twice the first third's + 1 ms).
 *
 * <p>Options: {@code --host --port} (127.0.0.1:9042), {@code --minutes N} (10), {@code --sample S}
 * (10), {@code --fraction F} (0.8), {@code --max-seconds S} (20), {@code --out DIR} ({@code
 * benchmarks/results}).
 */
public final class Soak {
  static final int KEYS = 10_000;
  static final int MAX_IN_FLIGHT = 4096;

  private final CqlSession session;
  private final PreparedStatement read;
  private final PreparedStatement write;
  private final Recorder latency = new Recorder(TimeUnit.SECONDS.toNanos(60), 3);
  private final AtomicLong completed = new AtomicLong();
  private final AtomicLong errors = new AtomicLong();
  private final AtomicInteger inFlight = new AtomicInteger();
  private volatile Throwable lastError;

  private Soak(CqlSession session) {
    this.session = session;
    this.read = session.prepare("SELECT val FROM scale_soak.kv WHERE id = ?");
    this.write = session.prepare("INSERT INTO scale_soak.kv (id, val) VALUES (?, ?)");
  }

  public static void main(String[] args) throws Exception {
    Map<String, String> options = new HashMap<>();
    for (int i = 0; i + 1 < args.length; i += 2) {
      options.put(args[i].replaceFirst("^--", ""), args[i + 1]);
    }
    String host = options.getOrDefault("host", "127.0.0.1");
    int port = Integer.parseInt(options.getOrDefault("port", "9042"));
    double minutes = Double.parseDouble(options.getOrDefault("minutes", "10"));
    double sample = Double.parseDouble(options.getOrDefault("sample", "10"));
    double fraction = Double.parseDouble(options.getOrDefault("fraction", "0.8"));
    double maxSeconds = Double.parseDouble(options.getOrDefault("max-seconds", "20"));
    Path out = Path.of(options.getOrDefault("out", "benchmarks/results"));
    String started = LocalDateTime.now().format(DateTimeFormatter.ISO_LOCAL_DATE_TIME);
    String load = ScaleRun.load1() + " (1-min load average at the start)";
    MemorySampler memory = new MemorySampler();
    int exit;
    try (CqlSession session =
        CqlSession.builder()
            .addContactPoint(new InetSocketAddress(host, port))
            .withLocalDatacenter("datacenter1")
            .withRequestTimeout(Duration.ofSeconds(10))
            .withSessionName("soak")
            .build()) {
      schema(session);
      Soak soak = new Soak(session);
      System.out.printf("== soak against %s:%d; load %s%n", host, port, load);
      soak.closedLoop(256, 10); // warm-up
      double max = soak.closedLoop(256, maxSeconds);
      double rate = max * fraction;
      System.out.printf(
          Locale.ROOT,
          "== maximum %.0f ops/s (256 in flight, %.0f s); soaking at %.0f ops/s for %.1f min%n",
          max,
          maxSeconds,
          rate,
          minutes);
      List<double[]> samples = soak.paced(rate, minutes * 60, sample, memory);
      SoakReport report =
          new SoakReport(samples, max, rate, fraction, started, load, host + ":" + port);
      Files.createDirectories(out);
      Files.writeString(out.resolve("soak.csv"), report.csv());
      report.chart(out.resolve("soak.png"));
      String verdict = report.verdict();
      System.out.println(verdict);
      Files.writeString(out.resolve("soak.md"), report.summary() + "\n" + verdict + "\n");
      System.out.println("CSV, summary and chart written to " + out.toAbsolutePath());
      exit = report.passed() ? 0 : 1;
      session.execute("DROP KEYSPACE IF EXISTS scale_soak").close();
    }
    System.exit(exit);
  }

  private static void schema(CqlSession session) throws Exception {
    session
        .execute(
            "CREATE KEYSPACE IF NOT EXISTS scale_soak WITH replication ="
                + " {'class': 'NetworkTopologyStrategy', 'datacenter1': 1}")
        .close();
    session
        .execute("CREATE TABLE IF NOT EXISTS scale_soak.kv (id uuid PRIMARY KEY, val int)")
        .close();
    PreparedStatement insert = session.prepare("INSERT INTO scale_soak.kv (id, val) VALUES (?, ?)");
    Semaphore permits = new Semaphore(256);
    List<CompletableFuture<?>> pending = new ArrayList<>();
    for (int i = 0; i < KEYS; i++) {
      permits.acquire();
      pending.add(
          session
              .executeAsync(insert.bind(Clients.key(i), i))
              .whenComplete((r, e) -> permits.release())
              .toCompletableFuture());
    }
    CompletableFuture.allOf(pending.toArray(CompletableFuture[]::new)).get(5, TimeUnit.MINUTES);
  }

  /** One operation: a read by key (its value checked) or an upsert of the same value, at random. */
  private void issue() {
    ThreadLocalRandom random = ThreadLocalRandom.current();
    int i = random.nextInt(KEYS);
    UUID id = Clients.key(i);
    long t0 = System.nanoTime();
    inFlight.incrementAndGet();
    CompletionStage<?> stage =
        random.nextBoolean()
            ? session
                .executeAsync(read.bind(id))
                .thenAccept(
                    page -> {
                      Row row = page.one();
                      Clients.check(row != null && row.getInt(0) == i, "value of key");
                      page.close();
                    })
            : session.executeAsync(write.bind(id, i)).thenAccept(rs -> rs.close());
    stage.whenComplete(
        (r, e) -> {
          latency.recordValue(Math.min(System.nanoTime() - t0, 59_000_000_000L));
          inFlight.decrementAndGet();
          if (e != null) {
            errors.incrementAndGet();
            lastError = e;
          } else {
            completed.incrementAndGet();
          }
        });
  }

  /** {@code concurrency} chains for {@code seconds}; returns the ops/s completed. */
  private double closedLoop(int concurrency, double seconds) throws Exception {
    long deadline = System.nanoTime() + (long) (seconds * 1e9);
    long before = completed.get();
    long start = System.nanoTime();
    CompletableFuture<Void> done = new CompletableFuture<>();
    AtomicInteger chains = new AtomicInteger(concurrency);
    Runnable[] next = new Runnable[1];
    next[0] =
        () -> {
          if (System.nanoTime() - deadline >= 0) {
            if (chains.decrementAndGet() == 0) {
              done.complete(null);
            }
            return;
          }
          ThreadLocalRandom random = ThreadLocalRandom.current();
          int i = random.nextInt(KEYS);
          CompletionStage<?> stage =
              random.nextBoolean()
                  ? session.executeAsync(read.bind(Clients.key(i)))
                  : session.executeAsync(write.bind(Clients.key(i), i));
          stage.whenComplete(
              (r, e) -> {
                if (e == null) {
                  completed.incrementAndGet();
                } else {
                  errors.incrementAndGet();
                  lastError = e;
                }
                next[0].run();
              });
        };
    for (int c = 0; c < concurrency; c++) {
      next[0].run();
    }
    done.get((long) seconds + 60, TimeUnit.SECONDS);
    return (completed.get() - before) / ((System.nanoTime() - start) / 1e9);
  }

  /**
   * Issues {@code rate} operations a second for {@code seconds} from this thread (paced every 200
   * us; a tick that finds {@link #MAX_IN_FLIGHT} requests in flight skips its operations, counted),
   * sampling every {@code sample} seconds: t, ops/s, p50 us, p99 us, heap used MiB, heap after GC
   * MiB, JVM direct MiB, Netty direct MiB, errors, skipped.
   */
  private List<double[]> paced(double rate, double seconds, double sample, MemorySampler memory) {
    List<double[]> samples = new ArrayList<>();
    long start = System.nanoTime();
    long end = start + (long) (seconds * 1e9);
    long nextSample = start + (long) (sample * 1e9);
    long issued = 0;
    long skipped = 0;
    long lastCompleted = completed.get();
    long lastErrors = errors.get();
    long lastSampleAt = start;
    latency.getIntervalHistogram();
    while (true) {
      long now = System.nanoTime();
      if (now - end >= 0) {
        break;
      }
      long due = (long) ((now - start) / 1e9 * rate);
      while (issued < due) {
        if (inFlight.get() >= MAX_IN_FLIGHT) {
          skipped += due - issued;
          issued = due;
          break;
        }
        issue();
        issued++;
      }
      if (now - nextSample >= 0) {
        long done = completed.get();
        long failed = errors.get();
        Histogram h = latency.getIntervalHistogram();
        double[] m = memory.sample();
        double[] row = {
          (now - start) / 1e9,
          (done - lastCompleted) / ((now - lastSampleAt) / 1e9),
          h.getValueAtPercentile(50) / 1000.0,
          h.getValueAtPercentile(99) / 1000.0,
          m[0],
          m[1],
          m[2],
          m[3],
          failed - lastErrors,
          skipped
        };
        samples.add(row);
        System.out.printf(
            Locale.ROOT,
            "   t=%4.0fs %8.0f ops/s p50 %6.0f us p99 %7.0f us heap %5.0f MiB (after GC %5.0f)"
                + " direct jvm %5.1f netty %5.1f MiB errors %.0f skipped %.0f%n",
            row[0],
            row[1],
            row[2],
            row[3],
            row[4],
            row[5],
            row[6],
            row[7],
            row[8],
            row[9]);
        if (row[8] > 0 && lastError != null) {
          System.out.println("     last error: " + lastError);
        }
        lastCompleted = done;
        lastErrors = failed;
        lastSampleAt = now;
        skipped = 0;
        nextSample += (long) (sample * 1e9);
      }
      LockSupport.parkNanos(200_000);
    }
    return samples;
  }
}
