package io.scyllaboot.benchmarks;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Medians over the rounds, ratios to the Apache driver, the table and the RESULT lines. With a
 * {@code harness} run at the same workload and concurrency, an async client's "driver alloc" is its
 * allocation per op minus the harness's share: the {@code harness} run's, less the one future that
 * stands in there for the driver's.
 */
final class Report {
  private final List<Result> results;
  private final String mode; // node, fake or scylla
  private final String target;
  private final List<String> jvmFlags;
  private final long futureBytes;

  Report(
      List<Result> results, String mode, String target, List<String> jvmFlags, long futureBytes) {
    this.results = results;
    this.mode = mode;
    this.target = target;
    this.jvmFlags = jvmFlags;
    this.futureBytes = futureBytes;
  }

  /** One machine-readable line per (workload, client, concurrency). */
  List<String> resultLines() {
    List<String> lines = new ArrayList<>();
    for (Summary s : summaries()) {
      lines.add(resultLine(s) + s.syscallFields());
    }
    return lines;
  }

  private String resultLine(Summary s) {
    return String.format(
        Locale.ROOT,
        "RESULT workload=%s client=%s concurrency=%d ops_per_s=%.0f cpu_us_per_op=%.2f"
            + "%s alloc_bytes_per_op=%.0f%s p99_us=%.0f segments_per_op=%.3f"
            + " bytes_per_op=%.1f p50_us=%.0f p999_us=%.0f gc_count=%.0f gc_ms=%.0f"
            + " node_cpu_us_per_op=%.2f%s mode=%s",
        s.workload.label,
        s.client,
        s.concurrency,
        s.get("ops_per_s"),
        s.get("cpu_us_per_op"),
        s.floorField(),
        s.get("alloc_bytes_per_op"),
        s.driverAllocFields(),
        s.get("p99_us"),
        s.get("segments_per_op"),
        s.get("bytes_per_op"),
        s.get("p50_us"),
        s.get("p999_us"),
        s.get("gc_count"),
        s.get("gc_ms"),
        s.get("node_cpu_us_per_op"),
        scylla()
            ? String.format(
                Locale.ROOT, " owning_shard_fraction=%.3f", s.get("owning_shard_fraction"))
            : "",
        mode);
  }

