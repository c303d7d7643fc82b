package io.scyllaboot.benchmarks;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * What a client JVM reads of itself and of the node around a measured interval: CPU, allocation and
 * GC from the JVM, TCP bytes and segments from {@code ss}, the node's CPU from {@code /proc}.
 */
final class ProcessCounters {
  private ProcessCounters() {}

  /** The process's counters at one instant. */
  record Snapshot(
      long cpuNanos,
      long allocated,
      long gcCount,
      long gcMillis,
      long[] tcp,
      int sockets,
      long[] nodeCpu) {

    static Snapshot take(int port, long nodePid) {
      long[] nodeCpu = processCpu(nodePid);
      long[] tcp = new long[4];
      int sockets = tcpCounters(port, tcp);
      long[] jvm = jvm();
      return new Snapshot(jvm[0], jvm[1], jvm[2], jvm[3], tcp, sockets, nodeCpu);
    }
  }

  /**
   * This JVM's CPU ns (every thread, the JIT and GC included), bytes allocated by its live threads,
   * GC count and GC ms.
   */
  static long[] jvm() {
    long gcCount = 0;
    long gcMillis = 0;
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      gcCount += Math.max(0, gc.getCollectionCount());
      gcMillis += Math.max(0, gc.getCollectionTime());
    }
    com.sun.management.ThreadMXBean threadBean =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    long allocated = 0;
    for (long bytes : threadBean.getThreadAllocatedBytes(threadBean.getAllThreadIds())) {
      allocated += Math.max(0, bytes);
    }
    long cpu =
        ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
            .getProcessCpuTime();
    return new long[] {cpu, allocated, gcCount, gcMillis};
  }

  /** User and system CPU of a process in nanoseconds (from /proc, 100 ticks a second), or -1. */
  static long[] processCpu(long pid) {
    if (pid <= 0) {
      return new long[] {-1, -1};
    }
    try {
      String stat = java.nio.file.Files.readString(java.nio.file.Path.of("/proc/" + pid + "/stat"));
      String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
      return new long[] {
        Long.parseLong(fields[11]) * 10_000_000L, Long.parseLong(fields[12]) * 10_000_000L
      };
    } catch (java.io.IOException | RuntimeException e) {
      return new long[] {-1, -1};
    }
  }

  /**
   * Sums bytes_sent, bytes_received, segs_out and segs_in of this process's established TCP sockets
   * to {@code port}, from {@code ss -tinp}; returns how many sockets matched (-1 when {@code ss} is
   * unavailable).
   */
  static int tcpCounters(int port, long[] into) {
    String pid = "pid=" + ProcessHandle.current().pid() + ",";
    try {
      Process ss =
          new ProcessBuilder("ss", "-tinpH", "state", "established", portFilter(port))
              .redirectErrorStream(true)
              .start();
      int sockets = 0;
      boolean mine = false;
      try (BufferedReader reader =
          new BufferedReader(new InputStreamReader(ss.getInputStream(), StandardCharsets.UTF_8))) {
        String line;
        while ((line = reader.readLine()) != null) {
          if (!line.isEmpty() && !Character.isWhitespace(line.charAt(0))) {
            mine = line.contains(pid);
            if (mine) {
              sockets++;
            }
            // some versions of ss print the info on the same line
            if (!line.contains("bytes_") && !line.contains("segs_")) {
              continue;
            }
          }
          if (mine) {
            Map<String, Long> fields = fields(line);
            into[0] += fields.getOrDefault("bytes_sent", 0L);
            into[1] += fields.getOrDefault("bytes_received", 0L);
            into[2] += fields.getOrDefault("segs_out", 0L);
            into[3] += fields.getOrDefault("segs_in", 0L);
          }
        }
      }
      ss.waitFor();
      return sockets;
    } catch (Exception e) {
      return -1;
    }
  }

  /** The node's port, and its shard-aware port when the harness names one. */
  private static String portFilter(int port) {
    Integer shardAware = Integer.getInteger("bench.shard-aware-port");
    return shardAware == null
        ? "( dport = :" + port + " )"
        : "( dport = :" + port + " or dport = :" + shardAware + " )";
  }

  private static Map<String, Long> fields(String line) {
    Map<String, Long> fields = new HashMap<>();
    for (String token : line.trim().split("\\s+")) {
      int colon = token.indexOf(':');
      if (colon > 0) {
        try {
          fields.put(token.substring(0, colon), Long.parseLong(token.substring(colon + 1)));
        } catch (NumberFormatException ignored) {
          // not a counter
        }
      }
    }
    return fields;
  }
}
