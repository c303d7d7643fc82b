package io.scyllaboot.spring.reactive;

import io.scyllaboot.spring.core.UpdateOptions;
import io.scyllaboot.spring.core.WriteResult;
import io.scyllaboot.spring.core.query.Criteria;
import io.scyllaboot.spring.core.query.Query;
import io.scyllaboot.spring.core.query.Update;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;

/**
 * A fluent reactive update of one entity type's table: {@code
 * update(Person.class).matching(query).apply(update)}. Immutable; {@link #matching} is required;
 * {@link #inTable} writes another table of the entity's shape.
 *
 * @param <T> the entity type
 */
public final class ReactiveUpdate<T> {
  private final ReactiveScyllaTemplate template;
  private final Class<T> type;
  private final Query query;
  private final UpdateOptions options;
  private final @Nullable String table;

  ReactiveUpdate(
      ReactiveScyllaTemplate template,
      Class<T> type,
      Query query,
      UpdateOptions options,
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
  public ReactiveUpdate<T> inTable(String tableName) {
    return new ReactiveUpdate<>(
        template, type, query, options, Objects.requireNonNull(tableName, "tableName"));
  }

  /** The rows to update (whole primary keys). */
  public ReactiveUpdate<T> matching(Query matching) {
    return new ReactiveUpdate<>(
        template, type, Objects.requireNonNull(matching, "query"), options, table);
  }

  /** The rows that match every one of these criteria. */
  public ReactiveUpdate<T> matching(Criteria... criteria) {
    return matching(Query.query(criteria));
  }

  /** Updates with these options (TTL, timestamp, {@code IF EXISTS}, consistency...). */
  public ReactiveUpdate<T> withOptions(UpdateOptions updateOptions) {
    return new ReactiveUpdate<>(
        template, type, query, Objects.requireNonNull(updateOptions, "options"), table);
  }

  /**
   * Applies the update; signals {@link IllegalArgumentException} without {@link #matching}
   * criteria.
   */
  public Mono<WriteResult> apply(Update update) {
    return template
        .queries(table)
        .update(query, Objects.requireNonNull(update, "update"), type, options);
  }
}
