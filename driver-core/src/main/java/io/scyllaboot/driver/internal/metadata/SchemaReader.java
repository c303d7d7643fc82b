package io.scyllaboot.driver.internal.metadata;

import io.scyllaboot.driver.api.metadata.ColumnMetadata;
import io.scyllaboot.driver.api.metadata.ColumnMetadata.ClusteringOrder;
import io.scyllaboot.driver.api.metadata.ColumnMetadata.Kind;
import io.scyllaboot.driver.api.metadata.IndexMetadata;
import io.scyllaboot.driver.api.metadata.KeyspaceMetadata;
import io.scyllaboot.driver.api.metadata.SchemaMetadata;
import io.scyllaboot.driver.api.metadata.TableMetadata;
import io.scyllaboot.driver.api.metadata.UserTypeMetadata;
import io.scyllaboot.driver.api.metadata.ViewMetadata;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * Reads the schema with one query per {@code system_schema} table (keyspaces, tables, views,
 * columns, indexes, types), in parallel, whatever the number of tables, and assembles the snapshot
 * off the event loop's hot path (it allocates freely: schema reads are rare).
 */
public final class SchemaReader {
  private SchemaReader() {}

  /** Every keyspace. */
  public static CompletionStage<SchemaMetadata> read(ControlConnection control) {
    return read(control, List.of());
  }

  /**
   * The keyspaces the list keeps, in the notation of {@link KeyspaceFilter} (every keyspace when
   * the list is empty).
   */
  public static CompletionStage<SchemaMetadata> read(
      ControlConnection control, List<String> keyspaces) {
    KeyspaceFilter filter = KeyspaceFilter.of(keyspaces);
    String where = where(filter.readOnly());
    var keyspaceRows =
        query(
            control,
            "SELECT keyspace_name, durable_writes, replication FROM system_schema.keyspaces"
                + where);
    var tableRows = query(control, "SELECT * FROM system_schema.tables" + where);
    var viewRows = query(control, "SELECT * FROM system_schema.views" + where);
    var columnRows =
        query(
            control,
            "SELECT keyspace_name, table_name, column_name, kind, position, clustering_order, type"
                + " FROM system_schema.columns"
                + where);
    var indexRows =
        query(
            control,
            "SELECT keyspace_name, table_name, index_name, kind, options FROM"
                + " system_schema.indexes"
                + where);
    var typeRows =
        query(
            control,
            "SELECT keyspace_name, type_name, field_names, field_types FROM system_schema.types"
                + where);
    return CompletableFuture.allOf(
            keyspaceRows, tableRows, viewRows, columnRows, indexRows, typeRows)
        .thenApply(
            done ->
                assemble(
                    kept(filter, keyspaceRows.join()),
                    kept(filter, tableRows.join()),
                    kept(filter, viewRows.join()),
                    kept(filter, columnRows.join()),
                    kept(filter, indexRows.join()),
                    kept(filter, typeRows.join())));
  }

  /**
   * The rows of the keyspaces the filter keeps (all of them, read with IN, for a list of names).
   */
  private static List<Map<String, Object>> kept(
      KeyspaceFilter filter, List<Map<String, Object>> rows) {
    if (filter.acceptsAll() || !filter.readOnly().isEmpty()) {
      return rows;
    }
    return rows.stream()
        .filter(row -> filter.accepts(String.valueOf(row.get("keyspace_name"))))
        .toList();
  }

  /** {@code WHERE keyspace_name IN (...)}, names as string literals; none for every keyspace. */
  static String where(Collection<String> keyspaces) {
    if (keyspaces.isEmpty()) {
      return "";
    }
    return keyspaces.stream()
        .map(name -> "'" + name.replace("'", "''") + "'")
        .collect(Collectors.joining(", ", " WHERE keyspace_name IN (", ")"));
  }

  /** A query's rows; none for a table the server does not have (it answers INVALID). */
  private static CompletableFuture<List<Map<String, Object>>> query(
      ControlConnection control, String cql) {
    return control
        .query(cql)
        .thenApply(rows -> rows == null ? List.<Map<String, Object>>of() : rows)
        .toCompletableFuture();
  }

