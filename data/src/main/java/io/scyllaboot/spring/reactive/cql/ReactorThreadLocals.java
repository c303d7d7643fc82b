package io.scyllaboot.spring.reactive.cql;

import io.micrometer.context.ContextSnapshot;
import io.micrometer.context.ContextSnapshotFactory;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;
import org.springframework.util.ClassUtils;
import reactor.core.publisher.Mono;
import reactor.util.context.ContextView;

/**
 * Starts driver requests with the thread-local values a subscriber's Reactor context carries, so
 * that what the driver's request listeners read from thread-locals on the starting thread (the
 * current Micrometer observation, a span's parent) is the subscriber's, whatever thread subscribes
 * or completes the previous step. The context holds them when the subscriber captured them ({@code
 * contextCapture()}, automatic context propagation) or put them there (WebFlux's server
 * observation). Needs Micrometer's context-propagation library; without it, or with an empty
 * context, requests start as they are, at no cost. For the reactive templates and repositories.
 */
public final class ReactorThreadLocals {
  private static final boolean PROPAGATION =
      ClassUtils.isPresent(
          "io.micrometer.context.ContextSnapshotFactory",
          ReactorThreadLocals.class.getClassLoader());

  private ReactorThreadLocals() {}

  /**
   * {@code Mono.fromCompletionStage(start)}, with {@code start} called in the subscriber's context.
   */
  public static <T> Mono<T> fromStage(Supplier<? extends CompletionStage<? extends T>> start) {
    if (!PROPAGATION) {
      return Mono.fromCompletionStage(start);
    }
    return Mono.deferContextual(
        context -> Mono.fromCompletionStage(restoring(context, start).get()));
  }

  /** {@code start}, called with the thread-locals of {@code context} set for its duration. */
  public static <T> Supplier<T> restoring(ContextView context, Supplier<T> start) {
    if (!PROPAGATION || context.isEmpty()) {
      return start;
    }
    return () -> Snapshots.within(context, start);
  }

  /** Loaded only when the library is there. */
  private static final class Snapshots {
    private static final ContextSnapshotFactory FACTORY = ContextSnapshotFactory.builder().build();

    static <T> T within(ContextView context, Supplier<T> start) {
      try (ContextSnapshot.Scope scope = FACTORY.setThreadLocalsFrom(context)) {
        return start.get();
      }
    }
  }
}
