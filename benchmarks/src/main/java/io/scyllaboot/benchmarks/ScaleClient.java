package io.scyllaboot.benchmarks;

import io.scyllaboot.benchmarks.ScaleWork.Axis;
import io.scyllaboot.benchmarks.ScaleWork.Client;
import java.net.InetSocketAddress;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * One client of the scale run in its own JVM, at one point of one axis: opens the client, keeps the
 * axis's concurrency in flight (that many chains, each issuing its next request when the previous
 * completes) for a warm-up of W seconds, then for M measured seconds, and prints one line:
 *
 * <pre>
 * METRICS ops= seconds= cpu_ns= alloc_bytes= gc_count= gc_ms= p50_ns= p99_ns= server_cpu_ns=
 *         cache_hits= cache_misses=
 * </pre>
 *
 * <p>Time-bound rather than count-bound so that every point costs the same wall time whatever an
 * operation costs (a 5,000-row page and a one-row read). CPU is the process's (JIT and GC
 * included), allocation the per-thread counters' sum, the server's CPU from {@code /proc}; cache
 * counts are the driver's own (-1 when it does not say).
 *
 * <p>Usage: {@code ScaleClient client axis x warmup-s measure-s host port [server-pid]}.
 */
public final class ScaleClient {
  private ScaleClient() {}

  public static void main(String[] args) {
    try {
      measure(args);
    } catch (Throwable e) {
      e.printStackTrace();
      System.exit(1); // the drivers' non-daemon threads would keep a failed client alive
    }
    System.exit(0);
  }

  private static void measure(String[] args) throws Exception {
    Axis axis = Axis.of(args[1]);
    int x = Integer.parseInt(args[2]);
    double warmup = Double.parseDouble(args[3]);
    double seconds = Double.parseDouble(args[4]);
    InetSocketAddress node = new InetSocketAddress(args[5], Integer.parseInt(args[6]));
    long serverPid = args.length > 7 ? Long.parseLong(args[7]) : -1;
    int concurrency = axis.concurrencyAt(x);
    try (Client client = Client.create(args[0], axis, x)) {
      client.open(node);
      Recorder recorder = new Recorder(TimeUnit.SECONDS.toNanos(60), 3);
      run(client, concurrency, warmup, recorder);
      System.gc();
      recorder.getIntervalHistogram(); // forget the warm-up
      long[] cacheBefore = client.cacheCounts();
      long[] before = counters(serverPid);
      long start = System.nanoTime();
      long ops = run(client, concurrency, seconds, recorder);
      long elapsed = System.nanoTime() - start;
      long[] after = counters(serverPid);
      long[] cacheAfter = client.cacheCounts();
      Histogram latency = recorder.getIntervalHistogram();
      System.out.printf(
          "METRICS ops=%d seconds=%.3f cpu_ns=%d alloc_bytes=%d gc_count=%d gc_ms=%d p50_ns=%d"
              + " p99_ns=%d server_cpu_ns=%d cache_hits=%d cache_misses=%d%n",
          ops,
          elapsed / 1e9,
          after[0] - before[0],
          after[1] - before[1],
          after[2] - before[2],
          after[3] - before[3],
          latency.getValueAtPercentile(50),
          latency.getValueAtPercentile(99),
          after[4] < 0 || before[4] < 0 ? -1 : after[4] - before[4],
          cacheAfter == null ? -1 : cacheAfter[0] - cacheBefore[0],
          cacheAfter == null ? -1 : cacheAfter[1] - cacheBefore[1]);
      System.out.flush();
    }
  }

  /**
   * Keeps {@code concurrency} chains going until {@code seconds} have passed, then waits for the
   * requests in flight; returns the operations completed.
   */
  static long run(Client client, int concurrency, double seconds, Recorder recorder)
      throws Exception {
    long deadline = System.nanoTime() + (long) (seconds * 1e9);
    AtomicLong completed = new AtomicLong();
    AtomicInteger chains = new AtomicInteger(concurrency);
    AtomicReference<Throwable> failure = new AtomicReference<>();
    CompletableFuture<Void> done = new CompletableFuture<>();
    Runnable[] next = new Runnable[1];
    next[0] =
        () -> {
          if (failure.get() != null || System.nanoTime() - deadline >= 0) {
            if (chains.decrementAndGet() == 0) {
              done.complete(null);
            }
            return;
          }
          long t0 = System.nanoTime();
          CompletionStage<?> stage;
          try {
            stage = client.op();
          } catch (Throwable e) {
            stage = CompletableFuture.failedFuture(e);
          }
          stage.whenComplete(
              (result, error) -> {
                recorder.recordValue(Math.min(System.nanoTime() - t0, 59_000_000_000L));
                if (error != null) {
                  if (failure.compareAndSet(null, error)) {
                    done.completeExceptionally(error);
                  }
                } else {
                  completed.incrementAndGet();
                }
                next[0].run();
              });
        };
    for (int c = 0; c < concurrency; c++) {
      next[0].run();
    }
    done.get((long) seconds + 120, TimeUnit.SECONDS);
    return completed.get();
  }

  /** CPU ns, allocated bytes, GC count and ms of this process; the server's CPU ns (or -1). */
  static long[] counters(long serverPid) {
    long[] jvm = ProcessCounters.jvm();
    long[] server = ProcessCounters.processCpu(serverPid);
    return new long[] {jvm[0], jvm[1], jvm[2], jvm[3], server[0] < 0 ? -1 : server[0] + server[1]};
  }
}
