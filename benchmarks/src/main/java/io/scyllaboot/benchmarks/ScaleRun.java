package io.scyllaboot.benchmarks;

import io.scyllaboot.benchmarks.ScaleWork.Axis;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * How cost grows with the work: runs our driver (raw async) and the Apache driver (async), each in
 * its own JVM, in turn at every point of every axis of {@link ScaleWork} against a fake ScyllaDB
 * cluster ({@link ScaleCluster}, its own JVM, one shard per node unless --shards, on
 * 127.0.9.x:39142), then writes the raw results as CSV ({@code scale.csv}: one line per client run,
 * with the machine's load average at its start), prints a table of the medians with our/Apache
 * ratios, and draws the charts ({@link ScaleCharts}).
 *
 * <p>Options: {@code --quick} (the ends of each axis, 0.5 s warm-up and 1 s measured per point),
 * {@code --axes concurrency,rows,...}, {@code --rounds R} (1), {@code --warmup S} (4), {@code
 * --seconds S} (8), {@code --points 1,8} (only these points of the axes), {@code --shards N} (1),
 * {@code --jvm "FLAGS"}, {@code --out DIR} ({@code benchmarks/results}, or {@code
 * benchmark-results/scale-quick} with {@code --quick}); {@code --charts DIR} redraws the charts of
 * the {@code scale.csv} in DIR.
 */
public final class ScaleRun {
  static final List<String> CLIENTS = List.of("scylla", "apache");
  static final String HOST = "127.0.9.1";
  static final int PORT = 39142;
  static final int SHARD_AWARE_PORT = 39143;

  /** One client run at one point. */
  record Run(Axis axis, int x, String client, int round, double load, Map<String, Double> m) {
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

    double p99Micros() {
      return m.get("p99_ns") / 1000;
    }

    double serverCpuMicrosPerOp() {
      return m.get("server_cpu_ns") < 0 ? -1 : m.get("server_cpu_ns") / 1000 / ops();
    }

    /** The prepared-statement cache's hit ratio over the measured operations, or -1. */
    double cacheHitRatio() {
      double hits = m.get("cache_hits");
      double lookups = hits + m.get("cache_misses");
      return hits < 0 || lookups <= 0 ? -1 : hits / lookups;
    }
  }

  private final Map<String, String> options;
  private final boolean quick;
  private final List<String> jvmFlags;
  private final String classpath = System.getProperty("java.class.path");
  private final String javaBin =
      Path.of(System.getProperty("java.home"), "bin", "java").toAbsolutePath().toString();
  private final List<Run> runs = new ArrayList<>();

  private ScaleRun(Map<String, String> options) {
    this.options = options;
    this.quick = options.containsKey("quick");
    this.jvmFlags = ChildJvms.flags(options.getOrDefault("jvm", ChildJvms.DEFAULT_FLAGS));
  }

  public static void main(String[] args) throws Exception {
    Map<String, String> options = new HashMap<>();
    for (int i = 0; i < args.length; i++) {
      String name = args[i].replaceFirst("^--", "");
      if (name.equals("quick")) {
        options.put(name, "true");
      } else {
        options.put(name, args[++i]);
      }
    }
    if (options.containsKey("charts")) { // redraw the charts of an earlier run
      Path dir = Path.of(options.get("charts"));
      ScaleReport report = ScaleReport.fromCsv(Files.readString(dir.resolve("scale.csv")));
      ScaleCharts.write(dir, report);
      if (options.containsKey("heading")) {
        Files.writeString(dir.resolve("scale.md"), report.table(options.get("heading")));
      }
      return;
    }
    System.exit(new ScaleRun(options).run());
  }

  private List<Integer> pointsOf(Axis axis) {
    List<Integer> points = axis.points;
    if (options.containsKey("points")) { // a re-run of some points
      // Any cluster size may be asked for (e.g. --points 3,12,48 --shards 8); other axes keep
      // their own points, which the report's charts are drawn for.
      return Arrays.stream(options.get("points").split(","))
          .map(Integer::parseInt)
          .filter(x -> axis == Axis.NODES || points.contains(x))
          .toList();
    }
    return quick ? List.of(points.get(0), points.get(points.size() - 1)) : points;
  }

  private int run() throws Exception {
    List<Axis> axes =
        Arrays.stream(
                options
                    .getOrDefault(
                        "axes", "concurrency,rows,value-read,value-write,statements,nodes")
                    .split(","))
            .map(Axis::of)
            .toList();
    int rounds = Integer.parseInt(options.getOrDefault("rounds", "1"));
    double warmup = Double.parseDouble(options.getOrDefault("warmup", quick ? "0.5" : "4"));
    double seconds = Double.parseDouble(options.getOrDefault("seconds", quick ? "1" : "8"));
    int shards = Integer.parseInt(options.getOrDefault("shards", "1"));
    Path out =
        Path.of(
            options.getOrDefault(
                "out", quick ? "benchmark-results/scale-quick" : "benchmarks/results"));
    String started = LocalDateTime.now().format(DateTimeFormatter.ISO_LOCAL_DATE_TIME);
    long t0 = System.nanoTime();
    // the points, grouped by the size of the cluster they need (one cluster JVM per size)
    Map<Integer, List<Object[]>> byNodes = new TreeMap<>();
    for (Axis axis : axes) {
      for (int x : pointsOf(axis)) {
        byNodes
            .computeIfAbsent(axis.nodesAt(x), n -> new ArrayList<>())
            .add(new Object[] {axis, x});
      }
    }
    int failures = 0;
    for (Map.Entry<Integer, List<Object[]>> group : byNodes.entrySet()) {
      try (ScaleClusterProcess cluster = new ScaleClusterProcess(group.getKey(), shards)) {
        System.out.printf(
            "== fake cluster: %d node(s) x %d shard(s) from %s:%d, pid %d%n",
            group.getKey(), shards, HOST, PORT, cluster.pid());
        for (Object[] point : group.getValue()) {
          for (int round = 1; round <= rounds; round++) {
            for (String client : CLIENTS) {
              failures +=
                  measure((Axis) point[0], (int) point[1], client, round, warmup, seconds, cluster)
                      ? 0
                      : 1;
            }
          }
        }
      }
    }
    ScaleReport report = new ScaleReport(runs);
    Files.createDirectories(out);
    Files.writeString(out.resolve("scale.csv"), report.csv());
    String table =
        report.table(
            String.format(
                Locale.ROOT,
                "Scale run %s, %.1f min, %d round(s), %.1f s warm-up + %.1f s measured per client"
                    + " and point, fake cluster of %d shard(s) per node, client JVM %s, %d cores",
                started,
                (System.nanoTime() - t0) / 60e9,
                rounds,
                warmup,
                seconds,
                shards,
                String.join(" ", jvmFlags),
                Runtime.getRuntime().availableProcessors()));
    System.out.println();
    System.out.println(table);
    Files.writeString(out.resolve("scale.md"), table);
    ScaleCharts.write(out, report);
    System.out.println("CSV, table and charts written to " + out.toAbsolutePath());
    if (failures > 0) {
      System.out.println(failures + " client run(s) FAILED");
    }
    return failures == 0 ? 0 : 1;
  }

  private boolean measure(
      Axis axis,
      int x,
      String client,
      int round,
      double warmup,
      double seconds,
      ScaleClusterProcess cluster)
      throws Exception {
    double load = load1();
    List<String> command = new ArrayList<>();
    command.add(javaBin);
    command.addAll(jvmFlags);
    command.addAll(List.of("-cp", classpath, ScaleClient.class.getName()));
    command.addAll(
        List.of(
            client,
            axis.label,
            String.valueOf(x),
            String.valueOf(warmup),
            String.valueOf(seconds),
            HOST,
            String.valueOf(PORT),
            String.valueOf(cluster.pid())));
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    List<String> output = new ArrayList<>();
    Map<String, Double> metrics = ChildJvms.metrics(process, output);
    int exit = process.waitFor();
    if (exit != 0 || metrics == null || metrics.get("ops") <= 0) {
      System.out.printf(
          "   %s=%d %s: FAILED (exit %d); its output:%n", axis.label, x, client, exit);
      output.stream()
          .skip(Math.max(0, output.size() - 30))
          .forEach(l -> System.out.println("     | " + l));
      return false;
    }
    Run run = new Run(axis, x, client, round, load, metrics);
    runs.add(run);
    System.out.printf(
        Locale.ROOT,
        "   %-12s %6d %-7s round %d: %9.0f ops/s %8.2f us/op cpu %9.0f B/op p99 %8.0f us%s"
            + " (load %.1f)%n",
        axis.label,
        x,
        client,
        round,
        run.opsPerSecond(),
        run.cpuMicrosPerOp(),
        run.allocPerOp(),
        run.p99Micros(),
        run.cacheHitRatio() >= 0
            ? String.format(Locale.ROOT, " cache hits %.3f", run.cacheHitRatio())
            : "",
        load);
    return true;
  }

  static double load1() {
    try {
      return Double.parseDouble(Files.readString(Path.of("/proc/loadavg")).split(" ")[0]);
    } catch (IOException | RuntimeException e) {
      return -1;
    }
  }

  /** The fake cluster's JVM: started ready, stopped by closing its standard input. */
  private final class ScaleClusterProcess implements AutoCloseable {
    private final Process process;

    ScaleClusterProcess(int nodes, int shards) throws IOException {
      List<String> command = new ArrayList<>();
      command.add(javaBin);
      command.addAll(List.of("-Xms512m", "-Xmx512m", "-XX:+UseG1GC", "-cp", classpath));
      command.add(ScaleCluster.class.getName());
      command.addAll(
          List.of(
              HOST,
              String.valueOf(PORT),
              String.valueOf(SHARD_AWARE_PORT),
              String.valueOf(nodes),
              String.valueOf(shards)));
      process = new ProcessBuilder(command).redirectErrorStream(true).start();
      BufferedReader reader =
          new BufferedReader(
              new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
      List<String> seen = new ArrayList<>();
      String line;
      while ((line = reader.readLine()) != null && !line.startsWith("SCALE-CLUSTER-READY")) {
        seen.add(line);
      }
      if (line == null) {
        throw new IllegalStateException("the fake cluster did not start: " + seen);
      }
      ChildJvms.drain(reader);
    }

    long pid() {
      return process.pid();
    }

    @Override
    public void close() throws Exception {
      process.getOutputStream().close();
      if (!process.waitFor(10, TimeUnit.SECONDS)) {
        process.destroy();
        process.waitFor(10, TimeUnit.SECONDS);
      }
    }
  }
}
