package io.scyllaboot.driver.api.metadata;

import java.util.Map;
import org.jspecify.annotations.Nullable;

/** A secondary index of a table. */
public interface IndexMetadata {

  String name();

  /** The indexed table's name. */
  String table();

  /** {@code COMPOSITES} or {@code KEYS} (built-in indexes) or {@code CUSTOM} (SAI, SASI...). */
  String kind();

  /** What serves the index: built-in, storage-attached (SAI), SAI on a vector column, SASI... */
  Type type();

  /** The target as the server writes it: {@code email}, {@code values(tags)}, {@code keys(m)}. */
  String target();

  /** The indexed column: the target without its {@code values(..)}-style function. */
  String column();

  /**
   * What of a collection column is indexed: {@code values}, {@code keys}, {@code entries} or {@code
   * full}; {@code values} for a column that is not a collection (its value).
   */
  String targetKind();

  /** The class of a custom index, or null. */
  @Nullable String className();

  /**
   * The index options, {@code target} and {@code class_name} included (and, for a vector index,
   * e.g. {@code similarity_function}).
   */
  Map<String, String> options();

  /** Whether it is a storage-attached index (SAI, Cassandra 5), on a vector column or not. */
  default boolean isStorageAttached() {
    return type() == Type.SAI || type() == Type.VECTOR;
  }

  /** Whether it is a SASI index (Cassandra's SSTable-attached index, which can serve LIKE). */
  default boolean isSasi() {
    return type() == Type.SASI;
  }

  /** What kind of index serves the queries. */
  enum Type {
    /** The built-in secondary index ({@code CREATE INDEX} without {@code USING}). */
    SECONDARY,
    /** A storage-attached index on a column that is not a vector. */
    SAI,
    /** A storage-attached index on a {@code vector<...>} column: it serves {@code ANN OF}. */
    VECTOR,
    /** Cassandra's SASI index. */
    SASI,
    /** Any other custom index class. */
    CUSTOM
  }
}
