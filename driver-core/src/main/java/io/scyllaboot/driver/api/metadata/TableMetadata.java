package io.scyllaboot.driver.api.metadata;

import java.util.List;
import java.util.Optional;

/** A table: its columns, primary key and secondary indexes. */
public interface TableMetadata {

  String keyspace();

  String name();

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

  /** Its secondary indexes (legacy, SAI, SASI and other custom ones). */
  List<IndexMetadata> indexes();

  /** The indexes whose target is this column, e.g. {@code email} or {@code values(tags)}. */
  default List<IndexMetadata> indexesOn(String column) {
    return indexes().stream().filter(index -> column.equals(index.column())).toList();
  }
}
