package io.scyllaboot.spring.core.mapping.event;

import org.springframework.data.mapping.callback.EntityCallback;

/**
 * Called after a row was read into an entity: may modify the entity or return another instance.
 *
 * @param <T> the entity type
 */
@FunctionalInterface
public interface AfterConvertCallback<T> extends EntityCallback<T> {

  /**
   * @param entity the entity just read
   * @param tableName the table it was read from
   * @return the entity to hand to the caller
   */
  T onAfterConvert(T entity, String tableName);
}
