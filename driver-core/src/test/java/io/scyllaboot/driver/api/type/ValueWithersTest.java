package io.scyllaboot.driver.api.type;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Tuple and UDT values built from their types and changed one component at a time. */
class ValueWithersTest {

  @Test
  void should_build_a_tuple_from_its_type_and_replace_components_without_changing_the_original() {
    DataType.TupleType type = DataTypes.tupleOf(DataTypes.INT, DataTypes.TEXT);
    TupleValue empty = type.newValue();
    assertThat(empty.components()).containsExactly(null, null);

    TupleValue filled = empty.with(0, 1).with(1, "a");
    assertThat(filled).isEqualTo(TupleValue.of(1, "a"));
    assertThat(empty.components()).containsExactly(null, null);
    assertThat(type.newValue(7).components()).containsExactly(7, null);
    assertThatThrownBy(() -> filled.with(2, 3)).isInstanceOf(IndexOutOfBoundsException.class);
    assertThatThrownBy(() -> type.newValue(1, "a", 2))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("2 components, 3 values");
  }

  @Test
  void should_build_a_udt_from_its_type_in_field_order() {
    DataType.UserDefinedType type =
        new DataType.UserDefinedType(
            "ks", "point", List.of("x", "y"), List.of(DataTypes.INT, DataTypes.INT));
    UdtValue value = type.newValue().with("y", 2).with("x", 1);
    assertThat(value.fields().keySet()).containsExactly("x", "y");
    assertThat(value.formattedContents()).isEqualTo("{x:1,y:2}");
    assertThat(type.newValue(5).get("y")).isNull();
    UdtValue added = value.with("z", 3);
    assertThat(added.fields().keySet()).containsExactly("x", "y", "z");
    assertThat(value.has("z")).isFalse();
  }
}
