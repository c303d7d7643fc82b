package io.scyllaboot.spring.core.admin;

import io.scyllaboot.driver.api.metadata.KeyspaceMetadata;
import io.scyllaboot.driver.api.metadata.TableMetadata;
import java.util.Collection;
import java.util.Map;
import java.util.Optional;

/**
 * Schema administration for applications and tests, as Spring Data Cassandra's {@code
 * CassandraAdminOperations} offers it: keyspace and table metadata as the server describes it (the
 * driver's schema metadata), create, alter and drop of keyspaces, tables, user-defined types and
 * indexes from specifications, and tables from entity classes by the mapping rules of schema
 * creation. Each change waits for schema agreement, and the metadata read right after it has the
 * change. Errors are Spring's {@code DataAccessException}s ({@code
 * ScyllaSchemaElementExistsException} for an existing object created without {@code IF NOT EXISTS};
 * {@code InvalidDataAccessApiUsageException} naming the class for an entity class that maps to no
 * table); a specification with a missing name or type is refused when built ({@code
 * IllegalArgumentException}).
 *
 * <p>An entity's table lives in its {@code @Table(keyspace)}, else in the session's keyspace.
 */
public interface ScyllaAdminOperations {

  /** The keyspace as the server describes it, or empty when there is none of that name. */
  Optional<KeyspaceMetadata> getKeyspaceMetadata(String keyspace);

  /**
   * The keyspace the session was opened in, as Spring Data Cassandra's no-argument {@code
   * getKeyspaceMetadata()} returns it.
   *
   * @throws IllegalStateException when the session has no keyspace or the server none of its name
   */
  KeyspaceMetadata getKeyspaceMetadata();

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

  /**
   * Creates the table of an entity class, as schema creation does: the user-defined types it needs
   * (if they do not exist), the table (keys, clustering order, static columns, table options,
   * frozen, UDT, tuple and vector types) and the indexes of its {@code Indexed} and {@code
   * SaiIndexed} columns (if they do not exist).
   *
   * @param ifNotExists whether an existing table is fine (else {@code
   *     ScyllaSchemaElementExistsException})
   */
  default void createTable(boolean ifNotExists, Class<?> entityClass) {
    createTable(ifNotExists, entityClass, Map.of());
  }

  /**
   * {@link #createTable(boolean, Class)} with table options (see {@link TableSpec#option}); one
   * that the class's {@code TableOptions} also sets is the one given here.
   */
  void createTable(boolean ifNotExists, Class<?> entityClass, Map<String, Object> options);

  /**
   * {@link #createTable(boolean, Class, Map)} under another table name (as the server stores it),
   * in the entity's keyspace; indexes without a declared name are named after this table.
   */
  void createTable(
      boolean ifNotExists, String table, Class<?> entityClass, Map<String, Object> options);

  /**
   * Creates the user-defined types an entity class needs when they do not exist, the inner ones
   * first: those of a table's columns, or a user-defined type class with its fields' types (in the
   * session's keyspace).
   */
  void createUserTypes(Class<?> entityClass);

  /** Drops the table of an entity class; nothing happens when it does not exist. */
  void dropTable(Class<?> entityClass);

  /** The table of an entity class as the server describes it, or empty when there is none. */
  Optional<TableMetadata> getTableMetadata(Class<?> entityClass);

  void createUserType(UserTypeSpec type);

  void alterUserType(AlterUserTypeSpec changes);

  /**
   * Drops a user-defined type; nothing happens when it does not exist. The server refuses to drop a
   * type that a table or another type uses.
   */
  void dropUserType(String keyspace, String type);

  void createIndex(IndexSpec index);

  /** Drops an index; nothing happens when it does not exist. */
  void dropIndex(String keyspace, String index);
}
