package io.scyllaboot.spring.core;

import org.springframework.dao.DataAccessException;

/**
 * Entity writes collected into one BATCH (LOGGED by default: atomic). Run it once with {@link
 * #execute()}. Before-convert callbacks (auditing) apply to each entity. As in Spring Data
 * Cassandra's batches, a {@code @Version}ed entity is written as it is, without a condition and
 * without changing its version: a conditional batch must stay on one partition of one table, which
 * a batch migrated from Spring Data Cassandra need not. {@link #withVersionChecks()} writes them as
 * the template does instead: insert {@code IF NOT EXISTS} with its first version, update and delete
 * {@code IF version = ?} (an update increments it); the batch is then conditional, applied whole or
 * not at all, and when a condition fails {@link #execute()} throws {@link
 * org.springframework.dao.OptimisticLockingFailureException} and mutable entities keep their
 * versions.
 */
public interface ScyllaBatchOperations {

  /** Adds inserts of these entities (null properties left unset). */
  ScyllaBatchOperations insert(Object... entities);

  /** Adds inserts of these entities (a list is its entities, not one entity). */
  ScyllaBatchOperations insert(Iterable<?> entities);

  /** Adds inserts of these entities with options (TTL; only the TTL and nulls apply per entity). */
  ScyllaBatchOperations insert(Iterable<?> entities, InsertOptions options);

  /** Adds updates of these entities. */
  ScyllaBatchOperations update(Object... entities);

  /** Adds updates of these entities (a list is its entities, not one entity). */
  ScyllaBatchOperations update(Iterable<?> entities);

  /** Adds updates of these entities with options (TTL; only the TTL applies per entity). */
  ScyllaBatchOperations update(Iterable<?> entities, UpdateOptions options);

  /** Adds deletes of these entities. */
  ScyllaBatchOperations delete(Object... entities);

  /** Adds deletes of these entities (a list is its entities, not one entity). */
  ScyllaBatchOperations delete(Iterable<?> entities);

  /**
   * Writes the {@code @Version}ed entities added from now on with their version conditions, as the
   * template's single writes do (see the type's description); call it before adding them.
   */
  ScyllaBatchOperations withVersionChecks();

  /** The write timestamp of the whole batch, in microseconds since the epoch. */
  ScyllaBatchOperations withTimestamp(long micros);

  /**
   * Executes the batch.
   *
   * @throws IllegalStateException if it was executed already
   */
  WriteResult execute() throws DataAccessException;
}
