package io.scyllaboot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.autoconfigure.data.ScyllaDataAutoConfiguration;
import io.scyllaboot.autoconfigure.data.ScyllaTemplateAutoConfiguration;
import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.spring.core.ScyllaTemplate;
import io.scyllaboot.spring.mapping.PartitionKey;
import io.scyllaboot.spring.mapping.ScyllaCustomConversions;
import io.scyllaboot.spring.mapping.ScyllaEntityConverter;
import io.scyllaboot.spring.mapping.ScyllaMappingContext;
import io.scyllaboot.spring.mapping.Table;
import io.scyllaboot.spring.reactive.ReactiveScyllaTemplate;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.mockito.Mockito;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.core.convert.converter.Converter;
import org.springframework.data.convert.WritingConverter;

/**
 * {@code new ScyllaTemplate(session)}, what the recipe makes of {@code new
 * CassandraTemplate(session)}, on the application's session maps as the application configured
 * ({@code scylla.mapping.*}, custom conversions), not with a default mapping the application never
 * set up.
 */
class TemplateOfSessionTest {
  private final CqlSession session = Mockito.mock(CqlSession.class);

  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withBean("testSession", CqlSession.class, () -> session)
          .withBean(
              ScyllaCustomConversions.class,
              () -> new ScyllaCustomConversions(List.of(new SkuWriter())))
          .withPropertyValues("scylla.mapping.naming-strategy=as-written-lower-case")
          .withConfiguration(
              AutoConfigurations.of(
                  ScyllaAutoConfiguration.class,
                  ScyllaDataAutoConfiguration.class,
                  ScyllaTemplateAutoConfiguration.class));

  @Table
  record PurchaseOrder(@PartitionKey UUID id, String orderDate, Sku sku) {}

  record Sku(String code) {}

  @WritingConverter
  static class SkuWriter implements Converter<Sku, String> {
    @Override
    public String convert(Sku source) {
      return source.code();
    }
  }

  private static String column(ScyllaEntityConverter converter) {
    return converter
        .getMappingContext()
        .getRequiredPersistentEntity(PurchaseOrder.class)
        .getRequiredPersistentProperty("orderDate")
        .getColumnName();
  }

  @Test
  void should_map_a_template_made_on_the_applications_session_as_the_application_does() {
    runner.run(
        context -> {
          ScyllaEntityConverter configured = context.getBean(ScyllaEntityConverter.class);
          ScyllaTemplate template = new ScyllaTemplate(session);
          assertThat(template.getConverter()).isSameAs(configured);
          assertThat(column(template.getConverter())).isEqualTo("orderdate");
          assertThat(
                  template
                      .getConverter()
                      .getMappingContext()
                      .getCustomConversions()
                      .hasCustomWriteTarget(Sku.class))
              .isTrue();
          assertThat(new ReactiveScyllaTemplate(session).getConverter()).isSameAs(configured);
        });
    // Once the context is closed, and for any other session, the default mapping applies.
    ScyllaTemplate after = new ScyllaTemplate(session);
    assertThat(column(after.getConverter())).isEqualTo("order_date");
    runner.run(
        context ->
            assertThat(column(new ScyllaTemplate(Mockito.mock(CqlSession.class)).getConverter()))
                .isEqualTo("order_date"));
  }

  @Test
  void should_keep_the_default_mapping_outside_an_application() {
    ScyllaTemplate template = new ScyllaTemplate(Mockito.mock(CqlSession.class));
    assertThat(column(template.getConverter())).isEqualTo("order_date");
    assertThat(template.getConverter().getMappingContext())
        .isNotNull()
        .isInstanceOf(ScyllaMappingContext.class);
  }
}
