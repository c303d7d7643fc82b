package io.scyllaboot.autoconfigure.data;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.spring.core.admin.ScyllaAdminOperations;
import io.scyllaboot.spring.core.admin.ScyllaAdminTemplate;
import io.scyllaboot.spring.cql.ScyllaExceptionTranslator;
import io.scyllaboot.spring.mapping.ScyllaMappingContext;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * The admin template, {@code scyllaAdminTemplate}: keyspace and table metadata and DDL on the
 * session, tables from entity classes by the context's mapping. Backs off when the application
 * defines its own {@link ScyllaAdminOperations}.
 */
@AutoConfiguration(after = ScyllaDataAutoConfiguration.class)
@ConditionalOnClass({CqlSession.class, ScyllaAdminTemplate.class})
@ConditionalOnBean(CqlSession.class)
public final class ScyllaAdminAutoConfiguration {

  @Bean
  @ConditionalOnMissingBean(ScyllaAdminOperations.class)
  ScyllaAdminTemplate scyllaAdminTemplate(
      CqlSession session,
      ObjectProvider<ScyllaExceptionTranslator> translator,
      ObjectProvider<ScyllaMappingContext> mappingContext) {
    // The application's mapping (naming strategy, conversions) for tables from entity classes.
    return new ScyllaAdminTemplate(
        session,
        translator.getIfUnique(ScyllaExceptionTranslator::new),
        mappingContext.getIfUnique(ScyllaMappingContext::new));
  }
}
