package io.scyllaboot.driver.api.type;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class GenericTypeTest {
  @Test
  void should_equal_the_same_type_captured_by_a_subclass() {
    GenericType<List<String>> built = GenericType.listOf(String.class);
    GenericType<List<String>> captured = new GenericType<List<String>>() {};

    assertThat(built).isEqualTo(captured).hasSameHashCodeAs(captured);
    assertThat(captured.type()).isEqualTo(built.type());
    assertThat(built.type()).isEqualTo(captured.type());
    assertThat(built).hasToString("java.util.List<java.lang.String>");
  }

  @Test
  void should_give_the_raw_class_and_class_arguments() {
    GenericType<Map<String, Integer>> map = GenericType.mapOf(String.class, Integer.class);

    assertThat(map.rawType()).isEqualTo(Map.class);
    assertThat(map.classArguments()).containsExactly(String.class, Integer.class);
    assertThat(GenericType.STRING.rawType()).isEqualTo(String.class);
    assertThat(GenericType.STRING.classArguments()).isEmpty();
    assertThat(GenericType.optionalOf(Long.class).rawType()).isEqualTo(Optional.class);
    assertThat(new GenericType<List<List<String>>>() {}.classArguments())
        .as("an argument that is itself generic")
        .isEmpty();
  }

  @Test
  @SuppressWarnings({"rawtypes", "unchecked"})
  void should_refuse_a_subclass_that_names_no_type() {
    assertThatThrownBy(() -> new GenericType() {})
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("must name its type");
  }
}
