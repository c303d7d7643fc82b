package io.scyllaboot.spring.reactive;

import io.scyllaboot.spring.core.UpdateOptions;
import io.scyllaboot.spring.core.WriteResult;
import io.scyllaboot.spring.core.query.Criteria;
import io.scyllaboot.spring.core.query.Query;
import io.scyllaboot.spring.core.query.Update;
import java.util.Objects;
import reactor.core.publisher.Mono;

/**
 * A fluent reactive update of one entity type's table: {@code
 * update(Person.class).matching(query).apply(update)}. Immutable; {@link #matching} is required.
 *
 * @param <T> the entity type
 */
public final class ReactiveUpdate<T> {
  private final ReactiveScyllaQueryOperations operations;
  private final Class<T> type;
  private final Query query;
  private final UpdateOptions options;

  ReactiveUpdate(
      ReactiveScyllaQueryOperations operations, Class<T> type, Query query, UpdateOptions options) {
    this.operations = operations;
    this.type = Objects.requireNonNull(type, "domainType");
    this.query = query;
    this.options = options;
  }

  /** The rows to update (whole primary keys). */
  public ReactiveUpdate<T> matching(Query matching) {
    return new ReactiveUpdate<>(
        operations, type, Objects.requireNonNull(matching, "query"), options);
  }

  /** The rows that match every one of these criteria. */
  public ReactiveUpdate<T> matching(Criteria... criteria) {
    return matching(Query.query(criteria));
  }

  /** Updates with these options (TTL, timestamp, {@code IF EXISTS}, consistency...). */
  public ReactiveUpdate<T> withOptions(UpdateOptions updateOptions) {
    return new ReactiveUpdate<>(
        operations, type, query, Objects.requireNonNull(updateOptions, "options"));
  }

  /**
   * Applies the update; signals {@link IllegalArgumentException} without {@link #matching}
   * criteria.
   */
  public Mono<WriteResult> apply(Update update) {
    return operations.update(query, Objects.requireNonNull(update, "update"), type, options);
  }
}
