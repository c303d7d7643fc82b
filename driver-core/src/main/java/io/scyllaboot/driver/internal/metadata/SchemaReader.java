package io.scyllaboot.driver.internal.metadata;

import io.scyllaboot.driver.api.metadata.ColumnMetadata;
import io.scyllaboot.driver.api.metadata.ColumnMetadata.ClusteringOrder;
import io.scyllaboot.driver.api.metadata.ColumnMetadata.Kind;
import io.scyllaboot.driver.api.metadata.IndexMetadata;
import io.scyllaboot.driver.api.metadata.KeyspaceMetadata;
import io.scyllaboot.driver.api.metadata.SchemaMetadata;
import io.scyllaboot.driver.api.metadata.TableMetadata;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletionStage;
import org.jspecify.annotations.Nullable;

/**
 * Reads the schema with one query per {@code system_schema} table, in parallel, and assembles the
 * snapshot off the event loop's hot path (it allocates freely: schema reads are rare).
 */
public final class SchemaReader {
  private SchemaReader() {}

  public static CompletionStage<SchemaMetadata> read(ControlConnection control) {
    CompletionStage<List<Map<String, Object>>> keyspaces =
        control.query("SELECT keyspace_name FROM system_schema.keyspaces");
    CompletionStage<List<Map<String, Object>>> tables =
        control.query("SELECT keyspace_name, table_name FROM system_schema.tables");
    CompletionStage<List<Map<String, Object>>> columns =
        control.query(
            "SELECT keyspace_name, table_name, column_name, kind, position, clustering_order, type"
                + " FROM system_schema.columns");
    CompletionStage<List<Map<String, Object>>> indexes =
        control.query(
            "SELECT keyspace_name, table_name, index_name, kind, options FROM"
                + " system_schema.indexes");
    return keyspaces
        .thenCombine(tables, (k, t) -> List.of(rows(k), rows(t)))
        .thenCombine(columns, (kt, c) -> List.of(kt.get(0), kt.get(1), rows(c)))
        .thenCombine(indexes, (ktc, i) -> assemble(ktc.get(0), ktc.get(1), ktc.get(2), rows(i)));
  }

  private static List<Map<String, Object>> rows(@Nullable List<Map<String, Object>> rows) {
    return rows == null ? List.of() : rows;
  }

  static SchemaMetadata assemble(
      List<Map<String, Object>> keyspaceRows,
      List<Map<String, Object>> tableRows,
      List<Map<String, Object>> columnRows,
      List<Map<String, Object>> indexRows) {
    Map<List<String>, List<ColumnMetadata>> columns = new HashMap<>();
    for (Map<String, Object> row : columnRows) {
      columns
          .computeIfAbsent(tableKey(row), key -> new ArrayList<>())
          .add(
              new Column(
                  (String) row.get("column_name"),
                  (String) row.get("type"),
                  kind((String) row.get("kind")),
                  row.get("position") instanceof Integer position ? position : -1,
                  order((String) row.get("clustering_order"))));
    }
    Map<List<String>, List<IndexMetadata>> indexes = new HashMap<>();
    for (Map<String, Object> row : indexRows) {
      @SuppressWarnings("unchecked")
      Map<String, String> options =
          row.get("options") instanceof Map<?, ?> map ? (Map<String, String>) map : Map.of();
      indexes
          .computeIfAbsent(tableKey(row), key -> new ArrayList<>())
          .add(index((String) row.get("index_name"), (String) row.get("kind"), options));
    }
    Map<String, Map<String, TableMetadata>> tablesByKeyspace = new HashMap<>();
    for (Map<String, Object> row : tableRows) {
      List<String> key = tableKey(row);
      List<ColumnMetadata> tableColumns = new ArrayList<>(columns.getOrDefault(key, List.of()));
      tableColumns.sort(COLUMN_ORDER);
      tablesByKeyspace
          .computeIfAbsent(key.get(0), keyspace -> new TreeMap<>())
          .put(
              key.get(1),
              new Table(
                  key.get(0),
                  key.get(1),
                  List.copyOf(tableColumns),
                  List.copyOf(indexes.getOrDefault(key, List.of()))));
    }
    Map<String, KeyspaceMetadata> keyspaces = new TreeMap<>();
    for (Map<String, Object> row : keyspaceRows) {
      String name = (String) row.get("keyspace_name");
      keyspaces.put(
          name, new Keyspace(name, Map.copyOf(tablesByKeyspace.getOrDefault(name, Map.of()))));
    }
    return new Schema(Map.copyOf(keyspaces));
  }

  /** Partition key, clustering columns (each by position), then the others by name. */
  private static final Comparator<ColumnMetadata> COLUMN_ORDER =
      Comparator.comparingInt(
              (ColumnMetadata column) -> column.kind().ordinal() > 1 ? 2 : column.kind().ordinal())
          .thenComparingInt(ColumnMetadata::position)
          .thenComparing(ColumnMetadata::name);

  private static List<String> tableKey(Map<String, Object> row) {
    return List.of((String) row.get("keyspace_name"), (String) row.get("table_name"));
  }

  private static Kind kind(@Nullable String kind) {
    if (kind == null) {
      return Kind.REGULAR;
    }
    return switch (kind.toLowerCase(Locale.ROOT)) {
      case "partition_key" -> Kind.PARTITION_KEY;
      case "clustering" -> Kind.CLUSTERING;
      case "static" -> Kind.STATIC;
      default -> Kind.REGULAR;
    };
  }

  private static ClusteringOrder order(@Nullable String order) {
    if (order == null) {
      return ClusteringOrder.NONE;
    }
    return switch (order.toLowerCase(Locale.ROOT)) {
      case "asc" -> ClusteringOrder.ASC;
      case "desc" -> ClusteringOrder.DESC;
      default -> ClusteringOrder.NONE;
    };
  }

  /** An index, its target split into the function ({@code values}, {@code keys}...) and column. */
  static IndexMetadata index(String name, String kind, Map<String, String> options) {
    String target = options.getOrDefault("target", "");
    String targetKind = "values";
    String column = target;
    int open = target.indexOf('(');
    if (open > 0 && target.endsWith(")")) {
      targetKind = target.substring(0, open).toLowerCase(Locale.ROOT);
      column = target.substring(open + 1, target.length() - 1);
    }
    if (column.length() > 1 && column.startsWith("\"") && column.endsWith("\"")) {
      column = column.substring(1, column.length() - 1).replace("\"\"", "\"");
    }
    return new Index(
        name, kind, target, column, targetKind, options.get("class_name"), Map.copyOf(options));
  }

  private record Schema(Map<String, KeyspaceMetadata> keyspaces) implements SchemaMetadata {}

  private record Keyspace(String name, Map<String, TableMetadata> tables)
      implements KeyspaceMetadata {}

  private record Table(
      String keyspace, String name, List<ColumnMetadata> columns, List<IndexMetadata> indexes)
      implements TableMetadata {}

  private record Column(
      String name, String type, Kind kind, int position, ClusteringOrder clusteringOrder)
      implements ColumnMetadata {}

  private record Index(
      String name,
      String kind,
      String target,
      String column,
      String targetKind,
      @Nullable String className,
      Map<String, String> options)
      implements IndexMetadata {}
}
