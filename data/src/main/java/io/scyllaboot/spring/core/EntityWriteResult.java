package io.scyllaboot.spring.core;

import io.scyllaboot.driver.api.cql.ExecutionInfo;
import io.scyllaboot.driver.api.cql.Row;
import java.util.List;

/**
 * The outcome of writing one entity, with the entity as written: for a versioned or audited
 * immutable entity, a new instance carrying the new version or dates.
 *
 * @param <T> the entity type
 */
public final class EntityWriteResult<T> extends WriteResult {
  private final T entity;

  EntityWriteResult(boolean applied, List<Row> rows, ExecutionInfo executionInfo, T entity) {
    super(applied, rows, executionInfo);
    this.entity = entity;
  }

  /** The entity as written (possibly a new instance; see the class comment). */
  public T getEntity() {
    return entity;
  }
}
