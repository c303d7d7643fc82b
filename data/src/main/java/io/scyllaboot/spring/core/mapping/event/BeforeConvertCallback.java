package io.scyllaboot.spring.core.mapping.event;

import org.springframework.data.mapping.callback.EntityCallback;

/**
 * Called before an entity is converted to column values for an insert, update or batch: may modify
 * the entity or return another instance (auditing sets its dates here).
 *
 * @param <T> the entity type
 */
@FunctionalInterface
public interface BeforeConvertCallback<T> extends EntityCallback<T> {

  /**
   * @param entity the entity about to be written
   * @param tableName the table it is written to
   * @return the entity to write (this one or another instance)
   */
  T onBeforeConvert(T entity, String tableName);
}
