package io.scyllaboot.driver.internal.cql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.scyllaboot.driver.api.metadata.UserTypeMetadata;
import io.scyllaboot.driver.api.type.DataType;
import io.scyllaboot.driver.api.type.PrimitiveType;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Type names as the schema tables write them, user-defined types resolved through metadata. */
class CqlTypeNamesTest {

  record Udt(String keyspace, String name, List<String> fieldNames, List<String> fieldTypes)
      implements UserTypeMetadata {}

  private final Udt address =
      new Udt("ks", "address", List.of("street", "zip"), List.of("text", "int"));
  private final CqlTypeNames names =
      new CqlTypeNames(
          "ks",
          (keyspace, name) -> keyspace.equals("ks") && name.equals("address") ? address : null);

  @Test
  void should_read_nested_collection_tuple_and_vector_names() {
    assertThat(names.parse("int", false)).isEqualTo(PrimitiveType.INT);
    assertThat(names.parse("varchar", false)).isEqualTo(PrimitiveType.TEXT);
    assertThat(names.parse("frozen<map<text, frozen<list<int>>>>", false))
        .isEqualTo(
            new DataType.MapType(
                PrimitiveType.TEXT, new DataType.ListType(PrimitiveType.INT, true), true));
    assertThat(names.parse("tuple<int, set<uuid>>", false))
        .isEqualTo(
            new DataType.TupleType(
                List.of(PrimitiveType.INT, new DataType.SetType(PrimitiveType.UUID, false))));
    assertThat(names.parse("vector<float, 3>", false))
        .isEqualTo(new DataType.VectorType(PrimitiveType.FLOAT, 3));
  }

  @Test
  void should_resolve_user_defined_types_and_name_the_ones_it_cannot() {
    Udt person =
        new Udt("ks", "person", List.of("name", "home"), List.of("text", "frozen<address>"));
    DataType.UserDefinedType resolved = names.userType(person);
    assertThat(resolved.fieldTypes().get(1))
        .isEqualTo(
            new DataType.UserDefinedType(
                "ks",
                "address",
                List.of("street", "zip"),
                List.of(PrimitiveType.TEXT, PrimitiveType.INT)));
    assertThatThrownBy(() -> names.parse("list<frozen<\"Missing\">>", false))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("no type named \"Missing\" in keyspace ks");
    assertThatThrownBy(() -> names.parse("map<int>", false))
        .hasMessageContaining("not a CQL type name: map<int>");
  }
}
