package io.scyllaboot.autoconfigure;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.spring.cql.ScyllaExceptionTranslator;
import io.scyllaboot.spring.reactive.cql.ReactiveCqlTemplate;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import reactor.core.publisher.Flux;

/** The {@link ReactiveCqlTemplate}, when Reactor is on the classpath. */
@AutoConfiguration(after = ScyllaAutoConfiguration.class)
@ConditionalOnClass({CqlSession.class, ReactiveCqlTemplate.class, Flux.class})
@ConditionalOnBean(CqlSession.class)
public final class ScyllaReactiveAutoConfiguration {

  @Bean
  @ConditionalOnMissingBean
  ReactiveCqlTemplate scyllaReactiveCqlTemplate(
      CqlSession session, ScyllaExceptionTranslator translator) {
    return new ReactiveCqlTemplate(session, translator);
  }
}
