package io.scyllaboot.spring.core;

import org.springframework.dao.DataAccessException;

/**
 * Entity writes collected into one BATCH (LOGGED by default: atomic). Run it once with {@link
 * #execute()}. Before-convert callbacks (auditing) apply to each entity. A {@code @Version}ed
 * entity is written as by the template: insert {@code IF NOT EXISTS} with its first version, update
 * and delete {@code IF version = ?} (an update increments it), which makes the batch conditional:
 * the server then requires every statement on one partition of one table, and applies all or
 * nothing; when a condition fails, {@link #execute()} throws {@link
 * org.springframework.dao.OptimisticLockingFailureException} and mutable entities keep their
 * versions.
 */
public interface ScyllaBatchOperations {

  /** Adds inserts of these entities (null properties left unset). */
  ScyllaBatchOperations insert(Object... entities);

  /** Adds inserts of these entities with options (TTL; only the TTL and nulls apply per entity). */
  ScyllaBatchOperations insert(Iterable<?> entities, InsertOptions options);

  /** Adds updates of these entities. */
  ScyllaBatchOperations update(Object... entities);

  /** Adds updates of these entities with options (TTL; only the TTL applies per entity). */
  ScyllaBatchOperations update(Iterable<?> entities, UpdateOptions options);

  /** Adds deletes of these entities. */
  ScyllaBatchOperations delete(Object... entities);

  /** The write timestamp of the whole batch, in microseconds since the epoch. */
  ScyllaBatchOperations withTimestamp(long micros);

  /**
   * Executes the batch.
   *
   * @throws IllegalStateException if it was executed already
   */
  WriteResult execute() throws DataAccessException;
}
