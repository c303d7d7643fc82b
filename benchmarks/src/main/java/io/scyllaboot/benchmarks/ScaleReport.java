package io.scyllaboot.benchmarks;

import io.scyllaboot.benchmarks.ScaleRun.Run;
import io.scyllaboot.benchmarks.ScaleWork.Axis;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/** The scale run's results: raw CSV, medians per point and client, and the table of ratios. */
final class ScaleReport {
  /** A metric of a run, with its column name and its label on a chart. */
  enum Metric {
    OPS("ops_per_s", "ops/s", Run::opsPerSecond),
    CPU("cpu_us_per_op", "client CPU per op (us)", Run::cpuMicrosPerOp),
    ALLOC("alloc_b_per_op", "allocated per op (bytes)", Run::allocPerOp),
    P99("p99_us", "p99 latency (us)", Run::p99Micros),
    CACHE_HITS("cache_hit_ratio", "prepared-cache hit ratio", Run::cacheHitRatio);

    final String column;
    final String label;
    final ToDoubleFunction<Run> of;

    Metric(String column, String label, ToDoubleFunction<Run> of) {
      this.column = column;
      this.label = label;
      this.of = of;
    }
  }

  private final List<Run> runs;

  ScaleReport(List<Run> runs) {
    this.runs = List.copyOf(runs);
  }

  List<Integer> points(Axis axis) {
    return runs.stream().filter(r -> r.axis() == axis).map(Run::x).distinct().sorted().toList();
  }

  List<Axis> axes() {
    return runs.stream().map(Run::axis).distinct().sorted().toList();
  }

  /** The median over the rounds of a metric at a point for a client, or NaN if not measured. */
  double median(Axis axis, int x, String client, Metric metric) {
    List<Double> values = new ArrayList<>();
    for (Run run : runs) {
      if (run.axis() == axis && run.x() == x && run.client().equals(client)) {
        values.add(metric.of.applyAsDouble(run));
      }
    }
    if (values.isEmpty()) {
      return Double.NaN;
    }
    values.sort(Comparator.naturalOrder());
    int n = values.size();
    return n % 2 == 1 ? values.get(n / 2) : (values.get(n / 2 - 1) + values.get(n / 2)) / 2;
  }

  /** The runs of a {@link #csv()} (to redraw the charts without running again). */
  static ScaleReport fromCsv(String csv) {
    List<Run> runs = new ArrayList<>();
    String[] lines = csv.split("\n");
    List<String> header = List.of(lines[0].trim().split(","));
    for (int i = 1; i < lines.length; i++) {
      if (lines[i].isBlank()) {
        continue;
      }
      String[] f = lines[i].trim().split(",");
      java.util.function.ToDoubleFunction<String> col =
          name -> Double.parseDouble(f[header.indexOf(name)]);
      double ops = col.applyAsDouble("ops");
      double hits = col.applyAsDouble("cache_hit_ratio");
      java.util.Map<String, Double> m = new java.util.LinkedHashMap<>();
      m.put("ops", ops);
      m.put("seconds", col.applyAsDouble("seconds"));
      m.put("cpu_ns", col.applyAsDouble("cpu_us_per_op") * 1000 * ops);
      m.put("alloc_bytes", col.applyAsDouble("alloc_b_per_op") * ops);
      m.put("p50_ns", col.applyAsDouble("p50_us") * 1000);
      m.put("p99_ns", col.applyAsDouble("p99_us") * 1000);
      m.put("gc_count", col.applyAsDouble("gc_count"));
      m.put("gc_ms", col.applyAsDouble("gc_ms"));
      double server = col.applyAsDouble("server_cpu_us_per_op");
      m.put("server_cpu_ns", server < 0 ? -1 : server * 1000 * ops);
      m.put("cache_hits", hits < 0 ? -1 : hits * ops);
      m.put("cache_misses", hits < 0 ? -1 : (1 - hits) * ops);
      runs.add(
          new Run(
              Axis.of(f[0]),
              Integer.parseInt(f[1]),
              f[2],
              Integer.parseInt(f[3]),
              col.applyAsDouble("load1"),
              m));
    }
    return new ScaleReport(runs);
  }

  String csv() {
    StringBuilder out =
        new StringBuilder(
            "axis,x,client,round,concurrency,ops,seconds,ops_per_s,cpu_us_per_op,alloc_b_per_op,"
                + "p50_us,p99_us,gc_count,gc_ms,server_cpu_us_per_op,cache_hit_ratio,load1\n");
    for (Run r : runs) {
      out.append(
          String.format(
              Locale.ROOT,
              "%s,%d,%s,%d,%d,%.0f,%.3f,%.1f,%.3f,%.1f,%.1f,%.1f,%.0f,%.0f,%.3f,%.4f,%.2f%n",
              r.axis().label,
              r.x(),
              r.client(),
              r.round(),
              r.axis().concurrencyAt(r.x()),
              r.ops(),
              r.m().get("seconds"),
              r.opsPerSecond(),
              r.cpuMicrosPerOp(),
              r.allocPerOp(),
              r.m().get("p50_ns") / 1000,
              r.p99Micros(),
              r.m().get("gc_count"),
              r.m().get("gc_ms"),
              r.serverCpuMicrosPerOp(),
              r.cacheHitRatio(),
              r.load()));
    }
    return out.toString();
  }

  String table(String heading) {
    StringBuilder out = new StringBuilder("# How cost grows\n\n").append(heading).append("\n\n");
    out.append(
        "| axis | x | C | ops/s ours / Apache (ratio) | CPU us/op ours / Apache (ratio) |"
            + " alloc B/op ours / Apache (ratio) | p99 us ours / Apache (ratio) | cache hits ours |"
            + " load |\n");
    out.append("|---|--:|--:|--:|--:|--:|--:|--:|--:|\n");
    for (Axis axis : axes()) {
      for (int x : points(axis)) {
        out.append(
            String.format(Locale.ROOT, "| %s | %d | %d ", axis.label, x, axis.concurrencyAt(x)));
        for (Metric metric : List.of(Metric.OPS, Metric.CPU, Metric.ALLOC, Metric.P99)) {
          double ours = median(axis, x, "scylla", metric);
          double apache = median(axis, x, "apache", metric);
          out.append(
              String.format(
                  Locale.ROOT, "| %s / %s (%.2fx) ", figure(ours), figure(apache), ours / apache));
        }
        double hits = median(axis, x, "scylla", Metric.CACHE_HITS);
        double load =
            runs.stream()
                .filter(r -> r.axis() == axis && r.x() == x)
                .mapToDouble(Run::load)
                .max()
                .orElse(-1);
        out.append(
            String.format(
                Locale.ROOT,
                "| %s | %.1f |%n",
                axis == Axis.STATEMENTS && hits >= 0
                    ? String.format(Locale.ROOT, "%.3f", hits)
                    : "",
                load));
      }
    }
    return out.toString();
  }

  private static String figure(double value) {
    return value >= 100
        ? String.format(Locale.ROOT, "%.0f", value)
        : String.format(Locale.ROOT, "%.2f", value);
  }
}
