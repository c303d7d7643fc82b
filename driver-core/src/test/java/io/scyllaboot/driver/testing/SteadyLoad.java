package io.scyllaboot.driver.testing;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import org.jspecify.annotations.Nullable;

/**
 * A steady mix of writes and reads at a fixed rate with a bounded number of requests in flight (the
 * rate leaves CPU to the nodes of a small machine, so that a restarted node starts in reasonable
 * time), driven by one thread, recording every request: when it started and ended, which node
 * coordinated it and which nodes it was sent to, or how it failed. Writes go to new keys ({@code
 * value = valueOf(key)}); reads go to keys whose write was acknowledged, so that a read that misses
 * the value shows a lost write. Driver-agnostic: a {@link Target} adapts a driver.
 */
public final class SteadyLoad {

  /** One driver's way to run the two statements. */
  public interface Target {
    CompletionStage<Outcome> write(int key, int value);

    /** Reads the key's value; the outcome's value is null when the row is missing. */
    CompletionStage<Outcome> read(int key);
  }

  /**
   * What a successful request tells: the node that answered and every node it was sent to (the
   * coordinator included), and for a read, the value.
   */
  public record Outcome(InetSocketAddress coordinator, Set<InetAddress> tried, Integer value) {}

  /** One request: {@code outcome} on success, {@code error} on failure. */
  public record Sample(
      long startNanos,
      long endNanos,
      boolean write,
      int key,
      @Nullable Outcome outcome,
      @Nullable Throwable error) {}

  private final Target target;
  private final int concurrency;
  private final long intervalNanos;
  private final Semaphore permits;
  private final ConcurrentLinkedQueue<Sample> samples = new ConcurrentLinkedQueue<>();
  private final Map<Integer, Integer> acknowledged = new ConcurrentHashMap<>();
  private final AtomicInteger nextKey = new AtomicInteger();
  private final Thread thread;
  private volatile boolean running = true;

  public SteadyLoad(Target target, int concurrency, int requestsPerSecond) {
    this.target = target;
    this.concurrency = concurrency;
    this.intervalNanos = 1_000_000_000L / requestsPerSecond;
    this.permits = new Semaphore(concurrency);
    this.thread = new Thread(this::drive, "steady-load");
    thread.setDaemon(true);
  }

  public static int valueOf(int key) {
    return key * 7 + 1;
  }

  public SteadyLoad start() {
    thread.start();
    return this;
  }

  /** Stops issuing requests and waits (at most {@code timeoutSeconds}) for those in flight. */
  public void stop(long timeoutSeconds) throws InterruptedException {
    running = false;
    thread.join(TimeUnit.SECONDS.toMillis(timeoutSeconds));
    if (!permits.tryAcquire(concurrency, timeoutSeconds, TimeUnit.SECONDS)) {
      throw new IllegalStateException("requests still in flight " + timeoutSeconds + " s later");
    }
  }

  private void drive() {
    boolean write = true;
    long next = System.nanoTime();
    while (running) {
      try {
        permits.acquire();
      } catch (InterruptedException e) {
        return;
      }
      // Paced: one request per interval; after a stall (all permits taken) it does not burst.
      long now = System.nanoTime();
      if (next > now) {
        LockSupport.parkNanos(next - now);
      }
      next = Math.max(next, now - intervalNanos) + intervalNanos;
      int key = write ? -1 : readableKey();
      if (key < 0) {
        issue(true, nextKey.getAndIncrement());
      } else {
        issue(false, key);
      }
      write = !write;
    }
  }

  /** A random key whose write was acknowledged, or -1 if the few tried were not. */
  private int readableKey() {
    int bound = nextKey.get();
    for (int attempt = 0; attempt < 4 && bound > 0; attempt++) {
      int key = ThreadLocalRandom.current().nextInt(bound);
      if (acknowledged.containsKey(key)) {
        return key;
      }
    }
    return -1;
  }

  private void issue(boolean write, int key) {
    long start = System.nanoTime();
    CompletionStage<Outcome> stage;
    try {
      stage = write ? target.write(key, valueOf(key)) : target.read(key);
    } catch (RuntimeException e) {
      record(new Sample(start, System.nanoTime(), write, key, null, e));
      return;
    }
    stage.whenComplete(
        (outcome, error) -> {
          if (error == null && write) {
            acknowledged.put(key, valueOf(key));
          }
          record(new Sample(start, System.nanoTime(), write, key, outcome, unwrap(error)));
        });
  }

  private void record(Sample sample) {
    samples.add(sample);
    permits.release();
  }

  private static @Nullable Throwable unwrap(@Nullable Throwable error) {
    while (error instanceof java.util.concurrent.CompletionException && error.getCause() != null) {
      error = error.getCause();
    }
    return error;
  }

  /** The keys whose write was acknowledged, and their values. */
  public Map<Integer, Integer> acknowledged() {
    return Map.copyOf(acknowledged);
  }

  public List<Sample> samples() {
    return new ArrayList<>(samples);
  }

  public long completed() {
    return samples.size();
  }

  public List<Sample> failures() {
    return samples.stream().filter(sample -> sample.error() != null).toList();
  }

  /** Failures counted by exception class and message start, for the report. */
  public Map<String, Long> failuresByKind() {
    Map<String, Long> kinds = new TreeMap<>();
    for (Sample sample : failures()) {
      String message = String.valueOf(sample.error().getMessage());
      String kind =
          sample.error().getClass().getSimpleName()
              + ": "
              + (message.length() > 80 ? message.substring(0, 80) + "..." : message);
      kinds.merge(kind, 1L, Long::sum);
    }
    return kinds;
  }

  /** Reads of an acknowledged key that found no row or another value. */
  public List<Sample> lostReads() {
    return samples.stream()
        .filter(s -> !s.write() && s.outcome() != null)
        .filter(s -> s.outcome().value() == null || s.outcome().value() != valueOf(s.key()))
        .toList();
  }

  /**
   * The latest start, in {@code [fromNanos, toNanos)}, of a request that was sent to {@code node}
   * (coordinated by it, or tried on it and failed over); empty if none was.
   */
  public OptionalLong lastSentTo(InetAddress node, long fromNanos, long toNanos) {
    return samples.stream()
        .filter(s -> s.startNanos() >= fromNanos && s.startNanos() < toNanos)
        .filter(s -> s.outcome() != null)
        .filter(s -> s.outcome().tried().contains(node))
        .mapToLong(Sample::startNanos)
        .max();
  }

  /** The earliest end, at or after {@code sinceNanos}, of a success coordinated by {@code node}. */
  public OptionalLong firstCoordinatedBy(InetAddress node, long sinceNanos) {
    return samples.stream()
        .filter(s -> s.endNanos() >= sinceNanos && s.outcome() != null)
        .filter(s -> s.outcome().coordinator().getAddress().equals(node))
        .mapToLong(Sample::endNanos)
        .min();
  }
}
