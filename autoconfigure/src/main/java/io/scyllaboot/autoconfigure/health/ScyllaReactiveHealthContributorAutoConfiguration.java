package io.scyllaboot.autoconfigure.health;

import io.scyllaboot.autoconfigure.ScyllaAutoConfiguration;
import io.scyllaboot.autoconfigure.ScyllaConnectionDetails;
import io.scyllaboot.driver.api.CqlSession;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.health.contributor.ReactiveHealthIndicator;
import org.springframework.context.annotation.Bean;
import reactor.core.publisher.Flux;

/**
 * The {@code scylla} health indicator in its reactive form when Reactor is present; the blocking
 * one ({@link ScyllaHealthContributorAutoConfiguration}, which runs after) then backs off.
 */
@AutoConfiguration(
    after = ScyllaAutoConfiguration.class,
    before = ScyllaHealthContributorAutoConfiguration.class)
@ConditionalOnClass({CqlSession.class, ReactiveHealthIndicator.class, Flux.class})
@ConditionalOnBean(CqlSession.class)
@ConditionalOnEnabledHealthIndicator("scylla")
public final class ScyllaReactiveHealthContributorAutoConfiguration {

  @Bean
  @ConditionalOnMissingBean(name = "scyllaHealthIndicator")
  ScyllaReactiveHealthIndicator scyllaHealthIndicator(
      CqlSession session, ObjectProvider<ScyllaConnectionDetails> connectionDetails) {
    return new ScyllaReactiveHealthIndicator(
        new ScyllaHealthContributorAutoConfiguration()
            .scyllaHealthIndicator(session, connectionDetails));
  }
}
