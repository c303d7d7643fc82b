package io.scyllaboot.spring.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.spring.mapping.Embedded;
import io.scyllaboot.spring.mapping.PartitionKey;
import io.scyllaboot.spring.mapping.Table;
import org.junit.jupiter.api.Test;

/** {@code update()} of an entity with {@link Embedded} objects binds their columns' values. */
class EmbeddedUpdateTest {
  record Point(double lat, double lon) {}

  record Address(String street, String city, @Embedded.Nullable(prefix = "geo_") Point point) {}

  @Table
  record Customer(
      @PartitionKey int id, String name, @Embedded.Nullable(prefix = "home_") Address home) {}

  private final RecordingSession recording = new RecordingSession();
  private final ScyllaTemplate template = new ScyllaTemplate(recording.session);

  @Test
  void should_update_the_columns_of_embedded_objects_from_the_embedded_values() {
    template.update(new Customer(1, "ann", new Address("rue a", "lyon", new Point(45.7, 4.8))));
    assertThat(recording.prepared.get(0))
        .isEqualTo(
            "UPDATE customer SET name = ?, home_street = ?, home_city = ?, home_geo_lat = ?,"
                + " home_geo_lon = ? WHERE id = ?");
    assertThat(recording.bound.get(0)).containsExactly("ann", "rue a", "lyon", 45.7, 4.8, 1);
  }

  @Test
  void should_update_the_columns_of_a_null_embedded_object_to_null() {
    template.update(new Customer(2, "bob", null));
    assertThat(recording.bound.get(0)).containsExactly("bob", null, null, null, null, 2);
  }
}
