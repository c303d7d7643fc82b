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
import java.util.function.ToDoubleFunction;

/**
 * The benchmark harness: runs every client, each in its own JVM with the same flags, over every
 * workload and concurrency, in turn (A B A B ...) for several rounds, against the local node or
 * against {@link BenchFakeNode} (also in its own JVM), then prints a table of the medians over the
 * rounds with each figure's ratio to the Apache driver's async API, plus one {@code RESULT} line
 * per result, and writes the table to a file.
 *
 * <p>Options: {@code --fake}, {@code --quick} (a few hundred operations per client, one round),
 * {@code --rounds R}, {@code --concurrency 100,256,1024}, {@code --clients a,b}, {@code --workloads
 * insert,select,select-key}, {@code --ops N} (overrides the per-workload defaults), {@code --warmup
 * N}, {@code --sync-threads 256}, {@code --out FILE}, {@code --host H --port P}, {@code --jvm
 * "FLAGS"}.
 */
public final class Benchmark {
  static final List<String> ASYNC_CLIENTS =
      List.of("scylla", "scylla-async-template", "apache", "spring-data-async");
  static final List<String> SYNC_CLIENTS = List.of("scylla-template", "spring-data");
  static final String BASELINE = "apache";

  private final Map<String, String> options;
  private final boolean fake;
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
  private long serverPid = -1;

