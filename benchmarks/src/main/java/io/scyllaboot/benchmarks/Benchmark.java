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
    Report report =
        new Report(
            results,
            fake,
            fake
                ? "the fake node (BenchFakeNode, its own JVM)"
                : "the local node " + host + ":" + port,
            jvmFlags);
    String table = report.table(started, load, rounds);
    log.println();
    log.println(table);
    List<String> resultLines = report.resultLines();
    resultLines.forEach(log::println);
    String out =
        options.getOrDefault(
            "out",
            "benchmark-results/latest" + (fake ? "-fake" : "") + (quick ? "-quick" : "") + ".md");
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
}
