package io.scyllaboot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.autoconfigure.data.ScyllaDataAutoConfiguration;
import io.scyllaboot.autoconfigure.data.ScyllaTemplateAutoConfiguration;
import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.spring.core.AsyncScyllaOperations;
import io.scyllaboot.spring.core.AsyncScyllaTemplate;
import io.scyllaboot.spring.core.ScyllaOperations;
import io.scyllaboot.spring.core.ScyllaTemplate;
import io.scyllaboot.spring.cql.CqlTemplate;
import org.junit.jupiter.api.Test;
import org.mockito.Mockito;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * The {@code scyllaTemplate} and {@code asyncScyllaTemplate} beans: their names, their wiring and
 * when they back off (no server).
 */
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
              // No ScyllaTemplate to run over: no async template either.
              assertThat(context).doesNotHaveBean(AsyncScyllaOperations.class);
            });
  }

  @Test
  void should_define_the_async_template_over_scylla_template() {
    runner.run(
        context -> {
          assertThat(context).hasNotFailed();
          AsyncScyllaTemplate async =
              context.getBean("asyncScyllaTemplate", AsyncScyllaTemplate.class);
          assertThat(async.getScyllaTemplate())
              .isSameAs(context.getBean("scyllaTemplate", ScyllaTemplate.class));
          assertThat(async.getConverter())
              .isSameAs(context.getBean(io.scyllaboot.spring.mapping.ScyllaEntityConverter.class));
        });
  }

  @Test
  void should_run_the_async_template_over_the_applications_own_scylla_template() {
    runner
        .withBean(
            "myTemplate",
            ScyllaTemplate.class,
            () -> new ScyllaTemplate(Mockito.mock(CqlSession.class)))
        .run(
            context -> {
              assertThat(context).doesNotHaveBean("scyllaTemplate");
              assertThat(context.getBean(AsyncScyllaTemplate.class).getScyllaTemplate())
                  .isSameAs(context.getBean("myTemplate"));
            });
  }

  @Test
  void should_back_off_for_the_applications_own_async_operations() {
    AsyncScyllaOperations own = Mockito.mock(AsyncScyllaOperations.class);
    runner
        .withBean("myAsync", AsyncScyllaOperations.class, () -> own)
        .run(
            context -> {
              assertThat(context).doesNotHaveBean("asyncScyllaTemplate");
              assertThat(context.getBean(AsyncScyllaOperations.class)).isSameAs(own);
              assertThat(context).hasBean("scyllaTemplate");
            });
  }
}
