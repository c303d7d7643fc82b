package io.scyllaboot.spring.core.mapping.event;

import org.reactivestreams.Publisher;
import org.springframework.data.mapping.callback.EntityCallback;

/**
 * The reactive {@link BeforeConvertCallback}, run by the reactive template and repositories before
 * an entity is converted to column values for an insert or update (reactive auditing sets its dates
 * here). Runs off the driver's I/O threads.
 *
 * @param <T> the entity type
 */
@FunctionalInterface
public interface ReactiveBeforeConvertCallback<T> extends EntityCallback<T> {

  /**
   * @param entity the entity about to be written
   * @param tableName the table it is written to
   * @return a publisher of the entity to write (this one or another instance)
   */
  Publisher<T> onBeforeConvert(T entity, String tableName);
}