  /** Assembles the rows of the six queries (each keyed by {@code keyspace_name}). */
  static SchemaMetadata assemble(
      List<Map<String, Object>> keyspaceRows,
      List<Map<String, Object>> tableRows,
      List<Map<String, Object>> viewRows,
      List<Map<String, Object>> columnRows,
      List<Map<String, Object>> indexRows,
      List<Map<String, Object>> typeRows) {
    Map<List<String>, List<ColumnMetadata>> columns = new HashMap<>();
    for (Map<String, Object> row : columnRows) {
      columns
          .computeIfAbsent(key(row, "table_name"), key -> new ArrayList<>())
          .add(
              new SchemaRecords.Column(
                  (String) row.get("column_name"),
                  (String) row.get("type"),
                  kind((String) row.get("kind")),
                  row.get("position") instanceof Integer position ? position : -1,
                  order((String) row.get("clustering_order"))));
    }
    Map<List<String>, List<IndexMetadata>> indexes = new HashMap<>();
    for (Map<String, Object> row : indexRows) {
      List<String> key = key(row, "table_name");
      @SuppressWarnings("unchecked")
      Map<String, String> options =
          row.get("options") instanceof Map<?, ?> map ? (Map<String, String>) map : Map.of();
      IndexMetadata index =
          index(
              (String) row.get("index_name"),
              key.get(1),
              (String) row.get("kind"),
              options,
              columns.getOrDefault(key, List.of()));
      indexes.computeIfAbsent(key, k -> new ArrayList<>()).add(index);
    }
    Map<String, Map<String, TableMetadata>> tables = new HashMap<>();
    for (Map<String, Object> row : tableRows) {
      List<String> key = key(row, "table_name");
      tables
          .computeIfAbsent(key.get(0), keyspace -> new TreeMap<>())
          .put(
              key.get(1),
              new SchemaRecords.Table(
                  key.get(0),
                  key.get(1),
                  (UUID) row.get("id"),
                  sortedColumns(columns.get(key)),
                  List.copyOf(indexes.getOrDefault(key, List.of())),
                  options(row, TABLE_FIELDS)));
    }
    Map<String, Map<String, ViewMetadata>> views = new HashMap<>();
    for (Map<String, Object> row : viewRows) {
      List<String> key = key(row, "view_name");
      String base = (String) row.get("base_table_name");
      if (isIndexView(key.get(1), indexes.get(List.of(key.get(0), String.valueOf(base))))) {
        continue; // ScyllaDB's secondary indexes are views; they are indexes here, not views
      }
      views
          .computeIfAbsent(key.get(0), keyspace -> new TreeMap<>())
          .put(
              key.get(1),
              new SchemaRecords.View(
                  key.get(0),
                  key.get(1),
                  (UUID) row.get("id"),
                  sortedColumns(columns.get(key)),
                  options(row, VIEW_FIELDS),
                  base,
                  row.get("where_clause") instanceof String clause ? clause : "",
                  Boolean.TRUE.equals(row.get("include_all_columns"))));
    }
    Map<String, Map<String, UserTypeMetadata>> types = new HashMap<>();
    for (Map<String, Object> row : typeRows) {
      List<String> key = key(row, "type_name");
      types
          .computeIfAbsent(key.get(0), keyspace -> new TreeMap<>())
          .put(
              key.get(1),
              new SchemaRecords.UserType(
                  key.get(0),
                  key.get(1),
                  texts(row.get("field_names")),
                  texts(row.get("field_types"))));
    }
    // The server's order (its token order of the names), as the DataStax driver lists them.
    Map<String, KeyspaceMetadata> keyspaces = new java.util.LinkedHashMap<>();
    for (Map<String, Object> row : keyspaceRows) {
      String name = (String) row.get("keyspace_name");
      @SuppressWarnings("unchecked")
      Map<String, String> replication =
          row.get("replication") instanceof Map<?, ?> map ? (Map<String, String>) map : Map.of();
      keyspaces.put(
          name,
          new SchemaRecords.Keyspace(
              name,
              Map.copyOf(replication),
              !Boolean.FALSE.equals(row.get("durable_writes")),
              // The sorted maps themselves, read-only: name order on every run (Map.copyOf's
              // iteration order changes from one JVM to the next).
              Collections.unmodifiableMap(tables.getOrDefault(name, Map.of())),
              Collections.unmodifiableMap(views.getOrDefault(name, Map.of())),
              Collections.unmodifiableMap(types.getOrDefault(name, Map.of()))));
    }
    return new SchemaRecords.Schema(Collections.unmodifiableMap(keyspaces));
  }

