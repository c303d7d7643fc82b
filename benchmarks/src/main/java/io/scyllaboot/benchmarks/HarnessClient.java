package io.scyllaboot.benchmarks;

import io.scyllaboot.benchmarks.Clients.Client;
import io.scyllaboot.benchmarks.Clients.Workload;
import java.net.InetSocketAddress;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * The harness without a driver ({@code harness}): each request is a pending future that a thread of
 * its own (the stand-in for an I/O thread) completes, so the harness's loop, its values, its {@code
 * whenComplete} stage and the clients' one checking {@code thenAccept} stage (select, select-key)
 * cost what they cost with a driver, and the driver's own share of a client's allocation is that
 * client's minus this one's (minus the stand-in future, see {@link Benchmark#futureBytes}). Touches
 * no node.
 */
final class HarnessClient extends Client {
  private static final Object PAGE = new Object();
  private final Object lock = new Object();
  private CompletableFuture<?>[] pending = new CompletableFuture<?>[1024];
  private int size;
  private boolean waiting;
  private volatile boolean open;
  private Thread completer;

  @Override
  void open(InetSocketAddress node) {
    open = true;
    completer = new Thread(this::complete, "harness-completer");
    completer.setDaemon(true);
    completer.start();
  }

  @Override
  CompletionStage<?> async(Workload workload, UUID id, int i) {
    CompletableFuture<Object> page = new CompletableFuture<>();
    synchronized (lock) {
      if (size == pending.length) {
        pending = java.util.Arrays.copyOf(pending, size * 2);
      }
      pending[size++] = page;
      if (waiting) {
        lock.notify();
      }
    }
    return switch (workload) {
      case INSERT -> page;
      case SELECT -> page.thenAccept(HarnessClient::checkRows);
      case SELECT_KEY -> page.thenAccept(p -> Clients.check(p == PAGE && i >= 0, "value of key"));
    };
  }

  private static void checkRows(Object page) {
    Clients.check(page == PAGE, "10 rows");
  }

  /** Completes the pending requests in batches, as an I/O thread completes a read's responses. */
  private void complete() {
    CompletableFuture<?>[] batch = new CompletableFuture<?>[0];
    while (open) {
      int n;
      synchronized (lock) {
        while (size == 0 && open) {
          waiting = true;
          try {
            lock.wait(100);
          } catch (InterruptedException e) {
            return;
          } finally {
            waiting = false;
          }
        }
        if (batch.length < pending.length) {
          batch = new CompletableFuture<?>[pending.length];
        }
        n = size;
        System.arraycopy(pending, 0, batch, 0, n);
        java.util.Arrays.fill(pending, 0, n, null);
        size = 0;
      }
      for (int k = 0; k < n; k++) {
        @SuppressWarnings("unchecked")
        CompletableFuture<Object> page = (CompletableFuture<Object>) batch[k];
        batch[k] = null;
        page.complete(PAGE);
      }
    }
  }

  @Override
  public void close() throws InterruptedException {
    open = false;
    synchronized (lock) {
      lock.notify();
    }
    completer.join(10_000);
  }
}
