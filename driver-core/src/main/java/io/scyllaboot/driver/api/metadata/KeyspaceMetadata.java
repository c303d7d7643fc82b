package io.scyllaboot.driver.api.metadata;

import java.util.Map;
import java.util.Optional;

/** A keyspace and its tables. */
public interface KeyspaceMetadata {

  String name();

  /** Its tables by name (materialized views are not tables here). */
  Map<String, TableMetadata> tables();

  default Optional<TableMetadata> table(String name) {
    return Optional.ofNullable(tables().get(name));
  }
}
