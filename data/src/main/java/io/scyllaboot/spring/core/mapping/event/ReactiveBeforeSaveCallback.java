package io.scyllaboot.spring.core.mapping.event;

import io.scyllaboot.driver.api.cql.Statement;
import org.reactivestreams.Publisher;
import org.springframework.data.mapping.callback.EntityCallback;

/**
 * The reactive {@link BeforeSaveCallback}: called after an entity was converted, just before its
 * statement executes; changes to the entity no longer reach the statement. Runs off the driver's
 * I/O threads.
 *
 * @param <T> the entity type
 */
@FunctionalInterface
public interface ReactiveBeforeSaveCallback<T> extends EntityCallback<T> {

  /**
   * @param entity the entity being written
   * @param tableName its table
   * @param statement the statement about to execute
   * @return a publisher of the entity the write emits
   */
  Publisher<T> onBeforeSave(T entity, String tableName, Statement<?> statement);
}
