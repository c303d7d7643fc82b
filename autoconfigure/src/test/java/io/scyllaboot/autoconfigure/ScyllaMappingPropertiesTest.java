package io.scyllaboot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.autoconfigure.data.ScyllaDataAutoConfiguration;
import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.spring.mapping.NamingStrategy;
import io.scyllaboot.spring.mapping.PartitionKey;
import io.scyllaboot.spring.mapping.ScyllaMappingContext;
import io.scyllaboot.spring.mapping.Table;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.mockito.Mockito;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** {@code scylla.mapping.*}: the names and the LocalDateTime zone of the mapping. */
class ScyllaMappingPropertiesTest {
  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withBean("testSession", CqlSession.class, () -> Mockito.mock(CqlSession.class))
          .withConfiguration(
              AutoConfigurations.of(
                  ScyllaAutoConfiguration.class, ScyllaDataAutoConfiguration.class));

  @Table
  record PurchaseOrder(@PartitionKey UUID id, String orderDate) {}

  private static String column(ScyllaMappingContext context) {
    return context
        .getRequiredPersistentEntity(PurchaseOrder.class)
        .getRequiredPersistentProperty("orderDate")
        .getColumnName();
  }

  private static String table(ScyllaMappingContext context) {
    return context.getRequiredPersistentEntity(PurchaseOrder.class).getTableName();
  }

  @Test
  void should_name_in_snake_case_by_default() {
    runner.run(
        context -> {
          ScyllaMappingContext mapping = context.getBean(ScyllaMappingContext.class);
          assertThat(column(mapping)).isEqualTo("order_date");
          assertThat(table(mapping)).isEqualTo("purchase_order");
        });
  }

  @Test
  void should_name_as_spring_data_cassandra_does_when_asked() {
    for (String spelling : new String[] {"as-written-lower-case", "AS_WRITTEN_LOWER_CASE"}) {
      runner
          .withPropertyValues("scylla.mapping.naming-strategy=" + spelling)
          .run(
              context -> {
                ScyllaMappingContext mapping = context.getBean(ScyllaMappingContext.class);
                assertThat(column(mapping)).isEqualTo("orderdate");
                assertThat(table(mapping)).isEqualTo("purchaseorder");
              });
    }
  }

  @Test
  void should_name_with_the_applications_naming_strategy_bean() {
    runner
        .withPropertyValues("scylla.mapping.naming-strategy=snake-case")
        .withBean(NamingStrategy.class, () -> name -> "x_" + name.toLowerCase())
        .run(
            context -> {
              ScyllaMappingContext mapping = context.getBean(ScyllaMappingContext.class);
              assertThat(column(mapping)).isEqualTo("x_orderdate");
              assertThat(table(mapping)).isEqualTo("x_purchaseorder");
            });
  }

  @Test
  void should_refuse_an_unknown_naming_strategy_naming_the_accepted_ones() {
    runner
        .withPropertyValues("scylla.mapping.naming-strategy=camel")
        .run(
            context -> {
              assertThat(context).hasFailed();
              FailureAnalysis analysis =
                  new ScyllaPropertiesFailureAnalyzer().analyze(context.getStartupFailure());
              assertThat(analysis.getDescription())
                  .contains("scylla.mapping.naming-strategy")
                  .contains("'camel'");
              assertThat(analysis.getAction()).contains("AS_WRITTEN_LOWER_CASE");
            });
  }

  @Test
  void should_take_the_local_date_time_zone_from_the_property() {
    runner.run(
        context ->
            assertThat(context.getBean(ScyllaMappingContext.class).getLocalDateTimeZone())
                .isEqualTo(ZoneOffset.UTC));
    runner
        .withPropertyValues("scylla.mapping.local-date-time-zone=system")
        .run(
            context ->
                assertThat(context.getBean(ScyllaMappingContext.class).getLocalDateTimeZone())
                    .isNull());
    runner
        .withPropertyValues("scylla.mapping.local-date-time-zone=Europe/Paris")
        .run(
            context ->
                assertThat(context.getBean(ScyllaMappingContext.class).getLocalDateTimeZone())
                    .isEqualTo(ZoneId.of("Europe/Paris")));
    runner
        .withPropertyValues("scylla.mapping.local-date-time-zone=Mars/Olympus")
        .run(
            context ->
                assertThat(
                        new ScyllaPropertiesFailureAnalyzer()
                            .analyze(context.getStartupFailure())
                            .getDescription())
                    .contains("scylla.mapping.local-date-time-zone")
                    .contains("'Mars/Olympus'"));
  }
}
