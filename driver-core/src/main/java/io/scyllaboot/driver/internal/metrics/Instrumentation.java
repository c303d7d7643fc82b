package io.scyllaboot.driver.internal.metrics;

import org.jspecify.annotations.Nullable;

/**
 * What watches the session's requests, as the builder collected it.
 *
 * @param meterRegistry a Micrometer {@code MeterRegistry}, or null for no meters
 * @param latencyHistograms whether the request timer publishes a percentile histogram
 */
public record Instrumentation(@Nullable Object meterRegistry, boolean latencyHistograms) {

  /**
   * The metrics of a session: a no-op without a registry, so the request path then pays nothing.
   */
  public SessionMetrics sessionMetrics(String sessionName) {
    return meterRegistry == null
        ? NoopSessionMetrics.INSTANCE
        : new MicrometerSessionMetrics(meterRegistry, sessionName, latencyHistograms);
  }
}
