package io.scyllaboot.driver.internal.pool;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.function.Supplier;

/**
 * Runs connection opens with at most {@code max} of them in flight: the next one starts when one
 * ends, failed or not. A node with many shards (and every node, when a client starts or a node
 * comes back) would otherwise get all of its handshakes at the same moment. Runs on the pool's
 * admin executor only, so it needs no locks.
 */
final class BoundedOpens {
  private final List<Supplier<CompletionStage<?>>> opens;
  private final Executor admin;
  private final CompletableFuture<Void> done = new CompletableFuture<>();
  private int next;
  private int running;

  private BoundedOpens(List<Supplier<CompletionStage<?>>> opens, Executor admin) {
    this.opens = opens;
    this.admin = admin;
  }

  /** Starts the opens; the future completes (never exceptionally) once every one has ended. */
  static CompletableFuture<Void> run(
      List<Supplier<CompletionStage<?>>> opens, int max, Executor admin) {
    BoundedOpens run = new BoundedOpens(opens, admin);
    if (opens.isEmpty()) {
      run.done.complete(null);
    }
    for (int i = 0; i < max && run.next < opens.size(); i++) {
      run.startNext();
    }
    return run.done;
  }

  private void startNext() {
    Supplier<CompletionStage<?>> open = opens.get(next++);
    running++;
    CompletionStage<?> attempt;
    try {
      attempt = open.get();
    } catch (RuntimeException e) {
      attempt = CompletableFuture.failedFuture(e);
    }
    attempt.whenComplete((ignored, error) -> admin.execute(this::ended));
  }

  private void ended() {
    running--;
    if (next < opens.size()) {
      startNext();
    } else if (running == 0) {
      done.complete(null);
    }
  }
}
