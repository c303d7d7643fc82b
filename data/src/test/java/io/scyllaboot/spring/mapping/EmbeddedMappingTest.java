package io.scyllaboot.spring.mapping;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code @Embedded} objects as columns of the embedding table (no server). */
class EmbeddedMappingTest {
  private final ScyllaMappingContext context = new ScyllaMappingContext();
  private final ScyllaEntityConverter converter = new ScyllaEntityConverter(context);

  record Point(double lat, double lon) {}

  record Address(String street, String city, @Embedded.Nullable(prefix = "geo_") Point point) {}

  @Table
  record Customer(
      @PartitionKey int id,
      String name,
      @Embedded.Nullable(prefix = "home_") Address home,
      @Embedded.Empty(prefix = "work_") Address work,
      @Embedded.Nullable Point location) {}

  record Keyed(@PartitionKey int id) {}

  @Table
  record BadKey(@PartitionKey int id, @Embedded.Nullable Keyed keyed) {}

  @SuppressWarnings("unchecked")
  private <T> ScyllaPersistentEntity<T> entity(Class<T> type) {
    return (ScyllaPersistentEntity<T>) context.getRequiredPersistentEntity(type);
  }

  @Test
  void should_make_the_embedded_properties_columns_with_their_prefixes() {
    assertThat(entity(Customer.class).getColumns())
        .extracting(ScyllaPersistentProperty::getColumnName)
        .containsExactly(
            "id",
            "name",
            "home_street",
            "home_city",
            "home_geo_lat",
            "home_geo_lon",
            "work_street",
            "work_city",
            "work_geo_lat",
            "work_geo_lon",
            "lat",
            "lon");
  }

  @Test
  void should_write_the_embedded_values_as_columns_and_nulls_for_a_null_object() {
    Customer customer =
        new Customer(
            1, "ann", new Address("rue a", "lyon", new Point(45.7, 4.8)), null, new Point(1, 2));

    Map<String, Object> values = converter.write(entity(Customer.class), customer);

    assertThat(values)
        .containsEntry("home_street", "rue a")
        .containsEntry("home_city", "lyon")
        .containsEntry("home_geo_lat", 45.7)
        .containsEntry("home_geo_lon", 4.8)
        .containsEntry("work_street", null)
        .containsEntry("work_geo_lat", null)
        .containsEntry("lat", 1.0)
        .containsEntry("lon", 2.0);
  }

  @Test
  void should_read_null_when_nullable_columns_are_all_null_and_an_empty_object_when_empty() {
    Map<String, Object> columns = new HashMap<>();
    columns.put("id", 1);
    columns.put("name", "ann");
    columns.put("home_street", "rue a");
    columns.put("home_city", "lyon");

    Customer read = converter.read(entity(Customer.class), MappingRows.row(columns));

    assertThat(read.home()).isEqualTo(new Address("rue a", "lyon", null));
    assertThat(read.work()).isEqualTo(new Address(null, null, null));
    assertThat(read.location()).isNull();
  }

  @Test
  void should_find_embedded_columns_by_property_path() {
    ScyllaPersistentEntity<Customer> entity = entity(Customer.class);

    assertThat(entity.getColumnProperty("home.city").getColumnName()).isEqualTo("home_city");
    assertThat(entity.getColumnProperty("work.point.lat").getColumnName())
        .isEqualTo("work_geo_lat");
    assertThat(entity.getColumnProperty("location.lon").getColumnName()).isEqualTo("lon");
  }

  @Test
  void should_refuse_key_columns_in_an_embedded_class() {
    assertThatThrownBy(() -> entity(BadKey.class))
        .rootCause()
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("BadKey.keyed")
        .hasMessageContaining("Keyed.id");
  }
}
