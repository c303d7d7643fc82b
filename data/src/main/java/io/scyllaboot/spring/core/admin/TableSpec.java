package io.scyllaboot.spring.core.admin;

import io.scyllaboot.driver.api.metadata.ColumnMetadata.ClusteringOrder;
import io.scyllaboot.spring.mapping.CqlIdentifiers;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A table to create: columns with their CQL types (written as given, e.g. {@code text}, {@code
 * frozen<address>}, {@code vector<float, 3>}), partition key, clustering columns with their order,
 * static columns and options. Column and table names are as the server stores them and quoted when
 * CQL needs it. Not thread-safe; build one per statement.
 *
 * <pre>{@code
 * admin.createTable(TableSpec.named("shop", "orders")
 *     .partitionKey("customer", "uuid")
 *     .clusteringColumn("placed_at", "timestamp", ClusteringOrder.DESC)
 *     .column("total", "decimal")
 *     .option("default_time_to_live", 86400));
 * }</pre>
 */
public final class TableSpec {
  private record Column(String name, String type, boolean isStatic) {}

  private final String keyspace;
  private final String name;
  private final List<Column> partitionKey = new ArrayList<>();
  private final List<Column> clustering = new ArrayList<>();
  private final List<ClusteringOrder> orders = new ArrayList<>();
  private final List<Column> columns = new ArrayList<>();
  private final Map<String, Object> options = new LinkedHashMap<>();
  private boolean ifNotExists = true;

  private TableSpec(String keyspace, String name) {
    if (keyspace == null || keyspace.isBlank() || name == null || name.isBlank()) {
      throw new IllegalArgumentException("a table needs a keyspace and a name");
    }
    this.keyspace = keyspace;
    this.name = name;
  }

  public static TableSpec named(String keyspace, String table) {
    return new TableSpec(keyspace, table);
  }

  /** Adds a partition key column (in key order). */
  public TableSpec partitionKey(String column, String type) {
    partitionKey.add(column(column, type, false));
    return this;
  }

  /** Adds a clustering column, ascending (in key order). */
  public TableSpec clusteringColumn(String column, String type) {
    return clusteringColumn(column, type, ClusteringOrder.ASC);
  }

  /** Adds a clustering column with its order (in key order). */
  public TableSpec clusteringColumn(String column, String type, ClusteringOrder order) {
    if (order == ClusteringOrder.NONE) {
      throw new IllegalArgumentException("a clustering column is ASC or DESC, not NONE");
    }
    clustering.add(column(column, type, false));
    orders.add(order);
    return this;
  }

  /** Adds a regular column. */
  public TableSpec column(String column, String type) {
    columns.add(column(column, type, false));
    return this;
  }

  /** Adds a static column (one value per partition; the table needs clustering columns). */
  public TableSpec staticColumn(String column, String type) {
    columns.add(column(column, type, true));
    return this;
  }

  /**
   * A table option, e.g. {@code comment} ("text"), {@code default_time_to_live} (a number) or
   * {@code compaction} (a map): text is quoted, numbers and booleans are not.
   */
  public TableSpec option(String option, Object value) {
    options.put(CqlLiterals.optionName(option), value);
    return this;
  }

  /** Whether {@code CREATE} adds {@code IF NOT EXISTS}; default true. */
  public TableSpec ifNotExists(boolean ifNotExists) {
    this.ifNotExists = ifNotExists;
    return this;
  }

  public String keyspace() {
    return keyspace;
  }

  public String name() {
    return name;
  }

  /** The {@code CREATE TABLE} statement. */
  public String createCql() {
    if (partitionKey.isEmpty()) {
      throw new IllegalStateException("table " + keyspace + "." + name + " has no partition key");
    }
    if (clustering.isEmpty() && columns.stream().anyMatch(Column::isStatic)) {
      throw new IllegalStateException(
          "table " + keyspace + "." + name + " has static columns but no clustering column");
    }
    List<String> declarations = new ArrayList<>();
    for (Column column : partitionKey) {
      declarations.add(declare(column));
    }
    for (Column column : clustering) {
      declarations.add(declare(column));
    }
    for (Column column : columns) {
      declarations.add(declare(column));
    }
    String key = names(partitionKey);
    if (partitionKey.size() > 1) {
      key = "(" + key + ")";
    }
    if (!clustering.isEmpty()) {
      key += ", " + names(clustering);
    }
    declarations.add("PRIMARY KEY (" + key + ")");
    StringBuilder cql =
        new StringBuilder("CREATE TABLE ")
            .append(ifNotExists ? "IF NOT EXISTS " : "")
            .append(CqlIdentifiers.cql(keyspace))
            .append('.')
            .append(CqlIdentifiers.cql(name))
            .append(" (")
            .append(String.join(", ", declarations))
            .append(')');
    String with = " WITH ";
    if (orders.contains(ClusteringOrder.DESC)) {
      List<String> order = new ArrayList<>();
      for (int i = 0; i < clustering.size(); i++) {
        order.add(CqlIdentifiers.cql(clustering.get(i).name()) + " " + orders.get(i));
      }
      cql.append(" WITH CLUSTERING ORDER BY (").append(String.join(", ", order)).append(')');
      with = " AND ";
    }
    return cql.append(CqlLiterals.options(options, with)).toString();
  }

  private static Column column(String name, String type, boolean isStatic) {
    if (name == null || name.isEmpty()) {
      throw new IllegalArgumentException("a column needs a name");
    }
    if (type == null || type.isBlank() || type.contains(";")) {
      throw new IllegalArgumentException(
          "column " + name + " needs a CQL type, got '" + type + "'");
    }
    return new Column(name, type.trim(), isStatic);
  }

  private static String declare(Column column) {
    return CqlIdentifiers.cql(column.name())
        + " "
        + column.type()
        + (column.isStatic() ? " STATIC" : "");
  }

  private static String names(List<Column> columns) {
    return columns.stream()
        .map(column -> CqlIdentifiers.cql(column.name()))
        .collect(Collectors.joining(", "));
  }
}
