package io.scyllaboot.autoconfigure.endpoint;

import io.scyllaboot.autoconfigure.ScyllaAutoConfiguration;
import io.scyllaboot.driver.api.CqlSession;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * The {@link ScyllaEndpoint} when the actuator is on the class path and the endpoint is available
 * (enabled, and exposed over some technology: over the web only when listed in {@code
 * management.endpoints.web.exposure.include}).
 */
@AutoConfiguration(after = ScyllaAutoConfiguration.class)
@ConditionalOnClass({CqlSession.class, Endpoint.class, ConditionalOnAvailableEndpoint.class})
@ConditionalOnBean(CqlSession.class)
@ConditionalOnAvailableEndpoint(ScyllaEndpoint.class)
public final class ScyllaEndpointAutoConfiguration {

  @Bean
  @ConditionalOnMissingBean
  ScyllaEndpoint scyllaEndpoint(ObjectProvider<CqlSession> session) {
    return new ScyllaEndpoint(session.getObject());
  }
}
