package io.scyllaboot.autoconfigure.data;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.spring.core.AsyncScyllaOperations;
import io.scyllaboot.spring.core.AsyncScyllaTemplate;
import io.scyllaboot.spring.core.ScyllaOperations;
import io.scyllaboot.spring.core.ScyllaTemplate;
import io.scyllaboot.spring.cql.CqlTemplate;
import io.scyllaboot.spring.cql.ScyllaExceptionTranslator;
import io.scyllaboot.spring.mapping.ScyllaEntityConverter;
import java.util.List;
import org.springframework.beans.factory.DisposableBean;
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
   * Registers the application's converter for its sessions, so that {@code new
   * ScyllaTemplate(session)} (the recipe's {@code new CassandraTemplate(session)}) maps as the
   * application configured, until the context closes.
   */
  @Bean
  SessionConverterRegistration scyllaSessionConverterRegistration(
      ObjectProvider<CqlSession> sessions, ScyllaEntityConverter converter) {
    return new SessionConverterRegistration(
        sessions
            .orderedStream()
            .map(session -> ScyllaEntityConverter.registerForSession(session, converter))
            .toList());
  }

  /** The registrations of {@link #scyllaSessionConverterRegistration}, undone on close. */
  static final class SessionConverterRegistration implements DisposableBean {
    private final List<AutoCloseable> registrations;

    SessionConverterRegistration(List<AutoCloseable> registrations) {
      this.registrations = registrations;
    }

    @Override
    public void destroy() throws Exception {
      for (AutoCloseable registration : registrations) {
        registration.close();
      }
    }
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
