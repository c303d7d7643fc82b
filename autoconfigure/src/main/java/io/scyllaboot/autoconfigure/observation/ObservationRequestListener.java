package io.scyllaboot.autoconfigure.observation;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import io.scyllaboot.driver.api.metrics.RequestInfo;
import io.scyllaboot.driver.api.metrics.RequestListener;
import org.jspecify.annotations.Nullable;

/**
 * Starts an observation when a request starts (its parent is the caller's current observation) and
 * stops it when the request ends, with the error if it failed. The observation is the request's
 * listener context, so no map of requests in flight is kept.
 */
public final class ObservationRequestListener implements RequestListener {
  private static final ScyllaObservationConvention DEFAULT =
      new DefaultScyllaObservationConvention();

  private final ObservationRegistry registry;
  private final @Nullable ScyllaObservationConvention convention;

  /**
   * @param convention replaces {@link DefaultScyllaObservationConvention}, or null
   */
  public ObservationRequestListener(
      ObservationRegistry registry, @Nullable ScyllaObservationConvention convention) {
    this.registry = registry;
    this.convention = convention;
  }

  @Override
  public Object onStart(RequestInfo request) {
    ScyllaObservationContext context =
        new ScyllaObservationContext(request.query(), request.keyspace());
    return Observation.createNotStarted(convention, DEFAULT, () -> context, registry).start();
  }

  @Override
  public void onSuccess(RequestInfo request, @Nullable Object context) {
    end(request, (Observation) context, null);
  }

  @Override
  public void onError(RequestInfo request, @Nullable Object context, Throwable error) {
    end(request, (Observation) context, error);
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
