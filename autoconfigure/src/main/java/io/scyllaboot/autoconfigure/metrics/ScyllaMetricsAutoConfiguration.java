package io.scyllaboot.autoconfigure.metrics;

import io.micrometer.core.instrument.MeterRegistry;
import io.scyllaboot.autoconfigure.CqlSessionBuilderCustomizer;
import io.scyllaboot.autoconfigure.ScyllaAutoConfiguration;
import io.scyllaboot.autoconfigure.ScyllaProperties;
import io.scyllaboot.driver.api.CqlSession;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

/**
 * Binds the application's {@link MeterRegistry} into the session builder, so that the driver's
 * meters (see {@code DriverMetric}) appear at {@code /actuator/metrics} and with Prometheus at
 * {@code /actuator/prometheus}. Off with {@code scylla.metrics.enabled=false}; latency histograms
 * with {@code scylla.metrics.histograms=true}.
 */
@AutoConfiguration(
    before = ScyllaAutoConfiguration.class,
    afterName = {
      "org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration",
      "org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration",
      "org.springframework.boot.micrometer.metrics.autoconfigure.export.simple.SimpleMetricsExportAutoConfiguration",
      "org.springframework.boot.micrometer.metrics.autoconfigure.export.prometheus.PrometheusMetricsExportAutoConfiguration"
    })
@ConditionalOnClass({CqlSession.class, MeterRegistry.class})
@ConditionalOnBean(MeterRegistry.class)
@ConditionalOnProperty(name = "scylla.metrics.enabled", havingValue = "true", matchIfMissing = true)
@EnableConfigurationProperties(ScyllaProperties.class)
public final class ScyllaMetricsAutoConfiguration {

  @Bean
  CqlSessionBuilderCustomizer scyllaMetricsCustomizer(
      ObjectProvider<MeterRegistry> registry, ScyllaProperties properties) {
    return builder ->
        builder
            .withMeterRegistry(registry.getObject())
            .withLatencyHistograms(properties.getMetrics().isHistograms());
  }
}
