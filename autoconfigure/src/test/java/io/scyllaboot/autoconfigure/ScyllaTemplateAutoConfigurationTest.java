package io.scyllaboot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.autoconfigure.data.ScyllaDataAutoConfiguration;
import io.scyllaboot.autoconfigure.data.ScyllaTemplateAutoConfiguration;
import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.spring.core.ScyllaOperations;
import io.scyllaboot.spring.core.ScyllaTemplate;
import io.scyllaboot.spring.cql.CqlTemplate;
import org.junit.jupiter.api.Test;
import org.mockito.Mockito;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** The {@code scyllaTemplate} bean: its name, its wiring and when it backs off (no server). */
class ScyllaTemplateAutoConfigurationTest {
  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withBean("testSession", CqlSession.class, () -> Mockito.mock(CqlSession.class))
          .withConfiguration(
              AutoConfigurations.of(
                  ScyllaAutoConfiguration.class,
                  ScyllaDataAutoConfiguration.class,
                  ScyllaTemplateAutoConfiguration.class));

  @Test
  void should_define_scylla_template_on_the_cql_template_and_converter() {
    runner
        .withBean("cassandraTemplate", String.class, () -> "Spring Data Cassandra's")
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              assertThat(context).hasSingleBean(ScyllaOperations.class);
              ScyllaTemplate template = context.getBean("scyllaTemplate", ScyllaTemplate.class);
              assertThat(template.getCqlOperations()).isSameAs(context.getBean(CqlTemplate.class));
              assertThat(template.getConverter())
                  .isSameAs(
                      context.getBean(io.scyllaboot.spring.mapping.ScyllaEntityConverter.class));
              assertThat(context.getBean("cassandraTemplate")).isEqualTo("Spring Data Cassandra's");
            });
  }

  @Test
  void should_back_off_for_the_applications_own_operations() {
    ScyllaOperations own = Mockito.mock(ScyllaOperations.class);
    runner
        .withBean("myOperations", ScyllaOperations.class, () -> own)
        .run(
            context -> {
              assertThat(context).doesNotHaveBean("scyllaTemplate");
              assertThat(context.getBean(ScyllaOperations.class)).isSameAs(own);
            });
  }
}
