package io.scyllaboot.driver.api.metadata;

import java.util.Map;
import java.util.Optional;

/**
 * The schema as the server described it when it was read: keyspaces, their tables, views, types,
 * columns and indexes. An immutable snapshot; names are as the server stores them (unquoted, case
 * kept). When the session is limited to some keyspaces ({@code withSchemaKeyspaces}), only those
 * are here.
 */
public interface SchemaMetadata {

  /**
   * Every keyspace read (by default every keyspace but the system ones, as with the DataStax
   * driver; see {@code CqlSessionBuilder.withSchemaKeyspaces}), by name, in the order the server
   * lists them (its token order of the names: the same on every run), as the DataStax driver's.
   */
  Map<String, KeyspaceMetadata> keyspaces();

  default Optional<KeyspaceMetadata> keyspace(String name) {
    return Optional.ofNullable(keyspaces().get(name));
  }

  default Optional<TableMetadata> table(String keyspace, String table) {
    return keyspace(keyspace).flatMap(found -> found.table(table));
  }

  default Optional<ViewMetadata> view(String keyspace, String view) {
    return keyspace(keyspace).flatMap(found -> found.view(view));
  }

  default Optional<UserTypeMetadata> userType(String keyspace, String type) {
    return keyspace(keyspace).flatMap(found -> found.userType(type));
  }
}
