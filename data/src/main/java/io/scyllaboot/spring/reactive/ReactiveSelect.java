package io.scyllaboot.spring.reactive;

import io.scyllaboot.spring.core.FluentProjection;
import io.scyllaboot.spring.core.query.Criteria;
import io.scyllaboot.spring.core.query.Query;
import java.util.Objects;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.IncorrectResultSizeDataAccessException;
import org.springframework.data.domain.Slice;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * A fluent reactive read of one entity type: {@code query(Person.class).matching(query).all()}.
 * Immutable; without {@link #matching} it reads every row; {@link #inTable} reads another table of
 * the entity's shape, {@link #as} emits a projection of each entity.
 *
 * @param <T> the result type: the entity type, or the projection {@link #as} names
 */
public final class ReactiveSelect<T> {
  private final ReactiveScyllaTemplate template;
  private final Class<?> domainType;
  private final Class<T> resultType;
  private final Query query;
  private final @Nullable String table;

  ReactiveSelect(
      ReactiveScyllaTemplate template,
      Class<?> domainType,
      Class<T> resultType,
      Query query,
      @Nullable String table) {
    this.template = template;
    this.domainType = Objects.requireNonNull(domainType, "domainType");
    this.resultType = Objects.requireNonNull(resultType, "resultType");
    this.query = query;
    this.table = table;
  }

  /** The rows this query matches. */
  public ReactiveSelect<T> matching(Query matching) {
    return new ReactiveSelect<>(
        template, domainType, resultType, Objects.requireNonNull(matching, "query"), table);
  }

  /** The rows that match every one of these criteria. */
  public ReactiveSelect<T> matching(Criteria... criteria) {
    return matching(Query.query(criteria));
  }

  /**
   * Reads this table, of the entity's columns, instead of the entity's own (a CQL name, {@code
   * keyspace.table} allowed).
   */
  public ReactiveSelect<T> inTable(String tableName) {
    Objects.requireNonNull(tableName, "tableName");
    return new ReactiveSelect<>(template, domainType, resultType, query, tableName);
  }

  /**
   * Emits each entity as this type: an interface projection (a proxy) or a DTO class whose
   * constructor takes entity properties by name; see {@link FluentProjection}.
   */
  public <R> ReactiveSelect<R> as(Class<R> projection) {
    Objects.requireNonNull(projection, "resultType");
    return new ReactiveSelect<>(template, domainType, projection, query, table);
  }

  private Function<Object, T> project() {
    return FluentProjection.of(domainType, resultType, template.getConverter());
  }

  /** Every matching row, page by page on demand. */
  public Flux<T> all() {
    return template.queries(table).select(query, domainType).map(project());
  }

  /**
   * The only matching row, or empty when none matches; signals {@link
   * IncorrectResultSizeDataAccessException} if several match.
   */
  public Mono<T> one() {
    // Two rows tell "one" from "several" without reading more.
    Query atMostTwo = query.getLimit() == 0 || query.getLimit() > 2 ? query.limit(2) : query;
    return template
        .queries(table)
        .select(atMostTwo, domainType)
        .collectList()
        .flatMap(
            rows ->
                rows.size() > 1
                    ? Mono.error(
                        new IncorrectResultSizeDataAccessException(
                            "expected at most 1 "
                                + domainType.getSimpleName()
                                + " for "
                                + query
                                + " but found more",
                            1))
                    : Mono.justOrEmpty(rows.isEmpty() ? null : project().apply(rows.get(0))));
  }

  /** The first matching row, or empty. */
  public Mono<T> first() {
    return template
        .queries(table)
        .select(query.getLimit() == 0 ? query.limit(1) : query, domainType)
        .next()
        .map(project());
  }

  /** One page of the matching rows; see {@link ReactiveScyllaQueryOperations#slice}. */
  public Mono<Slice<T>> slice() {
    Function<Object, T> project = project();
    return template.queries(table).slice(query, domainType).map(page -> page.map(project));
  }

  /** How many rows match. */
  public Mono<Long> count() {
    return template.queries(table).count(query, domainType);
  }

  /** Whether a row matches. */
  public Mono<Boolean> exists() {
    return template.queries(table).exists(query, domainType);
  }
}
