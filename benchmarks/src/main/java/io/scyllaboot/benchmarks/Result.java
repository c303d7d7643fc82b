package io.scyllaboot.benchmarks;

import io.scyllaboot.benchmarks.Clients.Workload;
import java.util.Map;

/** The measurements of one client run: one workload, client, concurrency and round. */
record Result(Workload workload, String client, int concurrency, int round, Map<String, Double> m) {
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
