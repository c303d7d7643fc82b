package io.scyllaboot.spring.core.mapping.event;

import org.reactivestreams.Publisher;
import org.springframework.data.mapping.callback.EntityCallback;

/**
 * The reactive {@link AfterConvertCallback}: called after a row was read into an entity by the
 * reactive template or a reactive repository. Runs off the driver's I/O threads.
 *
 * @param <T> the entity type
 */
@FunctionalInterface
public interface ReactiveAfterConvertCallback<T> extends EntityCallback<T> {

  /**
   * @param entity the entity just read
   * @param tableName the table it was read from
   * @return a publisher of the entity to hand to the subscriber
   */
  Publisher<T> onAfterConvert(T entity, String tableName);
}
