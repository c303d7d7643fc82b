package io.scyllaboot.driver.internal.metrics;

import io.scyllaboot.driver.api.metrics.RequestListener;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What watches the session's requests, as the builder collected it.
 *
 * @param meterRegistry a Micrometer {@code MeterRegistry}, or null for no meters
 * @param latencyHistograms whether the request timer publishes a percentile histogram
 * @param requestListener the listeners as one (guarded), or null when there is none
 */
public record Instrumentation(
    @Nullable Object meterRegistry,
    boolean latencyHistograms,
    @Nullable RequestListener requestListener) {

  public Instrumentation(
      @Nullable Object meterRegistry, boolean latencyHistograms, List<RequestListener> listeners) {
    this(meterRegistry, latencyHistograms, GuardedRequestListeners.of(List.copyOf(listeners)));
  }

  /**
   * The metrics of a session: a no-op without a registry, so the request path then pays nothing.
   */
  public SessionMetrics sessionMetrics(String sessionName) {
    return meterRegistry == null
        ? NoopSessionMetrics.INSTANCE
        : new MicrometerSessionMetrics(meterRegistry, sessionName, latencyHistograms);
  }
}
