package io.scyllaboot.spring.core;

import io.scyllaboot.spring.core.query.Criteria;
import io.scyllaboot.spring.core.query.Query;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.IncorrectResultSizeDataAccessException;
import org.springframework.data.domain.Slice;

/**
 * A fluent read of one entity type: {@code query(Person.class).matching(query).all()}. Immutable;
 * without {@link #matching} it reads every row.
 *
 * @param <T> the entity type
 */
public final class ExecutableSelect<T> {
  private final ScyllaQueryOperations operations;
  private final Class<T> type;
  private final Query query;

  ExecutableSelect(ScyllaQueryOperations operations, Class<T> type, Query query) {
    this.operations = operations;
    this.type = Objects.requireNonNull(type, "domainType");
    this.query = query;
  }

  /** The rows this query matches. */
  public ExecutableSelect<T> matching(Query matching) {
    return new ExecutableSelect<>(operations, type, Objects.requireNonNull(matching, "query"));
  }

  /** The rows that match every one of these criteria. */
  public ExecutableSelect<T> matching(Criteria... criteria) {
    return matching(Query.query(criteria));
  }

  /** Every matching row. */
  public List<T> all() {
    return operations.select(query, type);
  }

  /**
   * The only matching row, or null when none matches.
   *
   * @throws IncorrectResultSizeDataAccessException if several match
   */
  public @Nullable T one() {
    // Two rows tell "one" from "several" without reading more.
    Query atMostTwo = query.getLimit() == 0 || query.getLimit() > 2 ? query.limit(2) : query;
    List<T> rows = operations.select(atMostTwo, type);
    if (rows.size() > 1) {
      throw new IncorrectResultSizeDataAccessException(
          "expected at most 1 " + type.getSimpleName() + " for " + query + " but found more", 1);
    }
    return rows.isEmpty() ? null : rows.get(0);
  }

  /** The first matching row, or null. */
  public @Nullable T first() {
    return operations.selectOne(query.getLimit() == 0 ? query.limit(1) : query, type);
  }

  /** The matching rows as a lazy stream; close it if not consumed to the end. */
  public Stream<T> stream() {
    return operations.stream(query, type);
  }

  /** One page of the matching rows; see {@link ScyllaQueryOperations#slice}. */
  public Slice<T> slice() {
    return operations.slice(query, type);
  }

  /** How many rows match. */
  public long count() {
    return operations.count(query, type);
  }

  /** Whether a row matches. */
  public boolean exists() {
    return operations.exists(query, type);
  }
}
