package io.scyllaboot.benchmarks;

import io.scyllaboot.benchmarks.Clients.Client;
import io.scyllaboot.benchmarks.Clients.Workload;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * One client in its own JVM: opens the client, runs {@code warmup} operations of a workload, then
 * measures {@code ops} operations with {@code concurrency} in flight (asynchronous clients: that
 * many chains, each issuing its next request when the previous completes; synchronous clients: that
 * many threads, platform threads or, for {@link VirtualThreadClients}, virtual ones) and prints one
 * {@code METRICS} line:
 *
 * <pre>
 * METRICS ops= seconds= cpu_ns= alloc_bytes= gc_count= gc_ms= p50_ns= p99_ns= p999_ns=
 *         bytes_out= bytes_in= segs_out= segs_in= sockets=
 *         syscalls= sys_writes= sys_reads= sys_polls= sys_futex=
 * </pre>
 *
 * <p>CPU is the process's (every thread, the JIT and GC included), allocation is summed over every
 * live thread from the JVM's per-thread counters, bytes and segments are the kernel's counters
 * ({@code ss -tinp}) of this process's sockets to the node's port (and shard-aware port, {@code
 * -Dbench.shard-aware-port}), system calls are counted by {@link SyscallCounter} (-1 without perf).
 *
 * <p>With a node pid, the node's user and system CPU over the same interval ({@code
 * /proc/PID/stat}) are added as {@code node_user_ns} and {@code node_sys_ns}.
 *
 * <p>Usage: {@code ClientMain client workload concurrency ops warmup host port [node-pid]}.
 */
public final class ClientMain {
  private ClientMain() {}

  public static void main(String[] args) {
    try {
      measure(args);
    } catch (Throwable e) {
      // The drivers' non-daemon threads would keep a failed client alive: exit, so the harness goes
      // on
      e.printStackTrace();
      System.exit(1);
    }
    System.exit(0);
  }

  private static void measure(String[] args) throws Exception {
    String clientName = args[0];
    Workload workload = Workload.of(args[1]);
    int concurrency = Integer.parseInt(args[2]);
    long ops = Long.parseLong(args[3]);
    long warmup = Long.parseLong(args[4]);
    InetSocketAddress node = new InetSocketAddress(args[5], Integer.parseInt(args[6]));
    long nodePid = args.length > 7 ? Long.parseLong(args[7]) : -1;

    Client client = Clients.create(VirtualThreadClients.platformName(clientName));
    client.open(node);
    ExecutorService threads =
        !client.sync()
            ? null
            : VirtualThreadClients.isVirtual(clientName)
                ? VirtualThreadClients.executor()
                : Executors.newFixedThreadPool(concurrency);
    Recorder recorder = new Recorder(TimeUnit.SECONDS.toNanos(60), 3);
    try {
      run(client, workload, concurrency, warmup, recorder, threads);
      System.gc();
      recorder.getIntervalHistogram(); // forget the warm-up
      SyscallCounter syscalls = SyscallCounter.attach(); // after the warm-up made the threads
      Snapshot before = Snapshot.take(node.getPort(), nodePid);
      if (syscalls != null && !syscalls.tryEnable()) {
        syscalls = null;
      }
      long start = System.nanoTime();
      run(client, workload, concurrency, ops, recorder, threads);
      long elapsed = System.nanoTime() - start;
      Map<String, Long> syscallCounts = syscalls == null ? null : syscalls.tryStop();
      Snapshot after = Snapshot.take(node.getPort(), nodePid);
      Histogram latency = recorder.getIntervalHistogram();
      System.out.printf(
          "METRICS ops=%d seconds=%.3f cpu_ns=%d alloc_bytes=%d gc_count=%d gc_ms=%d p50_ns=%d"
              + " p99_ns=%d p999_ns=%d bytes_out=%d bytes_in=%d segs_out=%d segs_in=%d"
              + " sockets=%d node_user_ns=%d node_sys_ns=%d%s%n",
          ops,
          elapsed / 1e9,
          after.cpuNanos - before.cpuNanos,
          after.allocated - before.allocated,
          after.gcCount - before.gcCount,
          after.gcMillis - before.gcMillis,
          latency.getValueAtPercentile(50),
          latency.getValueAtPercentile(99),
          latency.getValueAtPercentile(99.9),
          after.tcp[0] - before.tcp[0],
          after.tcp[1] - before.tcp[1],
          after.tcp[2] - before.tcp[2],
          after.tcp[3] - before.tcp[3],
          after.sockets,
          after.nodeCpu[0] < 0 ? -1 : after.nodeCpu[0] - before.nodeCpu[0],
          after.nodeCpu[1] < 0 ? -1 : after.nodeCpu[1] - before.nodeCpu[1],
          SyscallCounter.fields(syscallCounts));
      System.out.flush();
    } finally {
      if (threads != null) {
        threads.shutdownNow();
      }
      client.close();
    }
  }

