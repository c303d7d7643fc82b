package io.scyllaboot.spring.repository.support;

import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * Runs the tasks given to it on the one thread that waits with it: the repository's {@code ...All}
 * methods hand it to the template so that callbacks and events run on the calling thread, never on
 * the driver's I/O thread (where a listener that calls a repository would block the event loop).
 * Tasks are queued by any thread; only the calling thread runs them, in {@link #runNext} and {@link
 * #await}.
 */
final class CallerThreadExecutor implements Executor {
  private static final Runnable WAKE_UP = () -> {};
  private final BlockingQueue<Runnable> tasks = new LinkedBlockingQueue<>();

  @Override
  public void execute(Runnable task) {
    tasks.add(task);
  }

  /** Ends a {@link #runNext} wait without a task (a future completed without needing one). */
  void wakeUp() {
    tasks.add(WAKE_UP);
  }

  /**
   * Runs the next task, waiting for one (or for a {@link #wakeUp}); interrupts are kept for later.
   */
  void runNext() {
    boolean interrupted = false;
    Runnable task = null;
    while (task == null) {
      try {
        task = tasks.take();
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
    task.run();
  }

  /** Runs tasks on this thread until the future is done; then returns it. */
  <R> CompletableFuture<R> await(CompletableFuture<R> future) {
    future.whenComplete((result, error) -> wakeUp());
    while (!future.isDone()) {
      runNext();
    }
    return future;
  }
}
