package io.scyllaboot.spring.reactive;

import io.scyllaboot.spring.core.query.Criteria;
import io.scyllaboot.spring.core.query.Query;
import java.util.Objects;
import org.springframework.dao.IncorrectResultSizeDataAccessException;
import org.springframework.data.domain.Slice;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * A fluent reactive read of one entity type: {@code query(Person.class).matching(query).all()}.
 * Immutable; without {@link #matching} it reads every row.
 *
 * @param <T> the entity type
 */
public final class ReactiveSelect<T> {
  private final ReactiveScyllaQueryOperations operations;
  private final Class<T> type;
  private final Query query;

  ReactiveSelect(ReactiveScyllaQueryOperations operations, Class<T> type, Query query) {
    this.operations = operations;
    this.type = Objects.requireNonNull(type, "domainType");
    this.query = query;
  }

  /** The rows this query matches. */
  public ReactiveSelect<T> matching(Query matching) {
    return new ReactiveSelect<>(operations, type, Objects.requireNonNull(matching, "query"));
  }

  /** The rows that match every one of these criteria. */
  public ReactiveSelect<T> matching(Criteria... criteria) {
    return matching(Query.query(criteria));
  }

  /** Every matching row, page by page on demand. */
  public Flux<T> all() {
    return operations.select(query, type);
  }

  /**
   * The only matching row, or empty when none matches; signals {@link
   * IncorrectResultSizeDataAccessException} if several match.
   */
  public Mono<T> one() {
    // Two rows tell "one" from "several" without reading more.
    Query atMostTwo = query.getLimit() == 0 || query.getLimit() > 2 ? query.limit(2) : query;
    return operations
        .select(atMostTwo, type)
        .collectList()
        .flatMap(
            rows ->
                rows.size() > 1
                    ? Mono.error(
                        new IncorrectResultSizeDataAccessException(
                            "expected at most 1 "
                                + type.getSimpleName()
                                + " for "
                                + query
                                + " but found more",
                            1))
                    : Mono.justOrEmpty(rows.isEmpty() ? null : rows.get(0)));
  }

  /** The first matching row, or empty. */
  public Mono<T> first() {
    return operations.selectOne(query.getLimit() == 0 ? query.limit(1) : query, type);
  }

  /** One page of the matching rows; see {@link ReactiveScyllaQueryOperations#slice}. */
  public Mono<Slice<T>> slice() {
    return operations.slice(query, type);
  }

  /** How many rows match. */
  public Mono<Long> count() {
    return operations.count(query, type);
  }

  /** Whether a row matches. */
  public Mono<Boolean> exists() {
    return operations.exists(query, type);
  }
}
