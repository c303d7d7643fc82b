package io.scyllaboot.spring.mapping;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.driver.api.cql.Row;
import io.scyllaboot.driver.api.type.UdtValue;
import io.scyllaboot.spring.repository.support.SchemaCreator;
import java.lang.reflect.Proxy;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The converter, with no server: values as the driver binds them and as it returns them. */
class ScyllaEntityConverterTest {
  private final ScyllaMappingContext context = new ScyllaMappingContext();
  private final ScyllaEntityConverter converter = new ScyllaEntityConverter(context);

  record Location(String site, int floorNumber) {}

  enum Status {
    OK,
    FAULT
  }

  @Table
  record Trip(
      @PartitionKey UUID id,
      List<Location> stops,
      Map<String, Location> byName,
      Set<Status> statuses,
      Map<String, Status> statusByStop,
      Date startedAt,
      byte[] payload,
      LocalDateTime localStart) {}

  @SuppressWarnings("unchecked")
  private <T> ScyllaPersistentEntity<T> entity(Class<T> type) {
    return (ScyllaPersistentEntity<T>) context.getRequiredPersistentEntity(type);
  }

  /** A row that answers getObject(name) from a map, as the driver would decode the columns. */
  private static Row row(Map<String, Object> columns) {
    return (Row)
        Proxy.newProxyInstance(
            Row.class.getClassLoader(),
            new Class<?>[] {Row.class},
            (proxy, method, args) -> {
              if (method.getName().equals("getObject") && args[0] instanceof String name) {
                return columns.get(name);
              }
              throw new UnsupportedOperationException(method.getName());
            });
  }

  private final UUID id = UUID.randomUUID();
  private final Instant instant = Instant.parse("2026-03-01T10:15:30.123Z");

  private Trip trip() {
    return new Trip(
        id,
        List.of(new Location("paris", 3), new Location("lyon", 1)),
        Map.of("home", new Location("paris", 3)),
        Set.of(Status.FAULT),
        Map.of("lyon", Status.OK),
        Date.from(instant),
        new byte[] {1, 2, 3},
        LocalDateTime.of(2026, 3, 1, 10, 15, 30));
  }

  @Test
  void should_write_collections_of_udts_and_enums_dates_and_bytes_as_the_driver_binds_them() {
    Map<String, Object> values = converter.write(entity(Trip.class), trip());

    assertThat(values.get("stops"))
        .isEqualTo(
            List.of(
                Map.of("site", "paris", "floor_number", 3),
                Map.of("site", "lyon", "floor_number", 1)));
    assertThat(values.get("by_name"))
        .isEqualTo(Map.of("home", Map.of("site", "paris", "floor_number", 3)));
    assertThat(values.get("statuses")).isEqualTo(Set.of("FAULT"));
    assertThat(values.get("status_by_stop")).isEqualTo(Map.of("lyon", "OK"));
    assertThat(values.get("started_at")).isEqualTo(instant);
    assertThat(values.get("payload")).isEqualTo(ByteBuffer.wrap(new byte[] {1, 2, 3}));
    assertThat(values.get("local_start")).isEqualTo(Instant.parse("2026-03-01T10:15:30Z"));
  }

  @Test
  void should_read_collections_of_udts_and_enums_dates_and_bytes_as_declared() {
    Map<String, Object> columns = new LinkedHashMap<>();
    columns.put("id", id);
    columns.put(
        "stops",
        List.of(
            UdtValue.of(Map.of("site", "paris", "floor_number", 3)),
            UdtValue.of(Map.of("site", "lyon", "floor_number", 1))));
    columns.put("by_name", Map.of("home", UdtValue.of(Map.of("site", "paris", "floor_number", 3))));
    columns.put("statuses", Set.of("FAULT"));
    columns.put("status_by_stop", Map.of("lyon", "OK"));
    columns.put("started_at", instant);
    columns.put("payload", ByteBuffer.wrap(new byte[] {1, 2, 3}));
    columns.put("local_start", Instant.parse("2026-03-01T10:15:30Z"));

    Trip read = converter.read(entity(Trip.class), row(columns));

    Trip expected = trip();
    assertThat(read.stops()).isEqualTo(expected.stops());
    assertThat(read.byName()).isEqualTo(expected.byName());
    assertThat(read.statuses()).isEqualTo(expected.statuses());
    assertThat(read.statusByStop()).isEqualTo(expected.statusByStop());
    assertThat(read.startedAt()).isEqualTo(expected.startedAt());
    assertThat(read.payload()).containsExactly(1, 2, 3);
    assertThat(read.localStart()).isEqualTo(expected.localStart());
  }

  @Test
  void should_create_a_table_with_udt_collections_and_timestamps() {
    String cql = new SchemaCreator(null, context).createTableCql(entity(Trip.class));

    assertThat(cql)
        .contains("stops list<frozen<location>>")
        .contains("by_name map<text, frozen<location>>")
        .contains("statuses set<text>")
        .contains("started_at timestamp")
        .contains("payload blob")
        .contains("local_start timestamp");
  }

  @UserDefinedType("postal_address")
  record Address(String street, String city) {}

  @Table(value = "places", keyspace = "geo")
  record Place(@PartitionKey String id, Address address, Map<String, Address> byName) {}

  @Test
  void should_name_a_udt_by_its_annotation_and_qualify_a_table_with_its_keyspace() {
    ScyllaPersistentEntity<Place> place = entity(Place.class);
    assertThat(place.getQualifiedTableName()).isEqualTo("geo.places");
    assertThat(context.getRequiredPersistentEntity(Address.class).getTableName())
        .isEqualTo("postal_address");
    assertThat(context.getRequiredPersistentEntity(Location.class).getTableName())
        .isEqualTo("location");
    assertThat(new SchemaCreator(null, context).createTableCql(place))
        .startsWith("CREATE TABLE IF NOT EXISTS geo.places (")
        .contains("address frozen<geo.postal_address>")
        .contains("by_name map<text, frozen<geo.postal_address>>");
  }
}
