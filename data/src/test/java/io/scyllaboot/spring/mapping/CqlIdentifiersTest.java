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
  void should_keep_explicit_names_case_sensitive_as_spring_data_cassandra_3_4_2_does() {
    // Spring Data Cassandra 3.4.2+ reads @Table/@Column/@UserDefinedType names as written (quoted
    // when they need it) and strips quotes from a quoted one: it folds nothing.
    assertThat(CqlIdentifiers.declared("OrderHistory")).isEqualTo("OrderHistory");
    assertThat(CqlIdentifiers.declared("zipCode")).isEqualTo("zipCode");
    assertThat(CqlIdentifiers.declared("order_date")).isEqualTo("order_date");
    assertThat(CqlIdentifiers.declared("order")).isEqualTo("order");
    assertThat(CqlIdentifiers.declared("\"Order\"")).isEqualTo("Order");
    assertThat(CqlIdentifiers.declared("\"odd\"\"name\"")).isEqualTo("odd\"name");
  }

  @Test
  void should_keep_mixed_case_table_and_column_names_of_annotations() {
    ScyllaMappingContext context = new ScyllaMappingContext();
    ScyllaPersistentEntity<?> entity = context.getRequiredPersistentEntity(History.class);
    assertThat(entity.getTableName()).isEqualTo("OrderHistory");
    assertThat(entity.getRequiredPersistentProperty("zip").getColumnName()).isEqualTo("zipCode");
    assertThat(entity.getRequiredPersistentProperty("zip").getCqlName()).isEqualTo("\"zipCode\"");
    assertThat(entity.getRequiredPersistentProperty("customerId").getColumnName())
        .isEqualTo("customerId");
    // Names the strategy derives are not explicit: they stay as the strategy makes them.
    assertThat(entity.getRequiredPersistentProperty("placedAt").getColumnName())
        .isEqualTo("placed_at");
    assertThat(context.getRequiredPersistentEntity(Address.class).getTableName())
        .isEqualTo("PostalAddress");
  }

  @Table("OrderHistory")
  record History(
      @PrimaryKeyColumn(value = "customerId", type = PrimaryKeyType.PARTITIONED) String customerId,
      @Column("zipCode") String zip,
      java.time.Instant placedAt) {}

  @UserDefinedType("PostalAddress")
  record Address(String street) {}

  @Test
  void should_name_columns_and_tables_as_spring_data_cassandra_or_in_snake_case() {
    assertThat(NamingStrategy.AS_WRITTEN_LOWER_CASE.apply("orderDate")).isEqualTo("orderdate");
    assertThat(NamingStrategy.AS_WRITTEN_LOWER_CASE.apply("SensorReading"))
        .isEqualTo("sensorreading");
    assertThat(NamingStrategy.SNAKE_CASE.apply("orderDate")).isEqualTo("order_date");
    assertThat(NamingStrategy.SNAKE_CASE.apply("SensorReading")).isEqualTo("sensor_reading");
  }
}
