package io.scyllaboot.benchmarks;

import io.scyllaboot.benchmarks.Clients.Workload;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * The medians over the rounds of one (workload, client, concurrency), and its figures against the
 * baseline's, the harness's and the floor's at the same workload and concurrency.
 */
final class Summary {
  final Workload workload;
  final String client;
  final int concurrency;
  final Map<String, Double> median = new LinkedHashMap<>();
  Summary baseline;
  Summary harness;
  Summary floor;
  private final long futureBytes; // the stand-in future's, not the harness's own

  Summary(Workload workload, String client, int concurrency, List<Result> runs, long futureBytes) {
    this.workload = workload;
    this.client = client;
    this.concurrency = concurrency;
    this.futureBytes = futureBytes;
    put(runs, "ops_per_s", Result::opsPerSecond);
    put(runs, "cpu_us_per_op", Result::cpuMicrosPerOp);
    put(runs, "alloc_bytes_per_op", Result::allocPerOp);
    put(runs, "gc_count", r -> r.m().get("gc_count"));
    put(runs, "gc_ms", r -> r.m().get("gc_ms"));
    put(runs, "p50_us", r -> r.m().get("p50_ns") / 1000);
    put(runs, "p99_us", r -> r.m().get("p99_ns") / 1000);
    put(runs, "p999_us", r -> r.m().get("p999_ns") / 1000);
    put(runs, "bytes_per_op", r -> (r.m().get("bytes_out") + r.m().get("bytes_in")) / r.ops());
    put(runs, "segments_per_op", r -> (r.m().get("segs_out") + r.m().get("segs_in")) / r.ops());
    put(runs, "requests_per_segment_out", r -> r.ops() / Math.max(1, r.m().get("segs_out")));
    put(runs, "node_cpu_us_per_op", r -> r.m().getOrDefault("node_cpu_ns", -1e3) / 1000 / r.ops());
    put(
        runs,
        "node_cores",
        r -> r.m().getOrDefault("node_cpu_ns", -1e9) / 1e9 / r.m().get("seconds"));
    put(runs, "owning_shard_fraction", Result::owningShardFraction);
    put(runs, "segs_out_per_op", r -> r.m().get("segs_out") / r.ops());
    put(runs, "segs_in_per_op", r -> r.m().get("segs_in") / r.ops());
    for (String group : SyscallCounter.GROUPS.keySet()) {
      put(runs, group + "_per_op", r -> perOp(r, group));
    }
  }

  /** A count per op, NaN where it was not counted (no perf). */
  private static double perOp(Result run, String name) {
    double count = run.m().getOrDefault(name, -1.0);
    return count < 0 ? Double.NaN : count / run.ops();
  }

  boolean hasSyscalls() {
    return !Double.isNaN(get("syscalls_per_op"));
  }

  String syscallFields() {
    if (!hasSyscalls()) {
      return "";
    }
    StringBuilder fields = new StringBuilder();
    for (String group : SyscallCounter.GROUPS.keySet()) {
      fields.append(String.format(Locale.ROOT, " %s_per_op=%.4f", group, get(group + "_per_op")));
    }
    return fields.toString();
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
    if (baseline == null || baseline.get(name) == 0 || client.equals(Benchmark.HARNESS)) {
      return "";
    }
    return String.format(Locale.ROOT, " (%.2fx)", get(name) / baseline.get(name));
  }

  /** The harness's own allocation per op at this workload and concurrency, or NaN. */
  double harnessShare() {
    Summary h = client.equals(Benchmark.HARNESS) ? this : harness;
    return h == null ? Double.NaN : h.get("alloc_bytes_per_op") - futureBytes;
  }

  /** Allocation per op less the harness's share (async clients only), or NaN. */
  double driverAlloc() {
    if (client.equals(Benchmark.HARNESS)
        || !Benchmark.ASYNC_CLIENTS.contains(ClientLauncher.kind(client))) {
      return Double.NaN;
    }
    return get("alloc_bytes_per_op") - harnessShare();
  }

  double driverAllocRatio() {
    return baseline == null ? Double.NaN : driverAlloc() / baseline.driverAlloc();
  }

  String driverAllocCell() {
    if (client.equals(Benchmark.HARNESS)) {
      return String.format(Locale.ROOT, "(share %.0f)", harnessShare());
    }
    double bytes = driverAlloc();
    if (Double.isNaN(bytes)) {
      return "-";
    }
    double ratio = driverAllocRatio();
    return String.format(Locale.ROOT, "%.0f", bytes)
        + (Double.isNaN(ratio) ? "" : String.format(Locale.ROOT, " (%.2fx)", ratio));
  }

  String driverAllocFields() {
    if (client.equals(Benchmark.HARNESS)) {
      return Double.isNaN(harnessShare())
          ? ""
          : String.format(Locale.ROOT, " harness_alloc_bytes_per_op=%.0f", harnessShare());
    }
    double bytes = driverAlloc();
    if (Double.isNaN(bytes)) {
      return "";
    }
    double ratio = driverAllocRatio();
    return String.format(Locale.ROOT, " driver_alloc_bytes_per_op=%.0f", bytes)
        + (Double.isNaN(ratio)
            ? ""
            : String.format(Locale.ROOT, " driver_alloc_ratio=%.3f", ratio));
  }

  /** Client CPU per op as a multiple of the floor's at this workload and concurrency, or NaN. */
  double floorMultiple() {
    return floor == null || client.equals(Benchmark.HARNESS)
        ? Double.NaN
        : get("cpu_us_per_op") / floor.get("cpu_us_per_op");
  }

  String floorCell() {
    double multiple = floorMultiple();
    return Double.isNaN(multiple) ? "-" : String.format(Locale.ROOT, "%.2fx", multiple);
  }

  String floorField() {
    double multiple = floorMultiple();
    return Double.isNaN(multiple)
        ? ""
        : String.format(Locale.ROOT, " cpu_floor_multiple=%.3f", multiple);
  }
}
