package io.scyllaboot.autoconfigure.observation;

import io.micrometer.observation.ObservationRegistry;
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
 * One observation per request in the application's {@link ObservationRegistry} (a span with
 * tracing, a {@code scylla.query} timer with metrics), when {@code
 * scylla.observations.enabled=true}. Off by default: it allocates a context and an observation per
 * request. A {@link ScyllaObservationConvention} bean replaces the default names and key values;
 * {@code scylla.observations.query-text=true} adds the CQL text to the default ones.
 */
@AutoConfiguration(
    before = ScyllaAutoConfiguration.class,
    afterName =
        "org.springframework.boot.micrometer.observation.autoconfigure.ObservationAutoConfiguration")
@ConditionalOnClass({CqlSession.class, ObservationRegistry.class})
@ConditionalOnBean(ObservationRegistry.class)
@ConditionalOnProperty(name = "scylla.observations.enabled", havingValue = "true")
@EnableConfigurationProperties(ScyllaProperties.class)
public final class ScyllaObservationAutoConfiguration {

  @Bean
  CqlSessionBuilderCustomizer scyllaObservationCustomizer(
      ObjectProvider<ObservationRegistry> registry,
      ObjectProvider<ScyllaObservationConvention> convention,
      ScyllaProperties properties) {
    return builder ->
        builder.addRequestListener(
            new ObservationRequestListener(
                registry.getObject(),
                convention.getIfUnique(),
                new DefaultScyllaObservationConvention(
                    properties.getObservations().isQueryText())));
  }
}
