package io.scyllaboot.driver.api.metadata;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.scyllaboot.driver.api.type.UdtValue;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link UserTypeMetadata#newValue}: a UDT value from the schema's field order. */
class UserTypeNewValueTest {

  private static final UserTypeMetadata COORDINATES =
      new UserTypeMetadata() {
        @Override
        public String keyspace() {
          return "examples";
        }

        @Override
        public String name() {
          return "coordinates";
        }

        @Override
        public List<String> fieldNames() {
          return List.of("x", "y", "label");
        }

        @Override
        public List<String> fieldTypes() {
          return List.of("int", "int", "text");
        }
      };

  @Test
  void valuesFillTheFieldsInDeclarationOrderAndTheRestAreNull() {
    UdtValue value = COORDINATES.newValue(12, 34);

    assertThat(value.fields().keySet()).containsExactly("x", "y", "label");
    assertThat(value.get("x", Integer.class)).isEqualTo(12);
    assertThat(value.get("y", Integer.class)).isEqualTo(34);
    assertThat(value.get("label")).isNull();
    assertThat(COORDINATES.newValue().fields()).containsExactlyEntriesOf(nulls("x", "y", "label"));
  }

  @Test
  void moreValuesThanFieldsIsRefusedNamingTheType() {
    assertThatThrownBy(() -> COORDINATES.newValue(1, 2, "a", 4))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("examples.coordinates")
        .hasMessageContaining("3 fields")
        .hasMessageContaining("4 values");
  }

  private static java.util.Map<String, Object> nulls(String... names) {
    java.util.Map<String, Object> fields = new java.util.LinkedHashMap<>();
    Arrays.stream(names).forEach(name -> fields.put(name, null));
    return fields;
  }
}
