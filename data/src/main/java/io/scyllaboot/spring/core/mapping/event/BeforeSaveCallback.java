package io.scyllaboot.spring.core.mapping.event;

import io.scyllaboot.driver.api.cql.Statement;
import org.springframework.data.mapping.callback.EntityCallback;

/**
 * Called after an entity was converted, just before its statement executes. Changes to the entity
 * here no longer reach the statement; the returned entity is what the write returns.
 *
 * @param <T> the entity type
 */
@FunctionalInterface
public interface BeforeSaveCallback<T> extends EntityCallback<T> {

  /**
   * @param entity the entity being written
   * @param tableName its table
   * @param statement the statement about to execute
   * @return the entity the write returns
   */
  T onBeforeSave(T entity, String tableName, Statement<?> statement);
}
