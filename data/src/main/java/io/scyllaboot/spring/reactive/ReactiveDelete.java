package io.scyllaboot.spring.reactive;

import io.scyllaboot.spring.core.DeleteOptions;
import io.scyllaboot.spring.core.WriteResult;
import io.scyllaboot.spring.core.query.Criteria;
import io.scyllaboot.spring.core.query.Query;
import java.util.Objects;
import reactor.core.publisher.Mono;

/**
 * A fluent reactive delete from one entity type's table: {@code
 * delete(Person.class).matching(query).all()}. Immutable; {@link #matching} is required.
 *
 * @param <T> the entity type
 */
public final class ReactiveDelete<T> {
  private final ReactiveScyllaQueryOperations operations;
  private final Class<T> type;
  private final Query query;
  private final DeleteOptions options;

  ReactiveDelete(
      ReactiveScyllaQueryOperations operations, Class<T> type, Query query, DeleteOptions options) {
    this.operations = operations;
    this.type = Objects.requireNonNull(type, "domainType");
    this.query = query;
    this.options = options;
  }

  /** The rows (or, with the query's columns, the columns of them) to delete. */
  public ReactiveDelete<T> matching(Query matching) {
    return new ReactiveDelete<>(
        operations, type, Objects.requireNonNull(matching, "query"), options);
  }

  /** The rows that match every one of these criteria. */
  public ReactiveDelete<T> matching(Criteria... criteria) {
    return matching(Query.query(criteria));
  }

  /** Deletes with these options (timestamp, {@code IF EXISTS}, consistency...). */
  public ReactiveDelete<T> withOptions(DeleteOptions deleteOptions) {
    return new ReactiveDelete<>(
        operations, type, query, Objects.requireNonNull(deleteOptions, "options"));
  }

  /**
   * Deletes every matching row; signals {@link IllegalArgumentException} without {@link #matching}
   * criteria.
   */
  public Mono<WriteResult> all() {
    return operations.delete(query, type, options);
  }
}
