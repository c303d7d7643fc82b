package io.scyllaboot.driver.internal.util;

import io.scyllaboot.driver.api.error.DriverException;
import io.scyllaboot.driver.api.error.DriverTimeoutException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** Blocking waits for the synchronous API, which unwrap the cause so callers see typed errors. */
public final class Futures {
  private Futures() {}

  /**
   * Waits for the stage at most {@code boundNanos}; refuses to run on a driver thread. The bound is
   * a backstop past the driver's own timeouts (which should end the stage first): a defect or a
   * stopped timer then fails the caller with a timeout instead of blocking its thread forever.
   *
   * @throws DriverTimeoutException if the stage is not complete within the bound
   */
  public static <T> T getUninterruptibly(
      CompletionStage<T> stage, String operation, long boundNanos) {
    DriverThreads.checkNotDriverThread(operation);
    CompletableFuture<T> future = stage.toCompletableFuture();
    long deadline = System.nanoTime() + boundNanos;
    boolean interrupted = false;
    try {
      while (true) {
        try {
          return future.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
          interrupted = true;
        } catch (ExecutionException e) {
          throw rethrow(e.getCause());
        } catch (TimeoutException e) {
          throw new DriverTimeoutException(
              operation
                  + " did not complete within "
                  + java.time.Duration.ofNanos(boundNanos)
                  + " (the bound of this synchronous call, past its configured timeouts)");
        }
      }
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /** The cause of a failed stage, without CompletionException wrappers. */
  public static Throwable unwrap(Throwable error) {
    while (error instanceof CompletionException && error.getCause() != null) {
      error = error.getCause();
    }
    return error;
  }

  /** A callback that completes {@code target} as the stage it is attached to completes. */
  public static <T> java.util.function.BiConsumer<T, Throwable> completing(
      CompletableFuture<T> target) {
    return (value, error) -> {
      if (error != null) {
        target.completeExceptionally(unwrap(error));
      } else {
        target.complete(value);
      }
    };
  }

  private static RuntimeException rethrow(Throwable cause) {
    cause = unwrap(cause);
    if (cause instanceof RuntimeException runtime) {
      return runtime;
    }
    if (cause instanceof Error error) {
      throw error;
    }
    return new DriverException("unexpected checked exception: " + cause, cause);
  }
}
