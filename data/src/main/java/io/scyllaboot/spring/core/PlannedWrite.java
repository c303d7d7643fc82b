package io.scyllaboot.spring.core;

import io.scyllaboot.driver.api.cql.AsyncResultSet;
import io.scyllaboot.driver.api.cql.BoundStatement;
import io.scyllaboot.driver.api.cql.PreparedStatement;
import org.springframework.dao.OptimisticLockingFailureException;

/**
 * One entity write made by {@link EntityWriteSupport}: its CQL, the values to bind, and how to read
 * its outcome. Not meant for applications.
 *
 * @param <T> the entity type
 */
public final class PlannedWrite<T> {
  private final EntityWrites.Write<T> write;

  PlannedWrite(EntityWrites.Write<T> write) {
    this.write = write;
  }

  public String cql() {
    return write.cql();
  }

  /** The entity to write: for a versioned one, carrying its new version. */
  public T entity() {
    return write.entity();
  }

  /** Whether it is an insert or update (save callbacks and events), else a delete. */
  public boolean isSave() {
    return write.save();
  }

  public String tableName() {
    return write.statements().entity().getTableName();
  }

  public Class<T> entityType() {
    return write.statements().entity().getType();
  }

  /** The statement, bound with the write's values and options. */
  public BoundStatement bind(PreparedStatement prepared) {
    return EntityWrites.bound(write, prepared);
  }

  /**
   * The outcome of the executed statement, read from its only page (which this closes).
   *
   * @param entity the entity as the before-save callbacks returned it
   * @throws OptimisticLockingFailureException when the version condition failed; the entity's
   *     version is put back first
   */
  public EntityWriteResult<T> result(T entity, AsyncResultSet page) {
    try {
      return EntityWrites.checked(
          write, entity, page.wasApplied(), ScyllaTemplate.rows(page), page.executionInfo());
    } finally {
      page.close();
    }
  }

  /** Puts back the version of a mutable entity after a failed write (a stale copy stays stale). */
  public void undo() {
    write.undo().run();
  }
}
