package io.scyllaboot.driver.api.metadata;

import java.util.Map;
import org.jspecify.annotations.Nullable;

/** A secondary index of a table. */
public interface IndexMetadata {

  String name();

  /** {@code COMPOSITES} or {@code KEYS} (built-in indexes) or {@code CUSTOM} (SAI, SASI...). */
  String kind();

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

  /** The index options, {@code target} and {@code class_name} included. */
  Map<String, String> options();

  /** Whether it is a storage-attached index (SAI, Cassandra 5). */
  default boolean isStorageAttached() {
    String type = className();
    return type != null && (type.endsWith("StorageAttachedIndex") || type.equalsIgnoreCase("sai"));
  }

  /** Whether it is a SASI index (Cassandra's SSTable-attached index, which can serve LIKE). */
  default boolean isSasi() {
    String type = className();
    return type != null && type.endsWith("SASIIndex");
  }
}
