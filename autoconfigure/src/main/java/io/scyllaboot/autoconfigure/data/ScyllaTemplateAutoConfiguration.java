package io.scyllaboot.autoconfigure.data;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.spring.core.AsyncScyllaOperations;
import io.scyllaboot.spring.core.AsyncScyllaTemplate;
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
import org.springframework.boot.autoconfigure.condition.ConditionalOnSingleCandidate;
import org.springframework.context.annotation.Bean;

/**
 * The entity templates, {@code scyllaTemplate} and {@code asyncScyllaTemplate} (not {@code
 * cassandraTemplate}, so that they start beside Spring Data Cassandra). As a bean the first picks
 * up the context's entity callbacks (auditing) and publishes mapping events; repositories write
 * through it. Backs off when the application defines its own {@link ScyllaOperations} (the async
 * template then uses the application's {@link ScyllaTemplate}, when it has one).
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

  /**
   * {@code asyncScyllaTemplate} over the context's one {@link ScyllaTemplate} (its converter,
   * callbacks and events). Declared after {@link #scyllaTemplate} so that its condition sees it;
   * backs off when the application defines its own {@link AsyncScyllaOperations}.
   */
  @Bean
  @ConditionalOnMissingBean(AsyncScyllaOperations.class)
  @ConditionalOnSingleCandidate(ScyllaTemplate.class)
  AsyncScyllaTemplate asyncScyllaTemplate(ScyllaTemplate scyllaTemplate) {
    return new AsyncScyllaTemplate(scyllaTemplate);
  }
}
