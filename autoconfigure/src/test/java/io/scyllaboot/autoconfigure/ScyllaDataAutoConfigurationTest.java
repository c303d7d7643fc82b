package io.scyllaboot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.autoconfigure.data.ScyllaDataAutoConfiguration;
import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.spring.cql.AsyncCqlTemplate;
import io.scyllaboot.spring.cql.CqlTemplate;
import io.scyllaboot.spring.repository.support.SchemaCreator;
import org.junit.jupiter.api.Test;
import org.mockito.Mockito;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** Schema action binding and bean names, with a session of our own (no server). */
class ScyllaDataAutoConfigurationTest {
  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withBean("testSession", CqlSession.class, () -> Mockito.mock(CqlSession.class))
          .withConfiguration(
              AutoConfigurations.of(
                  ScyllaAutoConfiguration.class, ScyllaDataAutoConfiguration.class));

  @Test
  void should_create_the_schema_however_the_schema_action_is_spelled() {
    for (String spelling :
        new String[] {
          "create-if-not-exists",
          "CREATE_IF_NOT_EXISTS",
          "recreate",
          "RECREATE_DROP_UNUSED",
          "recreate-drop-unused"
        }) {
      runner
          .withPropertyValues("scylla.schema-action=" + spelling)
          .run(context -> assertThat(context).as(spelling).hasSingleBean(SchemaCreator.class));
    }
    runner
        .withPropertyValues("scylla.schema-action=NONE")
        .run(context -> assertThat(context).doesNotHaveBean(SchemaCreator.class));
    runner.run(context -> assertThat(context).doesNotHaveBean(SchemaCreator.class));
  }

  @Test
  void should_start_beside_beans_named_like_spring_data_cassandras() {
    runner
        .withBean("cqlTemplate", String.class, () -> "Spring Data Cassandra's")
        .withBean("asyncCqlTemplate", String.class, () -> "another starter's")
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              assertThat(context.getBean("scyllaCqlTemplate")).isInstanceOf(CqlTemplate.class);
              assertThat(context.getBean("scyllaAsyncCqlTemplate"))
                  .isInstanceOf(AsyncCqlTemplate.class);
              assertThat(context.getBean("cqlTemplate")).isEqualTo("Spring Data Cassandra's");
            });
  }
}
