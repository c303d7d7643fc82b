package io.scyllaboot.driver.internal.util;

import io.scyllaboot.driver.api.error.DriverException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;

/** Blocking waits for the synchronous API, which unwrap the cause so callers see typed errors. */
public final class Futures {
  private Futures() {}

  /** Waits for the stage; refuses to run on a driver thread. */
  public static <T> T getUninterruptibly(CompletionStage<T> stage, String operation) {
    DriverThreads.checkNotDriverThread(operation);
    boolean interrupted = false;
    try {
      while (true) {
        try {
          return stage.toCompletableFuture().get();
        } catch (InterruptedException e) {
          interrupted = true;
        } catch (ExecutionException e) {
          throw rethrow(e.getCause());
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
