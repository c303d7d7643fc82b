package io.scyllaboot.autoconfigure;

import io.scyllaboot.autoconfigure.data.ScyllaDataAutoConfiguration;
import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.spring.cql.ScyllaExceptionTranslator;
import io.scyllaboot.spring.mapping.ScyllaEntityConverter;
import io.scyllaboot.spring.reactive.ReactiveScyllaOperations;
import io.scyllaboot.spring.reactive.ReactiveScyllaTemplate;
import io.scyllaboot.spring.reactive.cql.ReactiveCqlTemplate;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import reactor.core.publisher.Flux;

/**
 * The {@link ReactiveCqlTemplate} and, with the mapping, the reactive entity template {@code
 * reactiveScyllaTemplate} ({@link ReactiveScyllaTemplate}), when Reactor is on the classpath. As a
 * bean the entity template picks up the context's reactive entity callbacks (reactive auditing) and
 * publishes mapping events; reactive repositories write through it. Each backs off when the
 * application defines its own.
 */
@AutoConfiguration(after = {ScyllaAutoConfiguration.class, ScyllaDataAutoConfiguration.class})
@ConditionalOnClass({CqlSession.class, ReactiveCqlTemplate.class, Flux.class})
@ConditionalOnBean(CqlSession.class)
public final class ScyllaReactiveAutoConfiguration {

  @Bean
  @ConditionalOnMissingBean
  ReactiveCqlTemplate scyllaReactiveCqlTemplate(
      CqlSession session, ScyllaExceptionTranslator translator) {
    return new ReactiveCqlTemplate(session, translator);
  }

  /** Only with the mapping of the data auto-configuration (or the application's own converter). */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(ReactiveScyllaTemplate.class)
  @ConditionalOnBean(ScyllaEntityConverter.class)
  static final class EntityTemplate {

    @Bean
    @ConditionalOnMissingBean(ReactiveScyllaOperations.class)
    ReactiveScyllaTemplate reactiveScyllaTemplate(
        ReactiveCqlTemplate scyllaReactiveCqlTemplate, ScyllaEntityConverter converter) {
      return new ReactiveScyllaTemplate(scyllaReactiveCqlTemplate, converter);
    }
  }
}
