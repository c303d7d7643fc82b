package io.scyllaboot.spring.core;

import java.util.Objects;

/**
 * A fluent insert of one entity type: {@code insert(Person.class).withOptions(options).one(ada)}.
 * Immutable.
 *
 * @param <T> the entity type
 */
public final class ExecutableInsert<T> {
  private final ScyllaOperations operations;
  private final Class<T> type;
  private final InsertOptions options;

  ExecutableInsert(ScyllaOperations operations, Class<T> type, InsertOptions options) {
    this.operations = operations;
    this.type = Objects.requireNonNull(type, "domainType");
    this.options = options;
  }

  /** Inserts with these options (TTL, timestamp, {@code IF NOT EXISTS}, consistency...). */
  public ExecutableInsert<T> withOptions(InsertOptions insertOptions) {
    return new ExecutableInsert<>(
        operations, type, Objects.requireNonNull(insertOptions, "options"));
  }

  /**
   * Inserts one entity; a failed {@code IF NOT EXISTS} is not applied.
   *
   * @throws IllegalArgumentException if the entity is not of the domain type
   */
  public EntityWriteResult<T> one(T entity) {
    if (!type.isInstance(Objects.requireNonNull(entity, "entity"))) {
      throw new IllegalArgumentException(
          "insert(" + type.getName() + ") got a " + entity.getClass().getName());
    }
    return operations.insert(entity, options);
  }
}