  /** The columns of {@code system_schema.tables} and {@code .views} that are not options. */
  private static final Set<String> TABLE_FIELDS =
      Set.of("keyspace_name", "table_name", "id", "flags");

  private static final Set<String> VIEW_FIELDS =
      Set.of(
          "keyspace_name",
          "view_name",
          "id",
          "base_table_id",
          "base_table_name",
          "include_all_columns",
          "where_clause");

  private static Map<String, Object> options(Map<String, Object> row, Set<String> fields) {
    Map<String, Object> options = new TreeMap<>();
    row.forEach(
        (name, value) -> {
          if (value != null && !fields.contains(name)) {
            options.put(name, value);
          }
        });
    return java.util.Collections.unmodifiableMap(options);
  }

  private static boolean isIndexView(String view, @Nullable List<IndexMetadata> baseIndexes) {
    return baseIndexes != null
        && view.endsWith("_index")
        && baseIndexes.stream().anyMatch(index -> view.equals(index.name() + "_index"));
  }

  /** Partition key, clustering columns (each by position), then the others by name. */
  private static final Comparator<ColumnMetadata> COLUMN_ORDER =
      Comparator.comparingInt(
              (ColumnMetadata column) -> column.kind().ordinal() > 1 ? 2 : column.kind().ordinal())
          .thenComparingInt(ColumnMetadata::position)
          .thenComparing(ColumnMetadata::name);

  private static List<ColumnMetadata> sortedColumns(@Nullable List<ColumnMetadata> columns) {
    if (columns == null) {
      return List.of();
    }
    List<ColumnMetadata> sorted = new ArrayList<>(columns);
    sorted.sort(COLUMN_ORDER);
    return List.copyOf(sorted);
  }

  private static List<String> key(Map<String, Object> row, String nameColumn) {
    return List.of((String) row.get("keyspace_name"), (String) row.get(nameColumn));
  }

  private static List<String> texts(@Nullable Object value) {
    if (value instanceof List<?> list) {
      return list.stream().map(String::valueOf).toList();
    }
    return List.of();
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

  /**
   * An index, its target split into the function ({@code values}, {@code keys}...) and column, and
   * its type told by its class and, for SAI, its column's type.
   */
  static IndexMetadata index(
      String name,
      String table,
      String kind,
      Map<String, String> options,
      List<ColumnMetadata> tableColumns) {
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
    String className = options.get("class_name");
    String indexed = column;
    boolean onVector =
        tableColumns.stream()
            .anyMatch(c -> c.name().equals(indexed) && c.type().startsWith("vector<"));
    return new SchemaRecords.Index(
        name,
        table,
        kind,
        type(kind, className, onVector),
        target,
        column,
        targetKind,
        className,
        Map.copyOf(options));
  }

  private static IndexMetadata.Type type(
      String kind, @Nullable String className, boolean onVector) {
    if (className == null) {
      return "CUSTOM".equalsIgnoreCase(kind)
          ? IndexMetadata.Type.CUSTOM
          : IndexMetadata.Type.SECONDARY;
    }
    if (className.endsWith("StorageAttachedIndex") || className.equalsIgnoreCase("sai")) {
      return onVector ? IndexMetadata.Type.VECTOR : IndexMetadata.Type.SAI;
    }
    if (className.endsWith("SASIIndex")) {
      return IndexMetadata.Type.SASI;
    }
    return onVector && className.toLowerCase(Locale.ROOT).contains("vector")
        ? IndexMetadata.Type.VECTOR
        : IndexMetadata.Type.CUSTOM;
  }
}
