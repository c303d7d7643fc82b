package io.scyllaboot.spring.core;

import io.scyllaboot.spring.core.query.Criteria;
import io.scyllaboot.spring.core.query.Query;
import io.scyllaboot.spring.core.query.Update;
import java.util.Objects;

/**
 * A fluent update of one entity type's table: {@code
 * update(Person.class).matching(query).apply(update)}. Immutable; {@link #matching} is required.
 *
 * @param <T> the entity type
 */
public final class ExecutableUpdate<T> {
  private final ScyllaQueryOperations operations;
  private final Class<T> type;
  private final Query query;
  private final UpdateOptions options;

  ExecutableUpdate(
      ScyllaQueryOperations operations, Class<T> type, Query query, UpdateOptions options) {
    this.operations = operations;
    this.type = Objects.requireNonNull(type, "domainType");
    this.query = query;
    this.options = options;
  }

  /** The rows to update (whole primary keys). */
  public ExecutableUpdate<T> matching(Query matching) {
    return new ExecutableUpdate<>(
        operations, type, Objects.requireNonNull(matching, "query"), options);
  }

  /** The rows that match every one of these criteria. */
  public ExecutableUpdate<T> matching(Criteria... criteria) {
    return matching(Query.query(criteria));
  }

  /** Updates with these options (TTL, timestamp, {@code IF EXISTS}, consistency...). */
  public ExecutableUpdate<T> withOptions(UpdateOptions updateOptions) {
    return new ExecutableUpdate<>(
        operations, type, query, Objects.requireNonNull(updateOptions, "options"));
  }

  /**
   * Applies the update.
   *
   * @throws IllegalArgumentException without {@link #matching} criteria
   */
  public WriteResult apply(Update update) {
    return operations.update(query, Objects.requireNonNull(update, "update"), type, options);
  }
}
