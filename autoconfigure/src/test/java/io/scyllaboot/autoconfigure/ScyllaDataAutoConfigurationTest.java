package io.scyllaboot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.autoconfigure.data.ScyllaDataAutoConfiguration;
import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.spring.cql.AsyncCqlTemplate;
import io.scyllaboot.spring.cql.CqlTemplate;
import io.scyllaboot.spring.mapping.ScyllaCustomConversions;
import io.scyllaboot.spring.mapping.ScyllaEntityConverter;
import io.scyllaboot.spring.mapping.ScyllaMappingContext;
import io.scyllaboot.spring.repository.support.SchemaCreator;
import java.util.Currency;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.mockito.Mockito;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.core.convert.converter.Converter;
import org.springframework.data.convert.WritingConverter;

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

  @WritingConverter
  static final class CurrencyToCode implements Converter<Currency, String> {
    @Override
    public String convert(Currency currency) {
      return currency.getCurrencyCode();
    }
  }

  @Test
  void should_give_the_mapping_the_applications_custom_conversions() {
    runner.run(
        context ->
            assertThat(context.getBean(ScyllaMappingContext.class).getCustomConversions())
                .isSameAs(context.getBean(ScyllaCustomConversions.class)));
    ScyllaCustomConversions own = new ScyllaCustomConversions(List.of(new CurrencyToCode()));
    runner
        .withBean(ScyllaCustomConversions.class, () -> own)
        .run(
            context -> {
              assertThat(context).getBean(ScyllaCustomConversions.class).isSameAs(own);
              assertThat(
                      context
                          .getBean(ScyllaEntityConverter.class)
                          .convertWrite(Currency.getInstance("EUR")))
                  .isEqualTo("EUR");
            });
  }
}
