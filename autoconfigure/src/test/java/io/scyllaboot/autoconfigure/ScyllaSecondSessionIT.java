package io.scyllaboot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.autoconfigure.data.ScyllaDataAutoConfiguration;
import io.scyllaboot.autoconfigure.data.ScyllaTemplateAutoConfiguration;
import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.CqlSessionBuilder;
import io.scyllaboot.driver.testing.CassandraNode;
import io.scyllaboot.driver.testing.CassandraNodeExtension;
import io.scyllaboot.spring.core.ScyllaTemplate;
import io.scyllaboot.spring.cql.CqlTemplate;
import io.scyllaboot.spring.mapping.ScyllaEntityConverter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * A second session and its templates, as docs/spring.md shows: beans declared with {@code
 * defaultCandidate = false} and a qualifier, built from the auto-configured builder, leave the
 * auto-configured session and templates in place; against the node.
 */
@ExtendWith(CassandraNodeExtension.class)
class ScyllaSecondSessionIT {

  /** The application's second session: another keyspace, the same nodes and settings. */
  @Configuration(proxyBeanMethods = false)
  static class AnalyticsSession {
    @Bean(defaultCandidate = false, destroyMethod = "close")
    @Qualifier("analytics")
    CqlSession analyticsSession(CqlSessionBuilder builder) {
      return builder.withKeyspace("system_schema").withSessionName("analytics").build();
    }

    @Bean(defaultCandidate = false)
    @Qualifier("analytics")
    CqlTemplate analyticsCqlTemplate(@Qualifier("analytics") CqlSession session) {
      return new CqlTemplate(session);
    }

    @Bean(defaultCandidate = false)
    @Qualifier("analytics")
    ScyllaTemplate analyticsTemplate(
        @Qualifier("analytics") CqlSession session, ScyllaEntityConverter converter) {
      return new ScyllaTemplate(session, converter);
    }
  }

  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(
              AutoConfigurations.of(
                  ScyllaAutoConfiguration.class,
                  ScyllaDataAutoConfiguration.class,
                  ScyllaTemplateAutoConfiguration.class))
          .withUserConfiguration(AnalyticsSession.class)
          .withPropertyValues(
              "scylla.contact-points=" + CassandraNode.HOST + ":" + CassandraNode.PORT,
              "scylla.keyspace=system",
              "scylla.request.timeout=30s");

  @Test
  void should_keep_the_auto_configured_session_and_templates_beside_a_qualified_second_one() {
    runner.run(
        context -> {
          assertThat(context).hasNotFailed();
          assertThat(context.getBeansOfType(CqlSession.class)).hasSize(2);
          CqlSession primary = context.getBean(CqlSession.class);
          CqlSession analytics = context.getBean("analyticsSession", CqlSession.class);
          assertThat(primary).isSameAs(context.getBean("scyllaSession")).isNotSameAs(analytics);

          // Each template talks to its own session's keyspace (unqualified tables).
          assertThat(
                  context
                      .getBean(CqlTemplate.class)
                      .queryForObject("SELECT release_version FROM local", String.class))
              .startsWith("5.");
          CqlTemplate analyticsCql = context.getBean("analyticsCqlTemplate", CqlTemplate.class);
          assertThat(
                  analyticsCql.queryForObject(
                      "SELECT keyspace_name FROM keyspaces WHERE keyspace_name = 'system'",
                      String.class))
              .isEqualTo("system");
          assertThat(context.getBean(ScyllaTemplate.class))
              .isSameAs(context.getBean("scyllaTemplate"))
              .isNotSameAs(context.getBean("analyticsTemplate"));
        });
  }
}
