package io.scyllaboot.spring.reactive;

import io.scyllaboot.spring.core.EntityWriteResult;
import io.scyllaboot.spring.core.InsertOptions;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;

/**
 * A fluent reactive insert of one entity type: {@code
 * insert(Person.class).withOptions(options).one(ada)}. Immutable; {@link #inTable} writes another
 * table of the entity's shape.
 *
 * @param <T> the entity type
 */
public final class ReactiveInsert<T> {
  private final ReactiveScyllaTemplate template;
  private final Class<T> type;
  private final InsertOptions options;
  private final @Nullable String table;

  ReactiveInsert(
      ReactiveScyllaTemplate template,
      Class<T> type,
      InsertOptions options,
      @Nullable String table) {
    this.template = template;
    this.type = Objects.requireNonNull(type, "domainType");
    this.options = options;
    this.table = table;
  }

  /** Inserts with these options (TTL, timestamp, {@code IF NOT EXISTS}, consistency...). */
  public ReactiveInsert<T> withOptions(InsertOptions insertOptions) {
    return new ReactiveInsert<>(
        template, type, Objects.requireNonNull(insertOptions, "options"), table);
  }

  /**
   * Inserts into this table, of the entity's columns, instead of the entity's own (a CQL name,
   * {@code keyspace.table} allowed).
   */
  public ReactiveInsert<T> inTable(String tableName) {
    return new ReactiveInsert<>(
        template, type, options, Objects.requireNonNull(tableName, "tableName"));
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
    return template.insert(entity, options, table);
  }
}
