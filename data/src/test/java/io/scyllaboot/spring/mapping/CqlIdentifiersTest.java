package io.scyllaboot.spring.mapping;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CqlIdentifiersTest {

  @Test
  void should_quote_reserved_words_and_names_cql_would_fold_or_reject() {
    assertThat(CqlIdentifiers.cql("order_date")).isEqualTo("order_date");
    assertThat(CqlIdentifiers.cql("order")).isEqualTo("\"order\"");
    assertThat(CqlIdentifiers.cql("from")).isEqualTo("\"from\"");
    assertThat(CqlIdentifiers.cql("OrderDate")).isEqualTo("\"OrderDate\"");
    assertThat(CqlIdentifiers.cql("1st")).isEqualTo("\"1st\"");
    assertThat(CqlIdentifiers.cql("odd\"name")).isEqualTo("\"odd\"\"name\"");
  }

  @Test
  void should_read_annotation_names_as_cql_does() {
    assertThat(CqlIdentifiers.internal("orderDate")).isEqualTo("orderdate");
    assertThat(CqlIdentifiers.internal("\"orderDate\"")).isEqualTo("orderDate");
    assertThat(CqlIdentifiers.internal("\"odd\"\"name\"")).isEqualTo("odd\"name");
  }

  @Test
  void should_name_columns_and_tables_as_spring_data_cassandra_or_in_snake_case() {
    assertThat(NamingStrategy.AS_WRITTEN_LOWER_CASE.apply("orderDate")).isEqualTo("orderdate");
    assertThat(NamingStrategy.AS_WRITTEN_LOWER_CASE.apply("SensorReading"))
        .isEqualTo("sensorreading");
    assertThat(NamingStrategy.SNAKE_CASE.apply("orderDate")).isEqualTo("order_date");
    assertThat(NamingStrategy.SNAKE_CASE.apply("SensorReading")).isEqualTo("sensor_reading");
  }
}
