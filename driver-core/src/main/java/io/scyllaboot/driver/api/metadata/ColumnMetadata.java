package io.scyllaboot.driver.api.metadata;

/** A column of a table. */
public interface ColumnMetadata {

  String name();

  /** Its CQL type as the server writes it, e.g. {@code text} or {@code frozen<list<int>>}. */
  String type();

  Kind kind();

  /** Its position in the partition key or among the clustering columns; -1 for the others. */
  int position();

  /** The clustering order of a clustering column; {@link ClusteringOrder#NONE} for the others. */
  ClusteringOrder clusteringOrder();

  /** The role of a column in its table. */
  enum Kind {
    PARTITION_KEY,
    CLUSTERING,
    REGULAR,
    STATIC
  }

  /** The order of a clustering column. */
  enum ClusteringOrder {
    ASC,
    DESC,
    NONE
  }
}
