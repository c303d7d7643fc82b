package io.scyllaboot.autoconfigure.observation;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import io.scyllaboot.driver.api.metrics.RequestInfo;
import io.scyllaboot.driver.api.metrics.RequestListener;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * Starts an observation when a request starts (its parent is the caller's current observation) and
 * stops it when the request ends, with the error if it failed. The observation is the request's
 * listener context, so no map of requests in flight is kept. A no-op registry (no handler) costs no
 * context and no observation.
 */
public final class ObservationRequestListener implements RequestListener {
  private final ObservationRegistry registry;
  private final @Nullable ScyllaObservationConvention convention;
  private final ScyllaObservationConvention defaultConvention;

  /**
   * With the default convention without {@code db.query.text}.
   *
   * @param convention replaces {@link DefaultScyllaObservationConvention}, or null
   */
  public ObservationRequestListener(
      ObservationRegistry registry, @Nullable ScyllaObservationConvention convention) {
    this(registry, convention, new DefaultScyllaObservationConvention());
  }

  /**
   * @param convention replaces {@code defaultConvention}, or null
   * @param defaultConvention what names and keys observations unless the registry's configuration
   *     or {@code convention} says otherwise
   */
  public ObservationRequestListener(
      ObservationRegistry registry,
      @Nullable ScyllaObservationConvention convention,
      ScyllaObservationConvention defaultConvention) {
    this.registry = registry;
    this.convention = convention;
    this.defaultConvention = defaultConvention;
  }

  @Override
  public @Nullable Object onStart(RequestInfo request) {
    if (registry.isNoop()) {
      return null;
    }
    ScyllaObservationContext context =
        new ScyllaObservationContext(request.query(), request.keyspace());
    return Observation.createNotStarted(convention, defaultConvention, () -> context, registry)
        .start();
  }

  @Override
  public void onSuccess(RequestInfo request, @Nullable Object context) {
    if (context instanceof Observation observation) {
      end(request, observation, null);
    }
  }

  @Override
  public void onError(RequestInfo request, @Nullable Object context, Throwable error) {
    if (context instanceof Observation observation) {
      end(request, observation, error);
    }
  }

  /** The caller's current observation, in scope where the deferred requests start. */
  @Override
  public <T, R> Function<T, R> onDeferredStart(Function<T, R> continuation) {
    Observation parent = registry.isNoop() ? null : registry.getCurrentObservation();
    if (parent == null) {
      return continuation;
    }
    return value -> {
      try (Observation.Scope scope = parent.openScope()) {
        return continuation.apply(value);
      }
    };
  }

  private static void end(RequestInfo request, Observation observation, @Nullable Throwable error) {
    if (observation.getContext() instanceof ScyllaObservationContext context) {
      context.ended(request.node(), request.scylla(), request.attempts());
    }
    if (error != null) {
      observation.error(error);
    }
    observation.stop();
  }
}