  private Benchmark(Map<String, String> options) {
    this.options = options;
    this.fake = options.containsKey("fake");
    this.quick = options.containsKey("quick");
    this.host = options.getOrDefault("host", "127.0.0.1");
    this.port = Integer.parseInt(options.getOrDefault("port", fake ? "19042" : "9042"));
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
      if (name.equals("fake") || name.equals("quick")) {
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
      case INSERT -> fake ? 2_000_000 : 200_000;
      case SELECT -> fake ? 1_000_000 : 100_000;
      case SELECT_KEY -> fake ? 2_000_000 : 200_000;
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
        list("clients", String.join(",", ASYNC_CLIENTS) + "," + String.join(",", SYNC_CLIENTS));
    List<Workload> workloads =
        list("workloads", "insert,select,select-key").stream().map(Workload::of).toList();
    int syncThreads = Integer.parseInt(options.getOrDefault("sync-threads", "256"));
    String started = LocalDateTime.now().format(DateTimeFormatter.ISO_LOCAL_DATE_TIME);
    String load = loadAverage();
    int failures = 0;
    if (fake) {
      startFakeNode();
    }
    serverPid = serverPid();
    try (CqlSession admin = fake ? null : adminSession()) {
      if (!fake) {
        schema(admin);
      }
      if (!quick && !options.containsKey("no-node-warmup")) {
        warmNode(admin, workloads);
      }
      for (Workload workload : workloads) {
        if (!fake) {
          fill(admin, workload);
        }
        for (int round = 1; round <= rounds; round++) {
          for (int concurrency : concurrencies) {
            for (String client : clients) {
              if (ASYNC_CLIENTS.contains(client)) {
                failures += measure(admin, client, workload, concurrency, round) ? 0 : 1;
              }
            }
          }
          for (String client : clients) {
            if (SYNC_CLIENTS.contains(client)) {
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
    }
    String table = report(started, load, rounds);
    log.println();
    log.println(table);
    for (Summary s : summaries()) {
      log.println(s.resultLine());
    }
    String out =
        options.getOrDefault(
            "out",
            "benchmark-results/latest" + (fake ? "-fake" : "") + (quick ? "-quick" : "") + ".md");
    Path path = Path.of(out);
    if (path.getParent() != null) {
      Files.createDirectories(path.getParent());
    }
    StringBuilder file = new StringBuilder(table).append("\n```\n");
    for (Summary s : summaries()) {
      file.append(s.resultLine()).append('\n');
    }
    file.append("```\n");
    Files.writeString(path, file.toString());
    log.println("table written to " + path.toAbsolutePath());
    if (failures > 0) {
      log.println(failures + " client run(s) FAILED");
    }
    return failures;
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
      if (!fake) {
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

  /** The pid of the process listening on the node's port (the fake node, or the real node). */
  private long serverPid() {
    if (fakeNode != null) {
      return fakeNode.pid();
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

  // ---------------- one client run ----------------

  private boolean measure(
      CqlSession admin, String client, Workload workload, int concurrency, int round)
      throws Exception {
    if (workload == Workload.INSERT && !fake) {
      admin.execute("TRUNCATE benchmarks.basic").close();
    }
    long ops = opsFor(workload);
    long warmup = warmupFor(workload);
    Map<String, Double> m = runClient(client, workload, concurrency, ops, warmup);
    if (m == null) {
      log.printf("   %s %s C=%d round %d: FAILED%n", workload.label, client, concurrency, round);
      return false;
    }
    String check = "";
    if (workload == Workload.INSERT && !fake) {
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
        check);
    return true;
  }

  /** Runs one client JVM; returns its METRICS, or null if it failed. */
  private Map<String, Double> runClient(
      String client, Workload workload, int concurrency, long ops, long warmup) throws Exception {
    List<String> command = new ArrayList<>();
    command.add(javaBin);
    command.addAll(jvmFlags);
    command.add("-cp");
    command.add(classpath);
    command.add(ClientMain.class.getName());
    command.addAll(
        List.of(
            client,
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

  // ---------------- results ----------------

  private record Result(
      Workload workload, String client, int concurrency, int round, Map<String, Double> m) {
    double ops() {
      return m.get("ops");
    }

    double opsPerSecond() {
      return ops() / m.get("seconds");
    }

    double cpuMicrosPerOp() {
      return m.get("cpu_ns") / 1000 / ops();
    }

    double allocPerOp() {
      return m.get("alloc_bytes") / ops();
    }
  }

  /** The median over the rounds of one (workload, client, concurrency). */
  private final class Summary {
    final Workload workload;
    final String client;
    final int concurrency;
    final Map<String, Double> median = new LinkedHashMap<>();
    Summary baseline;

    Summary(Workload workload, String client, int concurrency, List<Result> runs) {
      this.workload = workload;
      this.client = client;
      this.concurrency = concurrency;
      put(runs, "ops_per_s", Result::opsPerSecond);
      put(runs, "cpu_us_per_op", Result::cpuMicrosPerOp);
      put(runs, "alloc_bytes_per_op", Result::allocPerOp);
      put(runs, "gc_count", r -> r.m.get("gc_count"));
      put(runs, "gc_ms", r -> r.m.get("gc_ms"));
      put(runs, "p50_us", r -> r.m.get("p50_ns") / 1000);
      put(runs, "p99_us", r -> r.m.get("p99_ns") / 1000);
      put(runs, "p999_us", r -> r.m.get("p999_ns") / 1000);
      put(runs, "bytes_per_op", r -> (r.m.get("bytes_out") + r.m.get("bytes_in")) / r.ops());
      put(runs, "segments_per_op", r -> (r.m.get("segs_out") + r.m.get("segs_in")) / r.ops());
      put(runs, "requests_per_segment_out", r -> r.ops() / Math.max(1, r.m.get("segs_out")));
      put(runs, "node_cpu_us_per_op", r -> r.m.getOrDefault("node_cpu_ns", -1e3) / 1000 / r.ops());
      put(
          runs,
          "node_cores",
          r -> r.m.getOrDefault("node_cpu_ns", -1e9) / 1e9 / r.m.get("seconds"));
    }

    private void put(List<Result> runs, String name, ToDoubleFunction<Result> f) {
      double[] values = runs.stream().mapToDouble(f).sorted().toArray();
      int n = values.length;
      median.put(name, n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2);
    }

    double get(String name) {
      return median.get(name);
    }

    String ratio(String name) {
      if (baseline == null || baseline.get(name) == 0) {
        return "";
      }
      return String.format(Locale.ROOT, " (%.2fx)", get(name) / baseline.get(name));
    }

    String resultLine() {
      return String.format(
          Locale.ROOT,
          "RESULT workload=%s client=%s concurrency=%d ops_per_s=%.0f cpu_us_per_op=%.2f"
              + " alloc_bytes_per_op=%.0f p99_us=%.0f segments_per_op=%.3f"
              + " bytes_per_op=%.1f p50_us=%.0f p999_us=%.0f gc_count=%.0f gc_ms=%.0f"
              + " node_cpu_us_per_op=%.2f mode=%s",
          workload.label,
          client,
          concurrency,
          get("ops_per_s"),
          get("cpu_us_per_op"),
          get("alloc_bytes_per_op"),
          get("p99_us"),
          get("segments_per_op"),
          get("bytes_per_op"),
          get("p50_us"),
          get("p999_us"),
          get("gc_count"),
          get("gc_ms"),
          get("node_cpu_us_per_op"),
          fake ? "fake" : "node");
    }
  }

  private List<Summary> summaries() {
    Map<String, List<Result>> groups = new LinkedHashMap<>();
    for (Result r : results) {
      groups
          .computeIfAbsent(
              r.workload.label + "|" + r.client + "|" + r.concurrency, k -> new ArrayList<>())
          .add(r);
    }
    List<Summary> summaries = new ArrayList<>();
    for (List<Result> runs : groups.values()) {
      Result first = runs.get(0);
      summaries.add(new Summary(first.workload, first.client, first.concurrency, runs));
    }
    for (Summary s : summaries) {
      for (Summary b : summaries) {
        if (b.client.equals(BASELINE)
            && b.workload == s.workload
            && b.concurrency == s.concurrency) {
          s.baseline = b;
        }
      }
    }
    summaries.sort(
        (a, b) -> {
          int w = a.workload.compareTo(b.workload);
          if (w != 0) {
            return w;
          }
          int c = Integer.compare(a.concurrency, b.concurrency);
          return c != 0 ? c : Integer.compare(order(a.client), order(b.client));
        });
    return summaries;
  }

  private static int order(String client) {
    List<String> all =
        List.of(
            "apache",
            "scylla",
            "scylla-async-template",
            "spring-data-async",
            "scylla-template",
            "spring-data");
    return all.indexOf(client);
  }

  private String report(String started, String load, int rounds) {
    StringBuilder t = new StringBuilder();
    t.append(
        String.format(
            Locale.ROOT,
            "Benchmark against %s, started %s; %d core(s), %s; client JVMs: %s; %d round(s), medians;"
                + " load average at start: %s. Ratios are to `apache` (Apache driver 4.19 async) at"
                + " the same workload and concurrency.%n%n",
            fake
                ? "the fake node (BenchFakeNode, its own JVM)"
                : "the local node " + host + ":" + port,
            started,
            Runtime.getRuntime().availableProcessors(),
            System.getProperty("java.vm.name") + " " + System.getProperty("java.version"),
            String.join(" ", jvmFlags),
            rounds,
            load));
    t.append(
        "| workload | client | C | ops/s | client CPU us/op | alloc B/op | GC n / ms |"
            + " p50 / p99 / p999 us | bytes/op | segments/op | req/seg out | node CPU us/op (cores) |\n");
    t.append("|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n");
    for (Summary s : summaries()) {
      t.append(
          String.format(
              Locale.ROOT,
              "| %s | %s | %d | %.0f%s | %.2f%s | %.0f%s | %.0f / %.0f | %.0f / %.0f / %.0f |"
                  + " %.1f%s | %.3f%s | %.1f | %.2f (%.2f) |%n",
              s.workload.label,
              s.client,
              s.concurrency,
              s.get("ops_per_s"),
              s.ratio("ops_per_s"),
              s.get("cpu_us_per_op"),
              s.ratio("cpu_us_per_op"),
              s.get("alloc_bytes_per_op"),
              s.ratio("alloc_bytes_per_op"),
              s.get("gc_count"),
              s.get("gc_ms"),
              s.get("p50_us"),
              s.get("p99_us"),
              s.get("p999_us"),
              s.get("bytes_per_op"),
              s.ratio("bytes_per_op"),
              s.get("segments_per_op"),
              s.ratio("segments_per_op"),
              s.get("requests_per_segment_out"),
              s.get("node_cpu_us_per_op"),
              s.get("node_cores")));
    }
    return t.toString();
  }
}
