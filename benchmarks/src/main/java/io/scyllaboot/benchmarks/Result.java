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

  /** Of the requests with a token, those that landed on their owning shard (-1: not counted). */
  double owningShardFraction() {
    double withToken = m.getOrDefault("with_token", 0.0);
    return withToken > 0 ? m.get("on_owning_shard") / withToken : -1;
  }

  double allocPerOp() {
    return m.get("alloc_bytes") / ops();
  }
}
