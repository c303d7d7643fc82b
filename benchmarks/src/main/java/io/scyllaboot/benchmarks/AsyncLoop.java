package io.scyllaboot.benchmarks;

import io.scyllaboot.benchmarks.Clients.Client;
import io.scyllaboot.benchmarks.Clients.Workload;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.HdrHistogram.Recorder;

/**
 * {@code concurrency} chains of requests, each issuing the next when its previous completes. A
 * chain is one reusable callback (no capturing lambda per request); a request that completes while
 * its chain is still issuing it (a future already done, or done at once on another thread) is
 * followed by a loop in the issuer, not by recursion.
 */
final class AsyncLoop {
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
      UUID id = ClientMain.id(workload, random, i);
      int expected = workload == Workload.SELECT_KEY ? ClientMain.expectedValue(id) : i;
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
