package io.scyllaboot.spring.core.query;

import io.scyllaboot.driver.api.cql.PagingState;
import io.scyllaboot.spring.core.QueryOptions;
import io.scyllaboot.spring.repository.CqlPageRequest;
import io.scyllaboot.spring.repository.CqlScrollPosition;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.ScrollPosition;
import org.springframework.data.domain.Sort;

/**
 * A query without a CQL string, as Spring Data Cassandra's {@code Query}: criteria joined by {@code
 * AND}, the columns to select, a sort ({@code ORDER BY} on clustering columns), a limit, {@code
 * ALLOW FILTERING}, a paging state to resume at and the read options. Immutable: every method
 * returns a copy.
 *
 * <pre>{@code
 * Query query = Query.query(where("sensor").is("s-1"), where("at").gte(since))
 *     .sort(Sort.by(Sort.Direction.DESC, "at"))
 *     .limit(10);
 * List<Reading> readings = template.select(query, Reading.class);
 * }</pre>
 */
public final class Query {
  private static final Query EMPTY =
      new Query(List.of(), Columns.empty(), Sort.unsorted(), 0, false, null, QueryOptions.empty());

  private final List<Criteria> criteria;
  private final Columns columns;
  private final Sort sort;
  private final int limit;
  private final boolean allowFiltering;
  private final @Nullable PagingState pagingState;
  private final QueryOptions options;

  private Query(
      List<Criteria> criteria,
      Columns columns,
      Sort sort,
      int limit,
      boolean allowFiltering,
      @Nullable PagingState pagingState,
      QueryOptions options) {
    this.criteria = criteria;
    this.columns = columns;
    this.sort = sort;
    this.limit = limit;
    this.allowFiltering = allowFiltering;
    this.pagingState = pagingState;
    this.options = options;
  }

  /** Every row. */
  public static Query empty() {
    return EMPTY;
  }

  /** The rows that match every one of these criteria. */
  public static Query query(Criteria... criteria) {
    return EMPTY.and(criteria);
  }

  /** The rows that match every one of these criteria. */
  public static Query query(Iterable<Criteria> criteria) {
    Query query = EMPTY;
    for (Criteria each : criteria) {
      query = query.and(each);
    }
    return query;
  }

  /** This query with more criteria ({@code AND}). */
  public Query and(Criteria... more) {
    List<Criteria> all = new ArrayList<>(criteria);
    for (Criteria each : more) {
      all.add(Objects.requireNonNull(each, "criteria"));
    }
    return new Query(List.copyOf(all), columns, sort, limit, allowFiltering, pagingState, options);
  }

  /** Selects these columns only (the others of a read entity stay null). */
  public Query columns(Columns selected) {
    return new Query(
        criteria,
        Objects.requireNonNull(selected, "columns"),
        sort,
        limit,
        allowFiltering,
        pagingState,
        options);
  }

  /** Orders by these properties ({@code ORDER BY}: clustering columns within a partition). */
  public Query sort(Sort order) {
    return new Query(
        criteria,
        columns,
        this.sort.and(Objects.requireNonNull(order, "sort")),
        limit,
        allowFiltering,
        pagingState,
        options);
  }

  /**
   * At most this many rows ({@code LIMIT}, bound to a marker).
   *
   * @throws IllegalArgumentException if not positive or beyond an int
   */
  public Query limit(long rows) {
    if (rows < 1 || rows > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("limit must be between 1 and 2^31-1, was " + rows);
    }
    return new Query(criteria, columns, sort, (int) rows, allowFiltering, pagingState, options);
  }

  /** Adds {@code ALLOW FILTERING}: the node scans and filters (costly on large tables). */
  public Query withAllowFiltering() {
    return new Query(criteria, columns, sort, limit, true, pagingState, options);
  }

  /** Resumes at this paging state (from a previous slice), or from the start for null. */
  public Query pagingState(@Nullable PagingState state) {
    return new Query(criteria, columns, sort, limit, allowFiltering, state, options);
  }

  /**
   * Resumes at a window's scroll position ({@code window.positionAt(last)}), or from the start for
   * an initial one.
   *
   * @throws IllegalArgumentException for a keyset or offset position: CQL pages by paging state
   */
  public Query scrollPosition(ScrollPosition position) {
    return pagingState(CqlScrollPosition.pagingStateOf(position));
  }

  /**
   * Fetches this many rows per page; a {@linkplain io.scyllaboot.spring.core.ScyllaQueryOperations
   * #slice slice} is one page.
   */
  public Query pageSize(int rows) {
    return queryOptions(options.withPageSize(rows));
  }

  /**
   * The page a pageable names: its size, its sort (replacing the query's), and the paging state of
   * a {@link CqlPageRequest} (a slice's {@code nextPageable()}).
   *
   * @throws IllegalArgumentException for an unpaged pageable, or a page after the first without a
   *     paging state (CQL cannot skip rows)
   */
  public Query pageRequest(Pageable pageable) {
    Objects.requireNonNull(pageable, "pageable");
    if (pageable.isUnpaged()) {
      throw new IllegalArgumentException("a page request needs a paged Pageable");
    }
    PagingState state = pageable instanceof CqlPageRequest cql ? cql.getPagingState() : null;
    if (state == null && pageable.getPageNumber() > 0) {
      throw new IllegalArgumentException(
          "page "
              + pageable.getPageNumber()
              + " needs the paging state of the page before it: pass the previous slice's"
              + " nextPageable() (a CqlPageRequest)");
    }
    // The pageable's sort replaces the query's: a slice's next pageable repeats the same order.
    Sort order = pageable.getSort().isSorted() ? pageable.getSort() : sort;
    return new Query(
        criteria,
        columns,
        order,
        limit,
        allowFiltering,
        state,
        options.withPageSize(pageable.getPageSize()));
  }

  /** Reads with these options (consistency, page size, timeout...). */
  public Query queryOptions(QueryOptions queryOptions) {
    return new Query(
        criteria,
        columns,
        sort,
        limit,
        allowFiltering,
        pagingState,
        Objects.requireNonNull(queryOptions, "queryOptions"));
  }

  public List<Criteria> getCriteria() {
    return criteria;
  }

  public Columns getColumns() {
    return columns;
  }

  public Sort getSort() {
    return sort;
  }

  /** The limit, 0 for none. */
  public int getLimit() {
    return limit;
  }

  public boolean isAllowFiltering() {
    return allowFiltering;
  }

  public @Nullable PagingState getPagingState() {
    return pagingState;
  }

  public QueryOptions getQueryOptions() {
    return options;
  }

  @Override
  public String toString() {
    return "Query[criteria="
        + criteria.stream().map(c -> c.name() + " " + c.operator().cql()).toList()
        + ", columns="
        + columns
        + ", sort="
        + sort
        + ", limit="
        + limit
        + (allowFiltering ? ", ALLOW FILTERING" : "")
        + "]";
  }
}
