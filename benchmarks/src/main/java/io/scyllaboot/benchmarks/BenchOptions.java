package io.scyllaboot.benchmarks;

import io.scyllaboot.benchmarks.Clients.Workload;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The harness's command line ({@link Benchmark}'s options) and what follows from it: the target,
 * the clients, workloads and concurrencies, and the operations per run.
 */
final class BenchOptions {
  /** The options that take no value. */
  private static final List<String> FLAGS =
      List.of("fake", "scylla", "quick", "no-harness", "no-node-warmup");

  private final Map<String, String> options;
  final boolean fake;
  final boolean scylla;
  final boolean noNode; // a fake of either kind: no schema, no rows to fill or count
  final boolean quick;
  final String host;
  final int port;
  final List<String> jvmFlags;

  private BenchOptions(Map<String, String> options) {
    this.options = options;
    this.fake = options.containsKey("fake");
    this.scylla = options.containsKey("scylla");
    this.noNode = fake || scylla;
    this.quick = options.containsKey("quick");
    this.host = options.getOrDefault("host", scylla ? "127.0.8.1" : "127.0.0.1");
    this.port =
        Integer.parseInt(options.getOrDefault("port", scylla ? "39042" : fake ? "19042" : "9042"));
    this.jvmFlags = ChildJvms.flags(options.getOrDefault("jvm", ChildJvms.DEFAULT_FLAGS));
  }

  /** {@code --name value} pairs, and the flags that take no value. */
  static BenchOptions parse(String[] args) {
    Map<String, String> options = new HashMap<>();
    for (int i = 0; i < args.length; i++) {
      String name = args[i].replaceFirst("^--", "");
      if (FLAGS.contains(name)) {
        options.put(name, "true");
      } else {
        options.put(name, args[++i]);
      }
    }
    return new BenchOptions(options);
  }

  boolean has(String name) {
    return options.containsKey(name);
  }

  String get(String name) {
    return options.get(name);
  }

  long opsFor(Workload workload) {
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

  long warmupFor(Workload workload) {
    if (options.containsKey("warmup")) {
      return Long.parseLong(options.get("warmup"));
    }
    return quick ? 200 : Math.max(20_000, opsFor(workload) / 5);
  }

  /**
   * The operations of one client's run: with {@code --check-ops N}, the two clients that {@code
   * --check-ratios} compares run N operations after N of warm-up at the workloads it checks (a
   * smoke pass's few hundred are too few for a CPU ratio: the JIT's compilations would be most of
   * it), every other run as {@link #opsFor(Workload)} says.
   */
  long opsFor(Workload workload, String client) {
    return checked(workload, client) ? checkOps() : opsFor(workload);
  }

  long warmupFor(Workload workload, String client) {
    return checked(workload, client) ? checkOps() : warmupFor(workload);
  }

  private long checkOps() {
    return Long.parseLong(options.get("check-ops"));
  }

  private boolean checked(Workload workload, String client) {
    return options.containsKey("check-ops")
        && options.containsKey("check-ratios")
        && (client.equals(RatioCheck.OURS) || client.equals(Benchmark.BASELINE))
        && RatioCheck.parse(options.get("check-ratios")).stream()
            .anyMatch(bound -> bound.workload().equals(workload.label));
  }

  private List<String> list(String name, String defaults) {
    return Arrays.asList(options.getOrDefault(name, defaults).split(","));
  }

  int rounds() {
    return Integer.parseInt(options.getOrDefault("rounds", quick ? "1" : "2"));
  }

  List<Integer> concurrencies() {
    return list("concurrency", quick ? "100" : "100,256,1024").stream()
        .map(Integer::parseInt)
        .toList();
  }

  /** The clients in the order they run, {@code harness} first unless left out. */
  List<String> clients() {
    List<String> clients =
        list(
            "clients",
            scylla
                ? String.join(",", Benchmark.SCYLLA_MODE_CLIENTS)
                : Benchmark.FLOOR
                    + ","
                    + String.join(",", Benchmark.ASYNC_CLIENTS)
                        .replace("scylla-policies,", "")
                        .replace("scylla-shard-unaware,", "")
                    + ","
                    + String.join(",", Benchmark.SYNC_CLIENTS));
    if (!options.containsKey("no-harness")
        && !clients.contains(Benchmark.HARNESS)
        && clients.stream().map(ClientLauncher::kind).anyMatch(Benchmark.ASYNC_CLIENTS::contains)) {
      List<String> withHarness = new ArrayList<>();
      withHarness.add(Benchmark.HARNESS);
      withHarness.addAll(clients);
      return withHarness;
    }
    return clients;
  }

  List<Workload> workloads() {
    // select has no partition key, hence no owning shard: not a ScyllaDB-shaped workload
    return list("workloads", scylla ? "insert,select-key" : "insert,select,select-key").stream()
        .map(Workload::of)
        .toList();
  }

  int syncThreads() {
    return Integer.parseInt(options.getOrDefault("sync-threads", "256"));
  }

  int shardAwarePort() {
    return Integer.parseInt(options.getOrDefault("shard-aware-port", "39043"));
  }

  int nodes() {
    return Integer.parseInt(options.getOrDefault("nodes", "2"));
  }

  int shards() {
    return Integer.parseInt(options.getOrDefault("shards", "2"));
  }

  long hopMicros() {
    return Long.parseLong(options.getOrDefault("hop-us", "5"));
  }

  /** node, fake or scylla. */
  String mode() {
    return scylla ? "scylla" : fake ? "fake" : "node";
  }

  /** What the clients run against, for the table's header. */
  String target() {
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

  /** Where the table goes. */
  String out() {
    return options.getOrDefault(
        "out",
        "benchmark-results/latest"
            + (scylla ? "-scylla" : fake ? "-fake" : "")
            + (quick ? "-quick" : "")
            + ".md");
  }
}
