package io.scyllaboot.benchmarks;

import io.scyllaboot.benchmarks.Clients.Client;
import io.scyllaboot.benchmarks.Clients.Workload;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
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
      ProcessCounters.Snapshot before = ProcessCounters.Snapshot.take(node.getPort(), nodePid);
      if (syscalls != null && !syscalls.tryEnable()) {
        syscalls = null;
      }
      long start = System.nanoTime();
      run(client, workload, concurrency, ops, recorder, threads);
      long elapsed = System.nanoTime() - start;
      Map<String, Long> syscallCounts = syscalls == null ? null : syscalls.tryStop();
      ProcessCounters.Snapshot after = ProcessCounters.Snapshot.take(node.getPort(), nodePid);
      Histogram latency = recorder.getIntervalHistogram();
      System.out.printf(
          "METRICS ops=%d seconds=%.3f cpu_ns=%d alloc_bytes=%d gc_count=%d gc_ms=%d p50_ns=%d"
              + " p99_ns=%d p999_ns=%d bytes_out=%d bytes_in=%d segs_out=%d segs_in=%d"
              + " sockets=%d node_user_ns=%d node_sys_ns=%d%s%n",
          ops,
          elapsed / 1e9,
          after.cpuNanos() - before.cpuNanos(),
          after.allocated() - before.allocated(),
          after.gcCount() - before.gcCount(),
          after.gcMillis() - before.gcMillis(),
          latency.getValueAtPercentile(50),
          latency.getValueAtPercentile(99),
          latency.getValueAtPercentile(99.9),
          after.tcp()[0] - before.tcp()[0],
          after.tcp()[1] - before.tcp()[1],
          after.tcp()[2] - before.tcp()[2],
          after.tcp()[3] - before.tcp()[3],
          after.sockets(),
          after.nodeCpu()[0] < 0 ? -1 : after.nodeCpu()[0] - before.nodeCpu()[0],
          after.nodeCpu()[1] < 0 ? -1 : after.nodeCpu()[1] - before.nodeCpu()[1],
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
  static int expectedValue(UUID id) {
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
}
