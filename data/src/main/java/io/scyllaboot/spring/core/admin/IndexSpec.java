package io.scyllaboot.spring.core.admin;

import io.scyllaboot.spring.mapping.CqlIdentifiers;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * An index to create on a column: a secondary index, or a custom one such as a storage-attached
 * index ({@link #sai()}, Cassandra 5) with its options. On a collection it indexes the values (the
 * server's default), or the {@link #keys()}, {@link #entries()} of a map, or a frozen collection
 * {@link #full() whole}. Without {@link #named(String) a name} the server names it {@code
 * <table>_<column>_idx}. Not thread-safe; build one per statement.
 *
 * <pre>{@code
 * admin.createIndex(IndexSpec.on("shop", "products", "name").sai().option("case_sensitive", "false"));
 * admin.createIndex(IndexSpec.on("shop", "products", "attributes").keys().named("attribute_keys"));
 * }</pre>
 */
public final class IndexSpec {
  /** What of a column the index holds. */
  public enum Target {
    /** The column's value, or a collection's values (the server's default). */
    COLUMN(""),
    /** The keys of a map. */
    KEYS("KEYS"),
    /** The values of a collection, said explicitly. */
    VALUES("VALUES"),
    /** The key-value pairs of a map. */
    ENTRIES("ENTRIES"),
    /** A frozen collection as a whole. */
    FULL("FULL");

    private final String function;

    Target(String function) {
      this.function = function;
    }
  }

  /** The class Cassandra 5 runs storage-attached indexes with. */
  public static final String STORAGE_ATTACHED_INDEX = "StorageAttachedIndex";

  private final String keyspace;
  private final String table;
  private final String column;
  private @Nullable String name;
  private Target target = Target.COLUMN;
  private @Nullable String using;
  private final Map<String, String> options = new LinkedHashMap<>();
  private boolean ifNotExists = true;

  private IndexSpec(String keyspace, String table, String column) {
    this.keyspace = CqlLiterals.requireName(keyspace, "an index needs its table's keyspace");
    this.table = CqlLiterals.requireName(table, "an index needs a table");
    this.column = CqlLiterals.requireName(column, "an index on " + table + " needs a column");
  }

  /** An index on a column of a table (names as the server stores them). */
  public static IndexSpec on(String keyspace, String table, String column) {
    return new IndexSpec(keyspace, table, column);
  }

  /** The index's name (letters, digits and underscores: the server accepts no other). */
  public IndexSpec named(String index) {
    CqlLiterals.requireName(index, "an index name must not be empty");
    if (!index.chars().allMatch(c -> Character.isLetterOrDigit(c) || c == '_')) {
      throw new IllegalArgumentException(
          "not an index name: '" + index + "' (letters, digits and underscores only)");
    }
    this.name = index;
    return this;
  }

  /** Indexes the keys of a map. */
  public IndexSpec keys() {
    return target(Target.KEYS);
  }

  /** Indexes the values of a collection. */
  public IndexSpec values() {
    return target(Target.VALUES);
  }

  /** Indexes the entries of a map. */
  public IndexSpec entries() {
    return target(Target.ENTRIES);
  }

  /** Indexes a frozen collection as a whole. */
  public IndexSpec full() {
    return target(Target.FULL);
  }

  public IndexSpec target(Target target) {
    this.target = target;
    return this;
  }

  /** A storage-attached index ({@code USING 'StorageAttachedIndex'}, Cassandra 5). */
  public IndexSpec sai() {
    return using(STORAGE_ATTACHED_INDEX);
  }

  /** A custom index of this class ({@code CREATE CUSTOM INDEX ... USING 'class'}). */
  public IndexSpec using(String indexClass) {
    this.using = CqlLiterals.requireName(indexClass, "a custom index needs its class");
    return this;
  }

  /**
   * An option of a custom index, e.g. {@code case_sensitive} = {@code false} or {@code
   * similarity_function} = {@code dot_product} on an SAI index; written as text.
   */
  public IndexSpec option(String option, String value) {
    CqlLiterals.requireName(option, "an index option needs a name");
    options.put(option, value);
    return this;
  }

  /** Whether {@code CREATE} adds {@code IF NOT EXISTS}; default true. */
  public IndexSpec ifNotExists(boolean ifNotExists) {
    this.ifNotExists = ifNotExists;
    return this;
  }

  public String keyspace() {
    return keyspace;
  }

  public String table() {
    return table;
  }

  /** The {@code CREATE INDEX} statement. */
  public String createCql() {
    if (using == null && !options.isEmpty()) {
      throw new IllegalStateException(
          "the index on "
              + table
              + "."
              + column
              + " has options "
              + options.keySet()
              + " but no index class: options are for custom indexes (sai() or using(...))");
    }
    String indexed =
        target == Target.COLUMN
            ? CqlIdentifiers.cql(column)
            : target.function + "(" + CqlIdentifiers.cql(column) + ")";
    StringBuilder cql =
        new StringBuilder("CREATE ")
            .append(using == null ? "" : "CUSTOM ")
            .append("INDEX ")
            .append(ifNotExists ? "IF NOT EXISTS " : "")
            .append(name == null ? "" : CqlIdentifiers.cql(name) + " ")
            .append("ON ")
            .append(CqlLiterals.qualified(keyspace, table))
            .append(" (")
            .append(indexed)
            .append(')');
    if (using != null) {
      cql.append(" USING ").append(CqlLiterals.text(using));
    }
    if (!options.isEmpty()) {
      cql.append(" WITH OPTIONS = ")
          .append(
              options.entrySet().stream()
                  .map(o -> CqlLiterals.text(o.getKey()) + ": " + CqlLiterals.text(o.getValue()))
                  .collect(Collectors.joining(", ", "{", "}")));
    }
    return cql.toString();
  }
}
