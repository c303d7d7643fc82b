package io.scyllaboot.spring.mapping;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.scyllaboot.driver.api.type.TupleValue;
import io.scyllaboot.driver.api.type.UdtValue;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code @Tuple} classes and raw {@code TupleValue}/{@code UdtValue} properties (no server). */
class TupleMappingTest {
  private final ScyllaMappingContext context = new ScyllaMappingContext();
  private final ScyllaEntityConverter converter = new ScyllaEntityConverter(context);

  record Address(String city, int zip) {}

  enum Kind {
    HOME,
    WORK
  }

  @Tuple
  record Place(
      @Element(1) String label,
      @Element(0) int rank,
      @Element(2) Address address,
      @Element(3) Kind kind) {}

  @Table
  record Visit(
      @PartitionKey int id,
      Place place,
      List<Place> history,
      @CqlType(
              type = CqlType.Name.TUPLE,
              typeArguments = {CqlType.Name.INT, CqlType.Name.TEXT})
          TupleValue raw,
      @CqlType(type = CqlType.Name.UDT, userTypeName = "address") UdtValue rawAddress) {}

  @Tuple
  record Gap(@Element(0) int a, @Element(2) int b) {}

  @Tuple
  record Missing(@Element(0) int a, int b) {}

  @Tuple
  @Table
  record Both(@PartitionKey @Element(0) int a) {}

  @SuppressWarnings("unchecked")
  private <T> ScyllaPersistentEntity<T> entity(Class<T> type) {
    return (ScyllaPersistentEntity<T>) context.getRequiredPersistentEntity(type);
  }

  private final Place place = new Place("office", 2, new Address("lyon", 69000), Kind.WORK);

  @Test
  void should_write_a_tuple_class_as_a_tuple_value_in_element_order() {
    TupleValue raw = TupleValue.of(1, "one");
    UdtValue rawAddress = UdtValue.of(Map.of("city", "nice", "zip", 6000));

    Map<String, Object> values =
        converter.write(entity(Visit.class), new Visit(7, place, List.of(place), raw, rawAddress));

    TupleValue expected = TupleValue.of(2, "office", Map.of("city", "lyon", "zip", 69000), "WORK");
    assertThat(values.get("place")).isEqualTo(expected);
    assertThat(values.get("history")).isEqualTo(List.of(expected));
    assertThat(values.get("raw")).isSameAs(raw);
    assertThat(values.get("raw_address")).isSameAs(rawAddress);
  }

  @Test
  void should_read_a_tuple_value_into_the_tuple_class_and_keep_raw_values() {
    TupleValue stored =
        TupleValue.of(2, "office", UdtValue.of(Map.of("city", "lyon", "zip", 69000)), "WORK");
    TupleValue raw = TupleValue.of(1, "one");
    UdtValue rawAddress = UdtValue.of(Map.of("city", "nice", "zip", 6000));
    Map<String, Object> columns = new HashMap<>();
    columns.put("id", 7);
    columns.put("place", stored);
    columns.put("history", List.of(stored));
    columns.put("raw", raw);
    columns.put("raw_address", rawAddress);

    Visit visit = converter.read(entity(Visit.class), MappingRows.row(columns));

    assertThat(visit).isEqualTo(new Visit(7, place, List.of(place), raw, rawAddress));
  }

  @Test
  void should_read_a_null_tuple_component_as_null() {
    Map<String, Object> columns = new HashMap<>();
    columns.put("id", 7);
    columns.put("place", TupleValue.of(3, null, null, null));

    Visit visit = converter.read(entity(Visit.class), MappingRows.row(columns));

    assertThat(visit.place()).isEqualTo(new Place(null, 3, null, null));
  }

  @Test
  void should_refuse_tuple_classes_whose_elements_are_not_0_to_n_minus_1() {
    assertThatThrownBy(() -> entity(Gap.class))
        .rootCause()
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("@Element(0) to @Element(1)")
        .hasMessageContaining("b=2");
    assertThatThrownBy(() -> entity(Missing.class))
        .rootCause()
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("b has no @Element");
    assertThatThrownBy(() -> entity(Both.class))
        .rootCause()
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("@Tuple and @Table");
  }
}
