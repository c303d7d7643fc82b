package io.scyllaboot.driver.api.metadata;

import java.util.Map;
import java.util.Optional;

/**
 * The schema as the server described it when it was read: keyspaces, their tables, columns and
 * indexes. An immutable snapshot; names are as the server stores them (unquoted, case kept).
 */
public interface SchemaMetadata {

  /** Every keyspace, system keyspaces included, by name. */
  Map<String, KeyspaceMetadata> keyspaces();

  default Optional<KeyspaceMetadata> keyspace(String name) {
    return Optional.ofNullable(keyspaces().get(name));
  }

  default Optional<TableMetadata> table(String keyspace, String table) {
    return keyspace(keyspace).flatMap(found -> found.table(table));
  }
}
