package io.scyllaboot.spring.mapping;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.LocalDate;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** {@code @CqlType}: values written as the declared type and read back (no server). */
class CqlTypeMappingTest {
  private final ScyllaMappingContext context = new ScyllaMappingContext();
  private final ScyllaEntityConverter converter = new ScyllaEntityConverter(context);

  enum Level {
    LOW,
    HIGH
  }

  @Table
  record Reading(
      @PartitionKey @CqlType(type = CqlType.Name.UUID) String id,
      @CqlType(type = CqlType.Name.INT) long count,
      @CqlType(type = CqlType.Name.INT) Level level,
      @CqlType(type = CqlType.Name.TEXT) int code,
      @CqlType(type = CqlType.Name.LIST, typeArguments = CqlType.Name.INT) List<String> values,
      @CqlType(type = CqlType.Name.SET) List<String> tags,
      @CqlType(
              type = CqlType.Name.MAP,
              typeArguments = {CqlType.Name.TEXT, CqlType.Name.BIGINT})
          Map<Level, Integer> totals) {}

  @Table
  record Unconvertible(@PartitionKey int id, @CqlType(type = CqlType.Name.INET) LocalDate day) {}

  @SuppressWarnings("unchecked")
  private <T> ScyllaPersistentEntity<T> entity(Class<T> type) {
    return (ScyllaPersistentEntity<T>) context.getRequiredPersistentEntity(type);
  }

  private final UUID uuid = UUID.fromString("6f1c6f2e-5a34-4a1e-9d0f-2b8a6b7f1c11");

  private Reading reading() {
    return new Reading(
        uuid.toString(),
        42L,
        Level.HIGH,
        7,
        List.of("1", "2"),
        List.of("a", "b", "a"),
        Map.of(Level.LOW, 3));
  }

  @Test
  void should_write_each_value_as_the_java_type_of_its_declared_cql_type() {
    Map<String, Object> values = converter.write(entity(Reading.class), reading());

    assertThat(values.get("id")).isEqualTo(uuid);
    assertThat(values.get("count")).isEqualTo(42);
    assertThat(values.get("level")).isEqualTo(1); // the ordinal, as Spring Data Cassandra
    assertThat(values.get("code")).isEqualTo("7");
    assertThat(values.get("values")).isEqualTo(List.of(1, 2));
    assertThat(values.get("tags")).isEqualTo(new LinkedHashSet<>(List.of("a", "b")));
    assertThat(values.get("totals")).isEqualTo(Map.of("LOW", 3L));
  }

  @Test
  void should_read_the_declared_types_back_into_the_property_types() {
    Map<String, Object> columns = new HashMap<>();
    columns.put("id", uuid);
    columns.put("count", 42);
    columns.put("level", 1);
    columns.put("code", "7");
    columns.put("values", List.of(1, 2));
    columns.put("tags", Set.of("a", "b"));
    columns.put("totals", Map.of("LOW", 3L));

    Reading read = converter.read(entity(Reading.class), MappingRows.row(columns));

    assertThat(read.id()).isEqualTo(uuid.toString());
    assertThat(read.count()).isEqualTo(42L);
    assertThat(read.level()).isEqualTo(Level.HIGH);
    assertThat(read.code()).isEqualTo(7);
    assertThat(read.values()).containsExactly("1", "2");
    assertThat(read.tags()).containsExactlyInAnyOrder("a", "b");
    assertThat(read.totals()).isEqualTo(Map.of(Level.LOW, 3));
  }

  @Test
  void should_convert_key_values_of_a_declared_type_too() {
    Object[] key = converter.keyValues(entity(Reading.class), Map.of("id", uuid.toString()));

    assertThat(key).containsExactly(uuid);
  }

  @Test
  void should_convert_each_element_of_an_in_list_as_the_declared_type() {
    ScyllaPersistentEntity<Reading> entity = entity(Reading.class);

    assertThat(
            converter.convertWriteEach(
                entity.getRequiredPersistentProperty("level"), List.of(Level.LOW, Level.HIGH)))
        .isEqualTo(List.of(0, 1));
    assertThat(
            converter.convertWriteEach(entity.getRequiredPersistentProperty("code"), List.of(7, 8)))
        .isEqualTo(List.of("7", "8"));
  }

  @Test
  void should_name_the_property_and_types_when_a_value_cannot_be_converted() {
    assertThatThrownBy(
            () ->
                converter.write(
                    entity(Unconvertible.class), new Unconvertible(1, LocalDate.of(2026, 1, 2))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Unconvertible.day")
        .hasMessageContaining("@CqlType INET")
        .hasMessageContaining("java.time.LocalDate")
        .hasMessageContaining("@WritingConverter");
  }
}
