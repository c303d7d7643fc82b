package io.scyllaboot.spring.core.admin;

import io.scyllaboot.driver.api.metadata.KeyspaceMetadata;
import io.scyllaboot.driver.api.metadata.TableMetadata;
import java.util.Collection;
import java.util.Optional;

/**
 * Schema administration for applications and tests, as Spring Data Cassandra's {@code
 * CassandraAdminOperations} offers it: keyspace and table metadata as the server describes it (the
 * driver's schema metadata), and create, alter and drop of keyspaces and tables. Each change waits
 * for schema agreement, and the metadata read right after it has the change. Errors are Spring's
 * {@code DataAccessException}s ({@code ScyllaSchemaElementExistsException} for an existing object
 * created without {@code IF NOT EXISTS}).
 */
public interface ScyllaAdminOperations {

  /** The keyspace as the server describes it, or empty when there is none of that name. */
  Optional<KeyspaceMetadata> getKeyspaceMetadata(String keyspace);

  /** The table as the server describes it, or empty when there is none. */
  Optional<TableMetadata> getTableMetadata(String keyspace, String table);

  /** The tables of a keyspace (none when it does not exist). */
  Collection<TableMetadata> getTables(String keyspace);

  void createKeyspace(KeyspaceSpec keyspace);

  /** Changes a keyspace's replication and durable writes to those of the specification. */
  void alterKeyspace(KeyspaceSpec keyspace);

  /** Drops a keyspace and everything in it; nothing happens when it does not exist. */
  void dropKeyspace(String keyspace);

  void createTable(TableSpec table);

  void alterTable(AlterTableSpec changes);

  /** Drops a table; nothing happens when it does not exist. */
  void dropTable(String keyspace, String table);
}
