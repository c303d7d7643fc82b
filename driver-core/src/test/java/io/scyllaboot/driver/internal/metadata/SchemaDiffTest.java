package io.scyllaboot.driver.internal.metadata;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.driver.api.metadata.IndexMetadata;
import io.scyllaboot.driver.api.metadata.SchemaChange;
import io.scyllaboot.driver.api.metadata.SchemaChange.Target;
import io.scyllaboot.driver.api.metadata.SchemaChange.Type;
import io.scyllaboot.driver.api.metadata.SchemaMetadata;
import io.scyllaboot.driver.api.metadata.ViewMetadata;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Snapshots assembled from system_schema rows, and the changes found between two of them. */
class SchemaDiffTest {

  private static Map<String, Object> row(Object... pairs) {
    Map<String, Object> row = new HashMap<>();
    for (int i = 0; i < pairs.length; i += 2) {
      row.put((String) pairs[i], pairs[i + 1]);
    }
    return row;
  }

  /** Keyspace ks: table t (id, v and the given extra columns), type u, and an index on v. */
  private static SchemaMetadata schema(boolean withView, String... extraColumns) {
    List<Map<String, Object>> columns = new ArrayList<>();
    columns.add(
        row(
            "keyspace_name",
            "ks",
            "table_name",
            "t",
            "column_name",
            "id",
            "kind",
            "partition_key",
            "position",
            0,
            "type",
            "int"));
    columns.add(
        row(
            "keyspace_name",
            "ks",
            "table_name",
            "t",
            "column_name",
            "v",
            "kind",
            "regular",
            "position",
            -1,
            "type",
            "vector<float, 2>"));
    for (String extra : extraColumns) {
      columns.add(
          row(
              "keyspace_name",
              "ks",
              "table_name",
              "t",
              "column_name",
              extra,
              "kind",
              "regular",
              "position",
              -1,
              "type",
              "text"));
    }
    List<Map<String, Object>> views = new ArrayList<>();
    // ScyllaDB keeps a secondary index's backing view in system_schema.views: never a view here.
    views.add(row("keyspace_name", "ks", "view_name", "t_v_index", "base_table_name", "t"));
    if (withView) {
      views.add(
          row(
              "keyspace_name",
              "ks",
              "view_name",
              "by_v",
              "base_table_name",
              "t",
              "where_clause",
              "v IS NOT NULL",
              "include_all_columns",
              true));
    }
    return SchemaReader.assemble(
        List.of(
            row(
                "keyspace_name",
                "ks",
                "durable_writes",
                true,
                "replication",
                Map.of("class", "SimpleStrategy", "replication_factor", "1"))),
        List.of(
            row(
                "keyspace_name",
                "ks",
                "table_name",
                "t",
                "comment",
                "c",
                "default_time_to_live",
                0)),
        views,
        columns,
        List.of(
            row(
                "keyspace_name",
                "ks",
                "table_name",
                "t",
                "index_name",
                "t_v",
                "kind",
                "CUSTOM",
                "options",
                Map.of("target", "v", "class_name", "StorageAttachedIndex"))),
        List.of(
            row(
                "keyspace_name",
                "ks",
                "type_name",
                "u",
                "field_names",
                List.of("a", "b"),
                "field_types",
                List.of("int", "text"))));
  }

  @Test
  void should_assemble_types_views_and_a_vector_index_but_no_index_backing_view() {
    SchemaMetadata schema = schema(true);
    assertThat(schema.table("ks", "t").orElseThrow().indexes().get(0).type())
        .isEqualTo(IndexMetadata.Type.VECTOR);
    assertThat(schema.keyspace("ks").orElseThrow().views()).containsOnlyKeys("by_v");
    ViewMetadata view = schema.view("ks", "by_v").orElseThrow();
    assertThat(view.includesAllColumns()).isTrue();
    assertThat(view.whereClause()).isEqualTo("v IS NOT NULL");
    assertThat(schema.userType("ks", "u").orElseThrow().fieldType("b")).isEqualTo("text");
    assertThat(schema.table("ks", "t").orElseThrow().comment()).isEqualTo("c");
  }

  @Test
  void should_find_nothing_between_two_reads_of_the_same_schema() {
    assertThat(SchemaDiff.between(schema(false), schema(false))).isEmpty();
  }

  @Test
  void should_find_an_added_column_and_a_created_view() {
    assertThat(SchemaDiff.between(schema(false), schema(true, "note")))
        .containsExactly(
            new SchemaChange(Type.UPDATED, Target.TABLE, "ks", "t"),
            new SchemaChange(Type.CREATED, Target.VIEW, "ks", "by_v"));
  }

  @Test
  void should_find_a_dropped_keyspace_once_and_a_created_one_with_its_objects() {
    SchemaMetadata none =
        SchemaReader.assemble(List.of(), List.of(), List.of(), List.of(), List.of(), List.of());
    assertThat(SchemaDiff.between(schema(false), none))
        .containsExactly(new SchemaChange(Type.DROPPED, Target.KEYSPACE, "ks", "ks"));
    assertThat(SchemaDiff.between(none, schema(false)))
        .containsExactly(
            new SchemaChange(Type.CREATED, Target.KEYSPACE, "ks", "ks"),
            new SchemaChange(Type.CREATED, Target.TYPE, "ks", "u"),
            new SchemaChange(Type.CREATED, Target.TABLE, "ks", "t"));
  }

  @Test
  void should_quote_the_keyspaces_of_the_filter_as_string_literals() {
    assertThat(SchemaReader.where(List.of())).isEmpty();
    assertThat(SchemaReader.where(List.of("a", "it's")))
        .isEqualTo(" WHERE keyspace_name IN ('a', 'it''s')");
  }
}
