package io.scyllaboot.spring.core;

import io.scyllaboot.spring.core.query.Criteria;
import io.scyllaboot.spring.core.query.Query;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.IncorrectResultSizeDataAccessException;
import org.springframework.data.domain.Slice;

/**
 * A fluent read of one entity type: {@code query(Person.class).matching(query).all()}. Immutable;
 * without {@link #matching} it reads every row; {@link #inTable} reads another table of the
 * entity's shape, {@link #as} returns a projection of each entity.
 *
 * @param <T> the result type: the entity type, or the projection {@link #as} names
 */
public final class ExecutableSelect<T> {
  private final ScyllaTemplate template;
  private final Class<?> domainType;
  private final Class<T> resultType;
  private final Query query;
  private final @Nullable String table;

  ExecutableSelect(
      ScyllaTemplate template,
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
  public ExecutableSelect<T> matching(Query matching) {
    return new ExecutableSelect<>(
        template, domainType, resultType, Objects.requireNonNull(matching, "query"), table);
  }

  /** The rows that match every one of these criteria. */
  public ExecutableSelect<T> matching(Criteria... criteria) {
    return matching(Query.query(criteria));
  }

  /**
   * Reads this table, of the entity's columns, instead of the entity's own (a CQL name, {@code
   * keyspace.table} allowed).
   */
  public ExecutableSelect<T> inTable(String tableName) {
    Objects.requireNonNull(tableName, "tableName");
    return new ExecutableSelect<>(template, domainType, resultType, query, tableName);
  }

  /**
   * Returns each entity as this type: an interface projection (a proxy) or a DTO class whose
   * constructor takes entity properties by name; see {@link FluentProjection}.
   */
  public <R> ExecutableSelect<R> as(Class<R> projection) {
    Objects.requireNonNull(projection, "resultType");
    return new ExecutableSelect<>(template, domainType, projection, query, table);
  }

  private Function<Object, T> project() {
    return FluentProjection.of(domainType, resultType, template.getConverter());
  }

  /** Every matching row. */
  @SuppressWarnings("unchecked")
  public List<T> all() {
    List<?> rows = template.queries(table).select(query, domainType);
    // Without a projection, the template's list itself (as before as(..) existed).
    return resultType == domainType
        ? (List<T>) rows
        : rows.stream().map(project()).collect(Collectors.toCollection(ArrayList::new));
  }

  /**
   * The only matching row, or null when none matches.
   *
   * @throws IncorrectResultSizeDataAccessException if several match
   */
  public @Nullable T one() {
    // Two rows tell "one" from "several" without reading more.
    Query atMostTwo = query.getLimit() == 0 || query.getLimit() > 2 ? query.limit(2) : query;
    List<?> rows = template.queries(table).select(atMostTwo, domainType);
    if (rows.size() > 1) {
      throw new IncorrectResultSizeDataAccessException(
          "expected at most 1 " + domainType.getSimpleName() + " for " + query + " but found more",
          1);
    }
    return rows.isEmpty() ? null : project().apply(rows.get(0));
  }

  /** The first matching row, or null. */
  public @Nullable T first() {
    Object row =
        template
            .queries(table)
            .selectOne(query.getLimit() == 0 ? query.limit(1) : query, domainType);
    return row == null ? null : project().apply(row);
  }

  /** The matching rows as a lazy stream; close it if not consumed to the end. */
  public Stream<T> stream() {
    Stream<?> rows = template.queries(table).stream(query, domainType);
    return rows.map(project());
  }

  /** One page of the matching rows; see {@link ScyllaQueryOperations#slice}. */
  public Slice<T> slice() {
    return template.queries(table).slice(query, domainType).map(project());
  }

  /** How many rows match. */
  public long count() {
    return template.queries(table).count(query, domainType);
  }

  /** Whether a row matches. */
  public boolean exists() {
    return template.queries(table).exists(query, domainType);
  }
}
