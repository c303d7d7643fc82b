package io.scyllaboot.spring.core.admin;

import io.scyllaboot.spring.mapping.CqlIdentifiers;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Changes to a table: columns to add and drop, options to set. Each kind of change is its own
 * {@code ALTER TABLE} statement (CQL allows one kind per statement), run in order: add, drop,
 * options. Not thread-safe; build one per change.
 */
public final class AlterTableSpec {
  private final String keyspace;
  private final String name;
  private final Map<String, String> added = new LinkedHashMap<>();
  private final List<String> dropped = new ArrayList<>();
  private final Map<String, Object> options = new LinkedHashMap<>();

  private AlterTableSpec(String keyspace, String name) {
    if (keyspace == null || keyspace.isBlank() || name == null || name.isBlank()) {
      throw new IllegalArgumentException("a table needs a keyspace and a name");
    }
    this.keyspace = keyspace;
    this.name = name;
  }

  public static AlterTableSpec table(String keyspace, String table) {
    return new AlterTableSpec(keyspace, table);
  }

  /** Adds a regular column of this CQL type. */
  public AlterTableSpec add(String column, String type) {
    if (column == null
        || column.isEmpty()
        || type == null
        || type.isBlank()
        || type.contains(";")) {
      throw new IllegalArgumentException("add needs a column and its CQL type");
    }
    added.put(column, type.trim());
    return this;
  }

  /** Drops a regular column. */
  public AlterTableSpec drop(String column) {
    if (column == null || column.isEmpty()) {
      throw new IllegalArgumentException("drop needs a column");
    }
    dropped.add(column);
    return this;
  }

  /** Sets a table option (see {@link TableSpec#option}). */
  public AlterTableSpec option(String option, Object value) {
    options.put(CqlLiterals.optionName(option), value);
    return this;
  }

  public String keyspace() {
    return keyspace;
  }

  public String name() {
    return name;
  }

  /** The statements, in the order they run; none when nothing changes. */
  public List<String> cql() {
    String table = "ALTER TABLE " + CqlIdentifiers.cql(keyspace) + "." + CqlIdentifiers.cql(name);
    List<String> statements = new ArrayList<>();
    if (!added.isEmpty()) {
      List<String> columns = new ArrayList<>();
      added.forEach((column, type) -> columns.add(CqlIdentifiers.cql(column) + " " + type));
      statements.add(table + " ADD " + wrap(columns));
    }
    if (!dropped.isEmpty()) {
      statements.add(table + " DROP " + wrap(dropped.stream().map(CqlIdentifiers::cql).toList()));
    }
    if (!options.isEmpty()) {
      statements.add(table + CqlLiterals.options(options, " WITH "));
    }
    return statements;
  }

  /** One item bare, several in parentheses (Cassandra 5 and ScyllaDB read both). */
  private static String wrap(List<String> items) {
    return items.size() == 1 ? items.get(0) : "(" + String.join(", ", items) + ")";
  }
}
