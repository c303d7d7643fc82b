package io.scyllaboot.benchmarks;

import io.scyllaboot.benchmarks.Clients.Workload;
import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.PreparedStatement;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

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
 * --port P}, {@code --jvm "FLAGS"}.
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
   * jars instead of the Apache driver's (they share package names); see {@link
   * #scyllaDbDriverClasspath}.
   */
  static final String SCYLLADB_DRIVER = "scylladb-driver";

  /** The least work a CQL client can do ({@link FloorClient}): the yardstick of CPU per op. */
  static final String FLOOR = "floor";

  static final List<String> SYNC_CLIENTS = List.of("scylla-template", "spring-data");
  static final String BASELINE = "apache";

  /** The harness without a driver, run before the async clients unless {@code --no-harness}. */
  static final String HARNESS = "harness";

  private final Map<String, String> options;
  private final boolean fake;
  private final boolean scylla;
  private final boolean noNode; // a fake of either kind: no schema, no rows to fill or count
  private final boolean quick;
  private final String host;
  private final int port;
  private final List<String> jvmFlags;
  private final String classpath = System.getProperty("java.class.path");
  private final String javaBin =
      Path.of(System.getProperty("java.home"), "bin", "java").toAbsolutePath().toString();
  private final List<Result> results = new ArrayList<>();
  private final PrintStream log = System.out;
  private Process fakeNode;
  private ScyllaClusterProcess scyllaCluster;
  private long serverPid = -1;

  private Benchmark(Map<String, String> options) {
    this.options = options;
    this.fake = options.containsKey("fake");
    this.scylla = options.containsKey("scylla");
    this.noNode = fake || scylla;
    this.quick = options.containsKey("quick");
    this.host = options.getOrDefault("host", scylla ? "127.0.8.1" : "127.0.0.1");
    this.port =
        Integer.parseInt(options.getOrDefault("port", scylla ? "39042" : fake ? "19042" : "9042"));
    this.jvmFlags =
        Arrays.asList(
            options
                .getOrDefault("jvm", "-Xms1g -Xmx1g -XX:+UseG1GC -XX:+AlwaysPreTouch")
                .trim()
                .split("\\s+"));
  }

  public static void main(String[] args) throws Exception {
    Map<String, String> options = new HashMap<>();
    for (int i = 0; i < args.length; i++) {
      String name = args[i].replaceFirst("^--", "");
      if (name.equals("fake")
          || name.equals("scylla")
          || name.equals("quick")
          || name.equals("no-harness")
          || name.equals("no-node-warmup")) {
        options.put(name, "true");
      } else {
        options.put(name, args[++i]);
      }
    }
    Benchmark benchmark = new Benchmark(options);
    int failures = benchmark.run();
    System.exit(failures == 0 ? 0 : 1);
  }

  private long opsFor(Workload workload) {
    if (options.containsKey("ops")) {
      return Long.parseLong(options.get("ops"));
    }
    if (quick) {
      return 300;
    }
    // Sized for 10-40 s per client on a 2-core machine (client and node sharing it).
    return switch (workload) {
      case INSERT -> noNode ? 2_000_000 : 200_000;
      case SELECT -> noNode ? 1_000_000 : 100_000;
      case SELECT_KEY -> noNode ? 2_000_000 : 200_000;
    };
  }

  private long warmupFor(Workload workload) {
    if (options.containsKey("warmup")) {
      return Long.parseLong(options.get("warmup"));
    }
    return quick ? 200 : Math.max(20_000, opsFor(workload) / 5);
  }

  private List<String> list(String name, String defaults) {
    return Arrays.asList(options.getOrDefault(name, defaults).split(","));
  }

  private int run() throws Exception {
    int rounds = Integer.parseInt(options.getOrDefault("rounds", quick ? "1" : "2"));
    List<Integer> concurrencies =
        list("concurrency", quick ? "100" : "100,256,1024").stream()
            .map(Integer::parseInt)
            .toList();
    List<String> clients =
        list(
            "clients",
            scylla
                ? String.join(",", SCYLLA_MODE_CLIENTS)
                : FLOOR
                    + ","
                    + String.join(",", ASYNC_CLIENTS)
                        .replace("scylla-policies,", "")
                        .replace("scylla-shard-unaware,", "")
                    + ","
                    + String.join(",", SYNC_CLIENTS));
    // select has no partition key, hence no owning shard: not a ScyllaDB-shaped workload
    List<Workload> workloads =
        list("workloads", scylla ? "insert,select-key" : "insert,select,select-key").stream()
            .map(Workload::of)
            .toList();
    if (!options.containsKey("no-harness")
        && !clients.contains(HARNESS)
        && clients.stream().map(Benchmark::kind).anyMatch(ASYNC_CLIENTS::contains)) {
      List<String> withHarness = new ArrayList<>();
      withHarness.add(HARNESS);
      withHarness.addAll(clients);
      clients = withHarness;
    }
    int syncThreads = Integer.parseInt(options.getOrDefault("sync-threads", "256"));
    String started = LocalDateTime.now().format(DateTimeFormatter.ISO_LOCAL_DATE_TIME);
    String load = loadAverage();
    int failures = 0;
    if (fake) {
      startFakeNode();
    }
    if (scylla) {
      startScyllaCluster();
    }
    serverPid = serverPid();
    try (CqlSession admin = noNode ? null : adminSession()) {
      if (!noNode) {
        schema(admin);
      }
      if (!quick && !options.containsKey("no-node-warmup")) {
        warmNode(admin, workloads);
      }
      for (Workload workload : workloads) {
        if (!noNode) {
          fill(admin, workload);
        }
        for (int round = 1; round <= rounds; round++) {
          for (int concurrency : concurrencies) {
            for (String client : clients) {
              if (ASYNC_CLIENTS.contains(kind(client))
                  || client.equals(HARNESS)
                  || client.equals(FLOOR)) {
                failures += measure(admin, client, workload, concurrency, round) ? 0 : 1;
              }
            }
          }
          for (String client : clients) {
            if (SYNC_CLIENTS.contains(kind(client))
                || VirtualThreadClients.isVirtual(kind(client))) {
              failures += measure(admin, client, workload, syncThreads, round) ? 0 : 1;
            }
          }
        }
      }
    } finally {
      if (fakeNode != null) {
        fakeNode.destroy();
        fakeNode.waitFor(10, TimeUnit.SECONDS);
      }
      if (scyllaCluster != null) {
        scyllaCluster.close();
      }
    }
    String mode = scylla ? "scylla" : fake ? "fake" : "node";
    Report report = new Report(results, mode, target(), jvmFlags, futureBytes());
    String table = report.table(started, load, rounds);
    log.println();
    log.println(table);
    List<String> resultLines = report.resultLines();
    resultLines.forEach(log::println);
    String out =
        options.getOrDefault(
            "out",
            "benchmark-results/latest"
                + (scylla ? "-scylla" : fake ? "-fake" : "")
                + (quick ? "-quick" : "")
                + ".md");
    Path path = Path.of(out);
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
    }
    return failures;
  }

  private String target() {
    if (scylla) {
      return String.format(
          Locale.ROOT,
          "the fake ScyllaDB cluster (FakeScyllaCluster, its own JVM: %s node(s) x %s shards from"
              + " %s:%d, shard-aware port %d; a request on a non-owning shard hops to the owning"
              + " shard's event loop and back, spinning %s us there)",
          options.getOrDefault("nodes", "2"),
          options.getOrDefault("shards", "2"),
          host,
          port,
          shardAwarePort(),
          options.getOrDefault("hop-us", "5"));
    }
    return fake
        ? "the fake node (BenchFakeNode, its own JVM)"
        : "the local node " + host + ":" + port;
  }

  private int shardAwarePort() {
    return Integer.parseInt(options.getOrDefault("shard-aware-port", "39043"));
  }

  // ---------------- the node ----------------

  private CqlSession adminSession() {
    return CqlSession.builder()
        .addContactPoint(new InetSocketAddress(host, port))
        .withLocalDatacenter("datacenter1")
        .withRequestTimeout(Duration.ofSeconds(60))
        .withSessionName("bench-admin")
        .build();
  }

  private void schema(CqlSession admin) {
    admin
        .execute(
            "CREATE KEYSPACE IF NOT EXISTS benchmarks WITH replication ="
                + " {'class': 'NetworkTopologyStrategy', 'datacenter1': 1}")
        .close();
    admin
        .execute("CREATE TABLE IF NOT EXISTS benchmarks.basic (id uuid PRIMARY KEY, val int)")
        .close();
  }

  private void warmNode(CqlSession admin, List<Workload> workloads) throws Exception {
    log.println("== warming the node (results discarded)");
    for (Workload workload : workloads) {
      if (!noNode) {
        fill(admin, workload);
      }
      for (String client : List.of("scylla", BASELINE)) {
        Map<String, Double> m =
            runClient(client, workload, 256, opsFor(workload) / 4, warmupFor(workload));
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

  /**
   * Prepares the table for a workload: empty for insert, 10 rows for select, KEYS for select-key.
   */
  private void fill(CqlSession admin, Workload workload) throws Exception {
    admin.execute("TRUNCATE benchmarks.basic").close();
    int rows =
        switch (workload) {
          case INSERT -> 0;
          case SELECT -> 10;
          case SELECT_KEY -> Clients.KEYS;
        };
    PreparedStatement insert = admin.prepare(Clients.INSERT);
    Semaphore inFlight = new Semaphore(256);
    List<CompletableFuture<?>> pending = new ArrayList<>();
    for (int i = 0; i < rows; i++) {
      inFlight.acquire();
      CompletionStage<?> stage =
          admin
              .executeAsync(insert.bind(Clients.key(i), i))
              .whenComplete((r, e) -> inFlight.release());
      pending.add(stage.toCompletableFuture());
    }
    CompletableFuture.allOf(pending.toArray(CompletableFuture[]::new)).get(5, TimeUnit.MINUTES);
  }

  private long count(CqlSession admin) {
    return admin.execute("SELECT COUNT(*) FROM benchmarks.basic").one().getLong(0);
  }

  private void startFakeNode() throws Exception {
    List<String> command = new ArrayList<>();
    command.add(javaBin);
    command.addAll(List.of("-Xms256m", "-Xmx256m", "-XX:+UseG1GC", "-cp", classpath));
    command.add(BenchFakeNode.class.getName());
    command.add(host);
    command.add(String.valueOf(port));
    fakeNode = new ProcessBuilder(command).redirectErrorStream(true).start();
    BufferedReader reader =
        new BufferedReader(
            new InputStreamReader(fakeNode.getInputStream(), StandardCharsets.UTF_8));
    String line = reader.readLine();
    if (line == null || !line.startsWith("FAKE-NODE-READY")) {
      throw new IllegalStateException("the fake node did not start: " + line);
    }
    Thread drain =
        new Thread(
            () -> {
              try {
                reader.transferTo(java.io.Writer.nullWriter());
              } catch (IOException ignored) {
                // the node stopped
              }
            });
    drain.setDaemon(true);
    drain.start();
    log.println("== fake node (pid " + fakeNode.pid() + ") on " + host + ":" + port);
  }

  private void startScyllaCluster() throws IOException {
    scyllaCluster =
        ScyllaClusterProcess.start(
            javaBin,
            classpath,
            host,
            port,
            shardAwarePort(),
            Integer.parseInt(options.getOrDefault("nodes", "2")),
            Integer.parseInt(options.getOrDefault("shards", "2")),
            Long.parseLong(options.getOrDefault("hop-us", "5")));
    log.println("== " + target() + ", pid " + scyllaCluster.pid());
  }

  /** The pid of the process listening on the node's port (a fake, or the real node). */
  private long serverPid() {
    if (fakeNode != null) {
      return fakeNode.pid();
    }
    if (scyllaCluster != null) {
      return scyllaCluster.pid();
    }
    try {
      Process ss =
          new ProcessBuilder("ss", "-ltnpH", "( sport = :" + port + " )")
              .redirectErrorStream(true)
              .start();
      String out = new String(ss.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      ss.waitFor();
      java.util.regex.Pattern pid = java.util.regex.Pattern.compile("pid=(\\d+)");
      for (String line : out.split("\n")) {
        // the node's own address: other local nodes may listen on the same port elsewhere
        if (line.contains(" " + host + ":" + port + " ")) {
          java.util.regex.Matcher m = pid.matcher(line);
          if (m.find()) {
            return Long.parseLong(m.group(1));
          }
        }
      }
      return -1;
    } catch (Exception e) {
      return -1;
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

  // ---------------- one client run ----------------

  private boolean measure(
      CqlSession admin, String client, Workload workload, int concurrency, int round)
      throws Exception {
    boolean harness = client.equals(HARNESS);
    if (workload == Workload.INSERT && !noNode && !harness) {
      admin.execute("TRUNCATE benchmarks.basic").close();
    }
    long ops = opsFor(workload);
    long warmup = warmupFor(workload);
    if (scyllaCluster != null) {
      scyllaCluster.counters(); // zeroes them
    }
    Map<String, Double> m = runClient(client, workload, concurrency, ops, warmup);
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
    if (workload == Workload.INSERT && !noNode && !harness) {
      long rows = count(admin);
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

  /**
   * The harness's classpath less the Apache driver's jars ({@code java-driver-*}), then the jars of
   * the ScyllaDB driver (module benchmarks-scylladb-driver, {@code -Dbench.scylladb-driver-lib}):
   * the fork's driver and protocol classes, the harness's versions of what both share.
   */
  private String scyllaDbDriverClasspath() throws IOException {
    Path lib =
        Path.of(
            System.getProperty(
                "bench.scylladb-driver-lib", "benchmarks-scylladb-driver/target/lib"));
    if (!Files.isDirectory(lib)) {
      throw new IllegalStateException(
          "no "
              + lib.toAbsolutePath()
              + ": build it with mvn -pl benchmarks,benchmarks-scylladb-driver -am package");
    }
    List<String> entries = new ArrayList<>();
    for (String entry : classpath.split(java.io.File.pathSeparator)) {
      if (!Path.of(entry).getFileName().toString().startsWith("java-driver-")) {
        entries.add(entry);
      }
    }
    try (var jars = Files.list(lib)) {
      jars.map(Path::toString).filter(j -> j.endsWith(".jar")).sorted().forEach(entries::add);
    }
    return String.join(java.io.File.pathSeparator, entries);
  }

  /**
   * The client a name runs: {@code scylla@base} is {@code scylla} on another build of the driver
   * (an A/B run of two commits, interleaved like any two clients), whose jars the harness's {@code
   * -Dbench.build.base=JAR[:JAR]} names; they go before the harness's own on the classpath.
   */
  static String kind(String client) {
    int at = client.indexOf('@');
    return at < 0 ? client : client.substring(0, at);
  }

  /** The jars of a {@code client@build}'s build and a path separator, or "" for the harness's. */
  private static String build(String client) {
    int at = client.indexOf('@');
    if (at < 0) {
      return "";
    }
    String jars = System.getProperty("bench.build." + client.substring(at + 1));
    if (jars == null) {
      throw new IllegalArgumentException(
          client + ": no -Dbench.build." + client.substring(at + 1) + "=JAR[:JAR] given");
    }
    return jars + java.io.File.pathSeparator;
  }

  /** Runs one client JVM; returns its METRICS, or null if it failed. */
  private Map<String, Double> runClient(
      String client, Workload workload, int concurrency, long ops, long warmup) throws Exception {
    List<String> command = new ArrayList<>();
    command.add(javaBin);
    command.addAll(jvmFlags);
    if (noNode) {
      command.add("-Dbench.select-key-value=" + BenchScyllaCluster.ROW_VALUE);
    }
    if (scylla) {
      command.add("-Dbench.shard-aware-port=" + shardAwarePort());
    }
    command.add("-cp");
    command.add(
        client.equals(SCYLLADB_DRIVER) ? scyllaDbDriverClasspath() : build(client) + classpath);
    command.add(ClientMain.class.getName());
    command.addAll(
        List.of(
            kind(client),
            workload.label,
            String.valueOf(concurrency),
            String.valueOf(ops),
            String.valueOf(warmup),
            host,
            String.valueOf(port),
            String.valueOf(serverPid)));
    Process process =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.PIPE)
            .start();
    List<String> output = new ArrayList<>();
    Map<String, Double> metrics = null;
    try (BufferedReader reader =
        new BufferedReader(
            new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = reader.readLine()) != null) {
        output.add(line);
        if (line.startsWith("METRICS ")) {
          metrics = new LinkedHashMap<>();
          for (String field : line.substring(8).trim().split(" ")) {
            int eq = field.indexOf('=');
            metrics.put(field.substring(0, eq), Double.parseDouble(field.substring(eq + 1)));
          }
        }
      }
    }
    int exit = process.waitFor();
    if (exit != 0 || metrics == null) {
      log.println("   client " + client + " exited with " + exit + "; its output:");
      output.stream()
          .skip(Math.max(0, output.size() - 40))
          .forEach(l -> log.println("     | " + l));
      return null;
    }
    return metrics;
  }
}
