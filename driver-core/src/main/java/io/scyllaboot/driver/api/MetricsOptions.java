package io.scyllaboot.driver.api;

import io.scyllaboot.driver.api.metrics.RequestListener;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** A {@link CqlSessionBuilder}'s meters and request listeners: defaults and checks. */
final class MetricsOptions {
  @Nullable Object meterRegistry;
  boolean latencyHistograms;
  final List<RequestListener> requestListeners = new ArrayList<>();

  void meterRegistry(@Nullable Object registry) {
    if (registry != null && !isMeterRegistry(registry)) {
      throw new IllegalArgumentException(
          "expected an io.micrometer.core.instrument.MeterRegistry, got "
              + registry.getClass().getName());
    }
    meterRegistry = registry;
  }

  String describe() {
    return meterRegistry == null ? "off" : latencyHistograms ? "on+histograms" : "on";
  }

  // By name: Micrometer is an optional dependency.
  private static boolean isMeterRegistry(Object registry) {
    for (Class<?> type = registry.getClass(); type != null; type = type.getSuperclass()) {
      if (type.getName().equals("io.micrometer.core.instrument.MeterRegistry")) {
        return true;
      }
    }
    return false;
  }
}
