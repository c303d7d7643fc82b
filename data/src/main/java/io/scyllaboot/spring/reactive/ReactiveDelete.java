package io.scyllaboot.spring.reactive;

import io.scyllaboot.spring.core.DeleteOptions;
import io.scyllaboot.spring.core.WriteResult;
import io.scyllaboot.spring.core.query.Criteria;
import io.scyllaboot.spring.core.query.Query;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;

/**
 * A fluent reactive delete from one entity type's table: {@code
 * delete(Person.class).matching(query).all()}. Immutable; {@link #matching} is required; {@link
 * #inTable} writes another table of the entity's shape.
 *
 * @param <T> the entity type
 */
public final class ReactiveDelete<T> {
  private final ReactiveScyllaTemplate template;
  private final Class<T> type;
  private final Query query;
  private final DeleteOptions options;
  private final @Nullable String table;

  ReactiveDelete(
      ReactiveScyllaTemplate template,
      Class<T> type,
      Query query,
      DeleteOptions options,
      @Nullable String table) {
    this.template = template;
    this.type = Objects.requireNonNull(type, "domainType");
    this.query = query;
    this.options = options;
    this.table = table;
  }

  /**
   * Writes this table, of the entity's columns, instead of the entity's own (a CQL name, {@code
   * keyspace.table} allowed).
   */
  public ReactiveDelete<T> inTable(String tableName) {
    return new ReactiveDelete<>(
        template, type, query, options, Objects.requireNonNull(tableName, "tableName"));
  }

  /** The rows (or, with the query's columns, the columns of them) to delete. */
  public ReactiveDelete<T> matching(Query matching) {
    return new ReactiveDelete<>(
        template, type, Objects.requireNonNull(matching, "query"), options, table);
  }

  /** The rows that match every one of these criteria. */
  public ReactiveDelete<T> matching(Criteria... criteria) {
    return matching(Query.query(criteria));
  }

  /** Deletes with these options (timestamp, {@code IF EXISTS}, consistency...). */
  public ReactiveDelete<T> withOptions(DeleteOptions deleteOptions) {
    return new ReactiveDelete<>(
        template, type, query, Objects.requireNonNull(deleteOptions, "options"), table);
  }

  /**
   * Deletes every matching row; signals {@link IllegalArgumentException} without {@link #matching}
   * criteria.
   */
  public Mono<WriteResult> all() {
    return template.queries(table).delete(query, type, options);
  }
}