  private static void run(
      Client client,
      Workload workload,
      int concurrency,
      long total,
      Recorder recorder,
      ExecutorService threads)
      throws Exception {
    if (total <= 0) {
      return;
    }
    if (client instanceof FloorClient floor) {
      floor.run(workload, concurrency, total, recorder); // its own loop: no futures to chain
      return;
    }
    if (threads != null) {
      AtomicLong issued = new AtomicLong();
      List<Future<?>> workers = new ArrayList<>();
      for (int t = 0; t < concurrency; t++) {
        workers.add(
            threads.submit(
                () -> {
                  ThreadLocalRandom random = ThreadLocalRandom.current();
                  while (issued.getAndIncrement() < total) {
                    int i = workload == Workload.INSERT ? random.nextInt() : random.nextInt(0, 10);
                    UUID id = id(workload, random, i);
                    if (workload == Workload.SELECT_KEY) {
                      i = expectedValue(id);
                    }
                    long t0 = System.nanoTime();
                    client.sync(workload, id, i);
                    recorder.recordValue(Math.min(System.nanoTime() - t0, 59_000_000_000L));
                  }
                  return null;
                }));
      }
      for (Future<?> worker : workers) {
        worker.get();
      }
      return;
    }
    new AsyncLoop(client, workload, total, recorder).run(concurrency);
  }

  /**
   * The {@code val} a select-key must return: the key's low 32 bits, or the one value every answer
   * carries when the harness says so ({@code -Dbench.select-key-value}, the ScyllaDB-shaped fake).
   */
  private static int expectedValue(UUID id) {
    return FIXED_VALUE != null ? FIXED_VALUE : (int) id.getLeastSignificantBits();
  }

  private static final Integer FIXED_VALUE = Integer.getInteger("bench.select-key-value");

  static UUID id(Workload workload, ThreadLocalRandom random, int i) {
    return switch (workload) {
      case INSERT -> new UUID(random.nextLong(), random.nextLong());
      case SELECT -> null;
      case SELECT_KEY -> KEY_IDS[random.nextInt(Clients.KEYS)];
    };
  }

  /** The keys of the pre-filled table, made once: a select-key allocates no key of its own. */
  private static final UUID[] KEY_IDS = new UUID[Clients.KEYS];

  static {
    for (int k = 0; k < Clients.KEYS; k++) {
      KEY_IDS[k] = Clients.key(k);
    }
  }

  /**
   * {@code concurrency} chains of requests, each issuing the next when its previous completes. A
   * chain is one reusable callback (no capturing lambda per request); a request that completes
   * while its chain is still issuing it (a future already done, or done at once on another thread)
   * is followed by a loop in the issuer, not by recursion.
   */
  private static final class AsyncLoop {
    private final Client client;
    private final Workload workload;
    private final long total;
    private final Recorder recorder;
    private final AtomicLong issued = new AtomicLong();
    private final AtomicLong completed = new AtomicLong();
    private final AtomicReference<Throwable> failure = new AtomicReference<>();
    private final CompletableFuture<Void> done = new CompletableFuture<>();

    AsyncLoop(Client client, Workload workload, long total, Recorder recorder) {
      this.client = client;
      this.workload = workload;
      this.total = total;
      this.recorder = recorder;
    }

    void run(int concurrency) throws Exception {
      for (int c = 0; c < concurrency && c < total; c++) {
        new Chain().issue();
      }
      done.get(10, TimeUnit.MINUTES);
    }

    private void fail(Throwable error) {
      if (failure.compareAndSet(null, error)) {
        done.completeExceptionally(error);
      }
    }

    /** One chain of requests, one in flight at a time. */
    private final class Chain implements java.util.function.BiConsumer<Object, Throwable> {
      private static final int IDLE = 0;
      private static final int ISSUING = 1;
      private static final int COMPLETED_WHILE_ISSUING = 2;
      private final java.util.concurrent.atomic.AtomicInteger state =
          new java.util.concurrent.atomic.AtomicInteger();
      private long t0;

      /** Issues requests until one is still in flight when its issuing returns. */
      void issue() {
        do {
          state.set(ISSUING);
          if (!issueOne()) {
            return;
          }
        } while (!state.compareAndSet(ISSUING, IDLE)); // failed: it completed meanwhile
      }

      private boolean issueOne() {
        if (issued.getAndIncrement() >= total || failure.get() != null) {
          return false;
        }
        ThreadLocalRandom random = ThreadLocalRandom.current();
        int i = workload == Workload.INSERT ? random.nextInt() : 0;
        UUID id = id(workload, random, i);
        int expected = workload == Workload.SELECT_KEY ? expectedValue(id) : i;
        t0 = System.nanoTime();
        CompletionStage<?> stage;
        try {
          stage = client.async(workload, id, expected);
        } catch (Throwable e) {
          fail(e);
          return false;
        }
        stage.whenComplete(this);
        return true;
      }

      @Override
      public void accept(Object result, Throwable error) {
        recorder.recordValue(Math.min(System.nanoTime() - t0, 59_000_000_000L));
        if (error != null) {
          fail(error);
        } else if (completed.incrementAndGet() == total) {
          done.complete(null);
        } else if (!state.compareAndSet(ISSUING, COMPLETED_WHILE_ISSUING)) {
          issue(); // the issuer has returned: this completion issues the next request
        }
      }
    }
  }

  /** The process's counters at one instant. */
  private record Snapshot(
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
      return new Snapshot(cpu, allocated, gcCount, gcMillis, tcp, sockets, nodeCpu);
    }
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
