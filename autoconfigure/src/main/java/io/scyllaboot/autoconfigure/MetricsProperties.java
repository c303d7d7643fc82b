package io.scyllaboot.autoconfigure;

/** {@code scylla.metrics.*}: micrometer metrics. */
public class MetricsProperties {
  /** Whether to register the driver's meters in the application's MeterRegistry. */
  private boolean enabled = true;

  /**
   * Whether the request timer publishes a percentile histogram (latency percentiles across
   * instances, e.g. Prometheus' histogram_quantile), at the cost of dozens of time series.
   */
  private boolean histograms;

  public boolean isEnabled() {
    return enabled;
  }

  public void setEnabled(boolean enabled) {
    this.enabled = enabled;
  }

  public boolean isHistograms() {
    return histograms;
  }

  public void setHistograms(boolean histograms) {
    this.histograms = histograms;
  }
}
