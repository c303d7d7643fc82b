package io.scyllaboot.spring.repository;

import io.scyllaboot.driver.api.cql.PagingState;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.data.domain.Limit;
import org.springframework.data.domain.ScrollPosition;
import org.springframework.data.domain.Slice;
import org.springframework.data.domain.Window;

/**
 * A scroll position that is the server's paging state (Spring Data Cassandra's {@code
 * CassandraScrollPosition}): where the next window of a query resumes. Repository methods {@code
 * Window<T> findBy...(..., ScrollPosition position, Limit pageSize)} and the templates' {@code
 * scroll(Query, Class)} take and return it; {@link #initial()} starts at the first row. Only a
 * window's last element has a position: CQL resumes at page boundaries, not at any row. Store it as
 * text with {@code getPagingState().toString()} and rebuild it with {@code
 * of(PagingState.fromString(...))}.
 */
public final class CqlScrollPosition implements ScrollPosition {
  private static final CqlScrollPosition INITIAL = new CqlScrollPosition(null);

  private final @Nullable PagingState pagingState;

  private CqlScrollPosition(@Nullable PagingState pagingState) {
    this.pagingState = pagingState;
  }

  /** Before the first row. */
  public static CqlScrollPosition initial() {
    return INITIAL;
  }

  /** Where a paging state resumes. */
  public static CqlScrollPosition of(PagingState pagingState) {
    return new CqlScrollPosition(Objects.requireNonNull(pagingState, "pagingState"));
  }

  /**
   * The paging state of a position a query method or template was given: null to start at the first
   * row (null or an initial position of any kind).
   *
   * @throws IllegalArgumentException for a keyset or offset position: CQL pages by paging state
   */
  public static @Nullable PagingState pagingStateOf(@Nullable ScrollPosition position) {
    if (position == null || position.isInitial()) {
      return null;
    }
    if (position instanceof CqlScrollPosition cql) {
      return cql.pagingState;
    }
    throw new IllegalArgumentException(
        "a Scylla query scrolls by paging state: pass a CqlScrollPosition (a window's"
            + " positionAt(last)), not a "
            + position.getClass().getSimpleName());
  }

  /** The paging state, or null for the initial position. */
  public @Nullable PagingState getPagingState() {
    return pagingState;
  }

  @Override
  public boolean isInitial() {
    return pagingState == null;
  }

  /**
   * The window of one page: its last element's position resumes after it when there are more rows.
   */
  public static <T> Window<T> window(List<T> content, @Nullable PagingState next) {
    int last = content.size() - 1;
    return Window.from(
        content,
        index -> {
          if (index != last) {
            throw new IllegalArgumentException(
                "only the last element of a window has a scroll position (the paging state at"
                    + " its end), not element "
                    + index);
          }
          return next == null ? initial() : of(next);
        },
        next != null);
  }

  /** The window of a slice whose pageable is a {@link CqlPageRequest}. */
  public static <T> Window<T> window(Slice<T> slice) {
    PagingState next =
        slice.hasNext() && slice.getPageable() instanceof CqlPageRequest request
            ? request.getNextPagingState()
            : null;
    return window(slice.getContent(), next);
  }

  /**
   * The page request of a window: {@code limit} rows from {@code position} on.
   *
   * @throws IllegalArgumentException without a limit: a window's size is its page size
   */
  public static CqlPageRequest pageRequest(@Nullable ScrollPosition position, Limit limit) {
    if (limit.isUnlimited()) {
      throw new IllegalArgumentException(
          "a Window needs a page size: pass a Limit (Limit.of(n)) or a Query.pageSize(n)");
    }
    PagingState state = pagingStateOf(position);
    return state == null
        ? CqlPageRequest.first(limit.max())
        : CqlPageRequest.of(limit.max(), state);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof CqlScrollPosition that && Objects.equals(pagingState, that.pagingState);
  }

  @Override
  public int hashCode() {
    return Objects.hashCode(pagingState);
  }

  @Override
  public String toString() {
    return pagingState == null
        ? "CqlScrollPosition(initial)"
        : "CqlScrollPosition(" + pagingState + ")";
  }
}
