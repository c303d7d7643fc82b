package io.scyllaboot.spring.reactive;

import io.scyllaboot.spring.core.EntityWriteResult;
import io.scyllaboot.spring.core.InsertOptions;
import java.util.Objects;
import reactor.core.publisher.Mono;

/**
 * A fluent reactive insert of one entity type: {@code
 * insert(Person.class).withOptions(options).one(ada)}. Immutable.
 *
 * @param <T> the entity type
 */
public final class ReactiveInsert<T> {
  private final ReactiveScyllaOperations operations;
  private final Class<T> type;
  private final InsertOptions options;

  ReactiveInsert(ReactiveScyllaOperations operations, Class<T> type, InsertOptions options) {
    this.operations = operations;
    this.type = Objects.requireNonNull(type, "domainType");
    this.options = options;
  }

  /** Inserts with these options (TTL, timestamp, {@code IF NOT EXISTS}, consistency...). */
  public ReactiveInsert<T> withOptions(InsertOptions insertOptions) {
    return new ReactiveInsert<>(operations, type, Objects.requireNonNull(insertOptions, "options"));
  }

  /**
   * Inserts one entity; a failed {@code IF NOT EXISTS} is not applied. Signals {@link
   * IllegalArgumentException} if the entity is not of the domain type.
   */
  public Mono<EntityWriteResult<T>> one(T entity) {
    Objects.requireNonNull(entity, "entity");
    if (!type.isInstance(entity)) {
      return Mono.error(
          new IllegalArgumentException(
              "insert(" + type.getName() + ") got a " + entity.getClass().getName()));
    }
    return operations.insert(entity, options);
  }
}
