package io.scyllaboot.benchmarks;

import io.scyllaboot.benchmarks.Clients.Workload;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * The benchmark harness: runs every client, each in its own JVM with the same flags, over every
 * workload and concurrency, in turn (A B A B ...) for several rounds, against the local node or
 * against {@link BenchFakeNode} (also in its own JVM), then prints a table of the medians over the
 * rounds with each figure's ratio to the Apache driver's async API, plus one {@code RESULT} line
 * per result, and writes the table to a file.
 *
 * <p>With {@code --scylla}, the target is a ScyllaDB-shaped fake cluster ({@link
 * BenchScyllaCluster}, its own JVM) where a request on a non-owning shard pays a cross-shard hop,
 * the clients are ours shard-aware, ours shard-unaware and the Apache driver, and the table adds
 * the fraction of requests that landed on their owning shard ({@code --nodes 2 --shards 2 --hop-us
 * 5 --shard-aware-port 39043}; the node is {@code 127.0.8.1:39042} unless {@code --host/--port}).
 *
 * <p>Each round also runs {@link HarnessClient} ({@code harness}, no driver) at every workload and
 * concurrency, so that the table can show the drivers' own share of the allocation (the column
 * "driver alloc B/op"); {@code --no-harness} leaves it out.
 *
 * <p>Options: {@code --fake}, {@code --scylla}, {@code --quick} (a few hundred operations per
 * client, one round), {@code --rounds R}, {@code --concurrency 100,256,1024}, {@code --clients
 * a,b}, {@code --workloads insert,select,select-key}, {@code --ops N} (overrides the per-workload
 * defaults), {@code --warmup N}, {@code --sync-threads 256}, {@code --out FILE}, {@code --host H
 * --port P}, {@code --jvm "FLAGS"}, {@code --check-ratios insert.cpu=1.0,select.alloc=0.6} (CI's
 * check of ours against Apache's in this run: {@link RatioCheck}), {@code --check-ops N} (the two
 * checked clients run N operations after N of warm-up at the checked workloads).
 */
public final class Benchmark {
  static final List<String> ASYNC_CLIENTS =
      List.of(
          "scylla",
          "scylla-observed",
          "scylla-policies",
          "scylla-shard-unaware",
          "scylla-async-template",
          "apache",
          "scylladb-driver",
          "spring-data-async");
  static final List<String> SCYLLA_MODE_CLIENTS =
      List.of("scylla", "scylla-shard-unaware", "apache", "scylladb-driver");

  /**
   * The ScyllaDB Java driver 4.x: the Apache client's code in a JVM whose classpath has the fork's
   * jars instead of the Apache driver's (they share package names); see {@link ClientLauncher}.
   */
  static final String SCYLLADB_DRIVER = "scylladb-driver";

  /** The least work a CQL client can do ({@link FloorClient}): the yardstick of CPU per op. */
  static final String FLOOR = "floor";

  static final List<String> SYNC_CLIENTS = List.of("scylla-template", "spring-data");
  static final String BASELINE = "apache";

  /** The harness without a driver, run before the async clients unless {@code --no-harness}. */
  static final String HARNESS = "harness";

  private final BenchOptions options;
  private final String classpath = System.getProperty("java.class.path");
  private final String javaBin =
      Path.of(System.getProperty("java.home"), "bin", "java").toAbsolutePath().toString();
  private final List<Result> results = new ArrayList<>();
  private final PrintStream log = System.out;
  private ScyllaClusterProcess scyllaCluster;
  private ClientLauncher launcher;

  private Benchmark(BenchOptions options) {
    this.options = options;
  }

  public static void main(String[] args) throws Exception {
    Benchmark benchmark = new Benchmark(BenchOptions.parse(args));
    System.exit(benchmark.run());
  }

  /** 0, 1 if a client run failed, {@link RatioCheck#EXIT_RATIO} if a ratio broke its bound. */
  private int run() throws Exception {
    List<RatioCheck.Bound> bounds =
        options.has("check-ratios") ? RatioCheck.parse(options.get("check-ratios")) : List.of();
    int rounds = options.rounds();
    List<Integer> concurrencies = options.concurrencies();
    List<String> clients = options.clients();
    List<Workload> workloads = options.workloads();
    int syncThreads = options.syncThreads();
    String started = LocalDateTime.now().format(DateTimeFormatter.ISO_LOCAL_DATE_TIME);
    String load = loadAverage();
    int failures = 0;
    BenchTarget target = BenchTarget.start(options, javaBin, classpath, log);
    scyllaCluster = target.scyllaCluster();
    launcher = new ClientLauncher(options, javaBin, classpath, target.serverPid(), log);
    try (BenchTable table = options.noNode ? null : BenchTable.open(options.host, options.port)) {
      if (!options.quick && !options.has("no-node-warmup")) {
        warmNode(table, workloads);
      }
      for (Workload workload : workloads) {
        if (table != null) {
          table.fill(workload);
        }
        for (int round = 1; round <= rounds; round++) {
          for (int concurrency : concurrencies) {
            for (String client : clients) {
              if (ASYNC_CLIENTS.contains(ClientLauncher.kind(client))
                  || client.equals(HARNESS)
                  || client.equals(FLOOR)) {
                failures += measure(table, client, workload, concurrency, round) ? 0 : 1;
              }
            }
          }
          for (String client : clients) {
            if (SYNC_CLIENTS.contains(ClientLauncher.kind(client))
                || VirtualThreadClients.isVirtual(ClientLauncher.kind(client))) {
              failures += measure(table, client, workload, syncThreads, round) ? 0 : 1;
            }
          }
        }
      }
    } finally {
      target.close();
    }
    Report report =
        new Report(results, options.mode(), options.target(), options.jvmFlags, futureBytes());
    String table = report.table(started, load, rounds);
    log.println();
    log.println(table);
    List<String> resultLines = report.resultLines();
    resultLines.forEach(log::println);
    Path path = Path.of(options.out());
    if (path.getParent() != null) {
      Files.createDirectories(path.getParent());
    }
    StringBuilder file = new StringBuilder(table).append("\n```\n");
    for (String line : resultLines) {
      file.append(line).append('\n');
    }
    file.append("```\n");
    Files.writeString(path, file.toString());
    log.println("table written to " + path.toAbsolutePath());
    if (failures > 0) {
      log.println(failures + " client run(s) FAILED");
      return 1;
    }
    boolean ratiosHeld = true;
    for (RatioCheck.Outcome outcome : RatioCheck.check(resultLines, bounds)) {
      log.println(outcome.line());
      ratiosHeld &= outcome.passed();
    }
    return ratiosHeld ? 0 : RatioCheck.EXIT_RATIO;
  }

