package io.scyllaboot.spring.core;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A fluent insert of one entity type: {@code insert(Person.class).withOptions(options).one(ada)}.
 * Immutable; {@link #inTable} writes another table of the entity's shape.
 *
 * @param <T> the entity type
 */
public final class ExecutableInsert<T> {
  private final ScyllaTemplate template;
  private final Class<T> type;
  private final InsertOptions options;
  private final @Nullable String table;

  ExecutableInsert(
      ScyllaTemplate template, Class<T> type, InsertOptions options, @Nullable String table) {
    this.template = template;
    this.type = Objects.requireNonNull(type, "domainType");
    this.options = options;
    this.table = table;
  }

  /** Inserts with these options (TTL, timestamp, {@code IF NOT EXISTS}, consistency...). */
  public ExecutableInsert<T> withOptions(InsertOptions insertOptions) {
    return new ExecutableInsert<>(
        template, type, Objects.requireNonNull(insertOptions, "options"), table);
  }

  /**
   * Inserts into this table, of the entity's columns, instead of the entity's own (a CQL name,
   * {@code keyspace.table} allowed).
   */
  public ExecutableInsert<T> inTable(String tableName) {
    return new ExecutableInsert<>(
        template, type, options, Objects.requireNonNull(tableName, "tableName"));
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
    return template.insert(entity, options, table);
  }
}
