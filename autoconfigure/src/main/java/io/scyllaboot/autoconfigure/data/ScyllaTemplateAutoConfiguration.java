package io.scyllaboot.autoconfigure.data;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.spring.core.ScyllaOperations;
import io.scyllaboot.spring.core.ScyllaTemplate;
import io.scyllaboot.spring.cql.CqlTemplate;
import io.scyllaboot.spring.cql.ScyllaExceptionTranslator;
import io.scyllaboot.spring.mapping.ScyllaEntityConverter;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * The entity template, {@code scyllaTemplate} (not {@code cassandraTemplate}, so that it starts
 * beside Spring Data Cassandra). As a bean it picks up the context's entity callbacks (auditing)
 * and publishes mapping events; repositories write through it. Backs off when the application
 * defines its own {@link ScyllaOperations}.
 */
@AutoConfiguration(
    after = ScyllaDataAutoConfiguration.class,
    before = ScyllaRepositoriesAutoConfiguration.class)
@ConditionalOnClass({CqlSession.class, ScyllaTemplate.class})
@ConditionalOnBean({CqlSession.class, ScyllaEntityConverter.class})
public final class ScyllaTemplateAutoConfiguration {

  @Bean
  @ConditionalOnMissingBean(ScyllaOperations.class)
  ScyllaTemplate scyllaTemplate(
      CqlSession session,
      ObjectProvider<CqlTemplate> cqlTemplate,
      ObjectProvider<ScyllaExceptionTranslator> translator,
      ScyllaEntityConverter converter) {
    CqlTemplate cql =
        cqlTemplate.getIfUnique(
            () -> new CqlTemplate(session, translator.getIfUnique(ScyllaExceptionTranslator::new)));
    return new ScyllaTemplate(cql, converter);
  }
}
