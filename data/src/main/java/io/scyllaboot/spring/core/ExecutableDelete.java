package io.scyllaboot.spring.core;

import io.scyllaboot.spring.core.query.Criteria;
import io.scyllaboot.spring.core.query.Query;
import java.util.Objects;

/**
 * A fluent delete from one entity type's table: {@code delete(Person.class).matching(query).all()}.
 * Immutable; {@link #matching} is required.
 *
 * @param <T> the entity type
 */
public final class ExecutableDelete<T> {
  private final ScyllaQueryOperations operations;
  private final Class<T> type;
  private final Query query;
  private final DeleteOptions options;

  ExecutableDelete(
      ScyllaQueryOperations operations, Class<T> type, Query query, DeleteOptions options) {
    this.operations = operations;
    this.type = Objects.requireNonNull(type, "domainType");
    this.query = query;
    this.options = options;
  }

  /** The rows (or, with the query's columns, the columns of them) to delete. */
  public ExecutableDelete<T> matching(Query matching) {
    return new ExecutableDelete<>(
        operations, type, Objects.requireNonNull(matching, "query"), options);
  }

  /** The rows that match every one of these criteria. */
  public ExecutableDelete<T> matching(Criteria... criteria) {
    return matching(Query.query(criteria));
  }

  /** Deletes with these options (timestamp, {@code IF EXISTS}, consistency...). */
  public ExecutableDelete<T> withOptions(DeleteOptions deleteOptions) {
    return new ExecutableDelete<>(
        operations, type, query, Objects.requireNonNull(deleteOptions, "options"));
  }

  /**
   * Deletes every matching row.
   *
   * @throws IllegalArgumentException without {@link #matching} criteria
   */
  public WriteResult all() {
    return operations.delete(query, type, options);
  }
}