  private List<Summary> summaries() {
    Map<String, List<Result>> groups = new LinkedHashMap<>();
    for (Result r : results) {
      groups
          .computeIfAbsent(
              r.workload().label + "|" + r.client() + "|" + r.concurrency(), k -> new ArrayList<>())
          .add(r);
    }
    List<Summary> summaries = new ArrayList<>();
    for (List<Result> runs : groups.values()) {
      Result first = runs.get(0);
      summaries.add(
          new Summary(first.workload(), first.client(), first.concurrency(), runs, futureBytes));
    }
    for (Summary s : summaries) {
      for (Summary b : summaries) {
        if (b.workload == s.workload && b.concurrency == s.concurrency) {
          if (b.client.equals(Benchmark.BASELINE)) {
            s.baseline = b;
          } else if (b.client.equals(Benchmark.HARNESS)) {
            s.harness = b;
          } else if (b.client.equals(Benchmark.FLOOR)) {
            s.floor = b;
          }
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
            "harness",
            "floor",
            "apache",
            "scylladb-driver",
            "scylla",
            "scylla-shard-unaware",
            "scylla-async-template",
            "spring-data-async",
            "scylla-template",
            "spring-data",
            "scylla-template-virtual",
            "spring-data-virtual");
    return all.indexOf(client);
  }

  private boolean hasHarness() {
    return results.stream().anyMatch(r -> r.client().equals(Benchmark.HARNESS));
  }

  private boolean hasFloor() {
    return results.stream().anyMatch(r -> r.client().equals(Benchmark.FLOOR));
  }

  private boolean scylla() {
    return mode.equals("scylla");
  }

  /** The markdown table, with a header line saying what ran where. */
  String table(String started, String load, int rounds) {
    StringBuilder t = new StringBuilder();
    t.append(
        String.format(
            Locale.ROOT,
            "Benchmark against %s, started %s; %d core(s), %s; client JVMs: %s; %d round(s), medians;"
                + " load average at start: %s. Ratios are to `apache` (Apache driver 4.19 async) at"
                + " the same workload and concurrency.%s%n%n",
            target,
            started,
            Runtime.getRuntime().availableProcessors(),
            System.getProperty("java.vm.name") + " " + System.getProperty("java.version"),
            String.join(" ", jvmFlags),
            rounds,
            load,
            hasHarness()
                ? " \"driver alloc B/op\" is alloc B/op less the harness's own share, measured by"
                    + " the `harness` client (the same loop, values, stages and checks against"
                    + " futures that a thread completes, no driver; its share is its alloc B/op"
                    + " less one "
                    + futureBytes
                    + "-byte future, the driver's own); async clients only."
                : ""));
    t.append(
        "| workload | client | C | ops/s | client CPU us/op |"
            + (hasFloor() ? " CPU x floor |" : "")
            + " alloc B/op | driver alloc B/op |"
            + " GC n / ms |"
            + " p50 / p99 / p999 us | bytes/op | segments/op | req/seg out | node CPU us/op (cores) |"
            + (scylla() ? " on owning shard |\n" : "\n"));
    t.append(
        "|---|---|--:|--:|--:|"
            + (hasFloor() ? "--:|" : "")
            + "--:|--:|--:|--:|--:|--:|--:|--:|"
            + (scylla() ? "--:|\n" : "\n"));
    for (Summary s : summaries()) {
      t.append(
          String.format(
              Locale.ROOT,
              "| %s | %s | %d | %.0f%s | %.2f%s |%s %.0f%s | %s | %.0f / %.0f | %.0f / %.0f / %.0f |"
                  + " %.1f%s | %.3f%s | %.1f | %.2f (%.2f) |%s%n",
              s.workload.label,
              s.client,
              s.concurrency,
              s.get("ops_per_s"),
              s.ratio("ops_per_s"),
              s.get("cpu_us_per_op"),
              s.ratio("cpu_us_per_op"),
              hasFloor() ? " " + s.floorCell() + " |" : "",
              s.get("alloc_bytes_per_op"),
              s.ratio("alloc_bytes_per_op"),
              s.driverAllocCell(),
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
              s.get("node_cores"),
              scylla()
                  ? String.format(Locale.ROOT, " %.2f |", s.get("owning_shard_fraction"))
                  : ""));
    }
    return t + packetTable();
  }

  /**
   * Segments and system calls per request, ours against the Apache driver's (issue 23's packet
   * target), when perf counted the system calls.
   */
  private String packetTable() {
    List<Summary> all = summaries();
    if (all.stream().noneMatch(Summary::hasSyscalls)) {
      return "";
    }
    StringBuilder t = new StringBuilder();
    t.append(
        "\nPackets and system calls per request (client process; syscalls from perf's tracepoints,"
            + " over the measured interval):\n\n"
            + "| workload | client | C | segments/op | out / in | syscalls/op | writes | reads |"
            + " epoll waits | futex | timerfd / epoll_ctl |\n"
            + "|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n");
    for (Summary s : all) {
      if (!s.hasSyscalls() || s.client.equals(Benchmark.HARNESS)) {
        continue;
      }
      t.append(
          String.format(
              Locale.ROOT,
              "| %s | %s | %d | %.4f%s | %.4f / %.4f | %.4f%s | %.4f | %.4f | %.4f | %.4f | %.4f |%n",
              s.workload.label,
              s.client,
              s.concurrency,
              s.get("segments_per_op"),
              s.ratio("segments_per_op"),
              s.get("segs_out_per_op"),
              s.get("segs_in_per_op"),
              s.get("syscalls_per_op"),
              s.ratio("syscalls_per_op"),
              s.get("sys_writes_per_op"),
              s.get("sys_reads_per_op"),
              s.get("sys_polls_per_op"),
              s.get("sys_futex_per_op"),
              s.get("sys_timer_ctl_per_op")));
    }
    return t.toString();
  }
}
