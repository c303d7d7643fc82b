package io.scyllaboot.autoconfigure.health;

import io.scyllaboot.autoconfigure.ScyllaAutoConfiguration;
import io.scyllaboot.autoconfigure.ScyllaConnectionDetails;
import io.scyllaboot.driver.api.CqlSession;
import java.net.InetSocketAddress;
import java.util.List;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;

/** The {@code scylla} health indicator, when Spring Boot's health support is present. */
@AutoConfiguration(after = ScyllaAutoConfiguration.class)
@ConditionalOnClass({CqlSession.class, HealthIndicator.class})
@ConditionalOnBean(CqlSession.class)
@ConditionalOnEnabledHealthIndicator("scylla")
public final class ScyllaHealthContributorAutoConfiguration {

  @Bean
  @ConditionalOnMissingBean(name = "scyllaHealthIndicator")
  ScyllaHealthIndicator scyllaHealthIndicator(
      CqlSession session, ObjectProvider<ScyllaConnectionDetails> connectionDetails) {
    ScyllaConnectionDetails details = connectionDetails.getIfAvailable();
    if (details == null) {
      return new ScyllaHealthIndicator(session);
    }
    List<InetSocketAddress> points = details.getContactPoints();
    return new ScyllaHealthIndicator(
        session, details.getLocalDatacenter(), points.isEmpty() ? null : points.get(0));
  }
}
