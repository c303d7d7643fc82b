package io.scyllaboot.driver.api.metadata;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * A table (or a materialized view, {@link ViewMetadata}): columns, primary key, indexes, options.
 */
public interface TableMetadata {

  String keyspace();

  String name();

  /** The table's id as the server assigned it, or null if the server did not say. */
  @Nullable UUID id();

  /** Every column: the partition key, the clustering columns (both in key order), the others. */
  List<ColumnMetadata> columns();

  default Optional<ColumnMetadata> column(String name) {
    return columns().stream().filter(column -> column.name().equals(name)).findFirst();
  }

  default List<ColumnMetadata> partitionKey() {
    return columns().stream()
        .filter(column -> column.kind() == ColumnMetadata.Kind.PARTITION_KEY)
        .toList();
  }

  default List<ColumnMetadata> clusteringColumns() {
    return columns().stream()
        .filter(column -> column.kind() == ColumnMetadata.Kind.CLUSTERING)
        .toList();
  }

  /** Its secondary indexes (legacy, SAI, vector, SASI and other custom ones). */
  List<IndexMetadata> indexes();

  /** The indexes whose target is this column, e.g. {@code email} or {@code values(tags)}. */
  default List<IndexMetadata> indexesOn(String column) {
    return indexes().stream().filter(index -> column.equals(index.column())).toList();
  }

  /**
   * The table options as the server stores them in {@code system_schema}, by option name: {@code
   * comment} and {@code default_time_to_live} as text and number, {@code compaction}, {@code
   * compression} and {@code caching} as maps of text, and so on. Which options exist depends on the
   * server (Cassandra and ScyllaDB differ).
   */
  Map<String, Object> options();

  /** The {@code comment} option; empty when none was set. */
  default String comment() {
    return options().get("comment") instanceof String comment ? comment : "";
  }

  /** The {@code default_time_to_live} option in seconds; 0 when none. */
  default int defaultTimeToLive() {
    return options().get("default_time_to_live") instanceof Integer ttl ? ttl : 0;
  }

  /** The {@code compaction} option: {@code class} and the strategy's own settings. */
  @SuppressWarnings("unchecked")
  default Map<String, String> compaction() {
    return options().get("compaction") instanceof Map<?, ?> map
        ? (Map<String, String>) map
        : Map.of();
  }
}