  /** Runs ours and the baseline once per workload, unmeasured: the node's JIT warms up. */
  private void warmNode(BenchTable table, List<Workload> workloads) throws Exception {
    log.println("== warming the node (results discarded)");
    for (Workload workload : workloads) {
      if (table != null) {
        table.fill(workload);
      }
      for (String client : List.of("scylla", BASELINE)) {
        Map<String, Double> m =
            launcher.run(
                client, workload, 256, options.opsFor(workload) / 4, options.warmupFor(workload));
        log.printf(
            Locale.ROOT,
            "   warm-up %s %s: %s%n",
            workload.label,
            client,
            m == null
                ? "FAILED"
                : String.format(Locale.ROOT, "%.0f ops/s", m.get("ops") / m.get("seconds")));
      }
    }
  }

  private static String loadAverage() {
    try {
      return Files.readString(Path.of("/proc/loadavg")).trim();
    } catch (IOException e) {
      return "?";
    }
  }

  /**
   * The bytes of one {@code CompletableFuture} as this JVM lays it out (the clients' JVMs have the
   * same compressed-pointer layout): the {@code harness} client's stand-in for the driver's own
   * future, which belongs to the driver's share, not the harness's.
   */
  static long futureBytes() {
    com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
    CompletableFuture<?>[] futures = new CompletableFuture<?>[4096];
    long least = Long.MAX_VALUE;
    for (int attempt = 0; attempt < 5; attempt++) {
      long before = threads.getCurrentThreadAllocatedBytes();
      for (int k = 0; k < futures.length; k++) {
        futures[k] = new CompletableFuture<>();
      }
      long after = threads.getCurrentThreadAllocatedBytes();
      least = Math.min(least, after - before);
    }
    return Math.round((double) least / futures.length);
  }

  private boolean measure(
      BenchTable table, String client, Workload workload, int concurrency, int round)
      throws Exception {
    boolean harness = client.equals(HARNESS);
    if (workload == Workload.INSERT && table != null && !harness) {
      table.truncate();
    }
    long ops = options.opsFor(workload, client);
    long warmup = options.warmupFor(workload, client);
    if (scyllaCluster != null) {
      scyllaCluster.counters(); // zeroes them
    }
    Map<String, Double> m = launcher.run(client, workload, concurrency, ops, warmup);
    if (m != null && scyllaCluster != null) {
      // warm-up and measured requests alike: where requests land does not change as the JIT warms
      ScyllaClusterProcess.Counters counters = scyllaCluster.counters();
      m.put("with_token", (double) counters.withToken());
      m.put("on_owning_shard", (double) counters.onOwningShard());
      m.put("hops", (double) counters.hops());
    }
    if (m == null) {
      log.printf("   %s %s C=%d round %d: FAILED%n", workload.label, client, concurrency, round);
      return false;
    }
    String check = "";
    if (workload == Workload.INSERT && table != null && !harness) {
      long rows = table.count();
      check = " count=" + rows;
      if (rows != ops + warmup) {
        log.printf(
            "   %s %s: COUNT(*) = %d, expected %d%n", workload.label, client, rows, ops + warmup);
        return false;
      }
    }
    if (m.get("node_user_ns") >= 0) {
      m.put("node_cpu_ns", m.get("node_user_ns") + m.get("node_sys_ns"));
    }
    Result result = new Result(workload, client, concurrency, round, m);
    results.add(result);
    log.printf(
        Locale.ROOT,
        "   %-10s %-22s C=%-5d round %d: %9.0f ops/s %7.2f us/op cpu %7.0f B/op p99 %6.0f us%s%n",
        workload.label,
        client,
        concurrency,
        round,
        result.opsPerSecond(),
        result.cpuMicrosPerOp(),
        result.allocPerOp(),
        m.get("p99_ns") / 1000,
        check
            + (m.containsKey("with_token")
                ? String.format(Locale.ROOT, " owning shard %.2f", result.owningShardFraction())
                : ""));
    return true;
  }
}
