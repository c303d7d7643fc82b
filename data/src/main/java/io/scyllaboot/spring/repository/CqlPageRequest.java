package io.scyllaboot.spring.repository;

import io.scyllaboot.driver.api.cql.PagingState;
import java.nio.ByteBuffer;
import java.util.Objects;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.Sort;

/**
 * A page request that carries the server's paging state, so that the next slice resumes where the
 * previous one stopped instead of skipping rows. The {@code Slice} a repository returns has one as
 * its {@code getPageable()}, whose {@link #next()} resumes after it; {@link #getPagingState()} can
 * be stored as a string and the request rebuilt later with {@link #of(int, PagingState)}.
 */
public class CqlPageRequest extends PageRequest {
  private final PagingState pagingState;
  private final PagingState nextPagingState;
  // Fetched and found to be the last page: its next() is past the end.
  private final boolean last;
  private final boolean afterLast;

  protected CqlPageRequest(
      int page, int size, Sort sort, PagingState pagingState, PagingState nextPagingState) {
    this(page, size, sort, pagingState, nextPagingState, false, false);
  }

  private CqlPageRequest(
      int page,
      int size,
      Sort sort,
      PagingState pagingState,
      PagingState nextPagingState,
      boolean last,
      boolean afterLast) {
    super(page, size, sort);
    this.pagingState = pagingState;
    this.nextPagingState = nextPagingState;
    this.last = last;
    this.afterLast = afterLast;
  }

  /** The first page of {@code size} rows. */
  public static CqlPageRequest first(int size) {
    return new CqlPageRequest(0, size, Sort.unsorted(), null, null);
  }

  /** The first page of {@code size} rows, in a sort order (applied as the query's ORDER BY). */
  public static CqlPageRequest first(int size, Sort sort) {
    return new CqlPageRequest(0, size, sort, null, null);
  }

  /**
   * Page {@code page} (from 0) of {@code size} rows, without a paging state: a query reads the
   * pages before it and skips them (CQL cannot skip rows); the slice's number is {@code page}.
   */
  public static CqlPageRequest ofPage(int page, int size, Sort sort) {
    return new CqlPageRequest(page, size, sort, null, null);
  }

  /** The page that starts at a stored paging state. */
  public static CqlPageRequest of(int size, PagingState pagingState) {
    return new CqlPageRequest(1, size, Sort.unsorted(), pagingState, null);
  }

  /**
   * Spring Data Cassandra's form: the page of {@code current} (its number, size and sort) that
   * starts at {@code pagingState} (the server's bytes, read from their position without consuming
   * them); without a state, as {@link #ofPage}.
   */
  public static CqlPageRequest of(Pageable current, ByteBuffer pagingState) {
    PagingState state = null;
    if (pagingState != null) {
      byte[] bytes = new byte[pagingState.remaining()];
      pagingState.duplicate().get(bytes);
      state = PagingState.fromBytes(bytes);
    }
    return new CqlPageRequest(
        current.getPageNumber(), current.getPageSize(), current.getSort(), state, null);
  }

  /**
   * Spring Data Cassandra's {@code getPagingState()}, as a new buffer: on a fetched page (a slice's
   * {@code getPageable()}) where the next page starts, null after the last page; otherwise where
   * this page starts, null for a first page.
   */
  public ByteBuffer getPagingStateAsBuffer() {
    PagingState state = nextPagingState != null || last ? nextPagingState : pagingState;
    return state == null ? null : ByteBuffer.wrap(state.toBytes());
  }

  /** Where this page starts, or null for the first page. */
  public PagingState getPagingState() {
    return pagingState;
  }

  /** Where the page after this one starts, once this one was fetched; null on the last page. */
  public PagingState getNextPagingState() {
    return nextPagingState;
  }

  /**
   * This request, as fetched: remembers where the next page starts (null: this is the last page).
   */
  public CqlPageRequest fetched(PagingState next) {
    return new CqlPageRequest(
        getPageNumber(), getPageSize(), getSort(), pagingState, next, next == null, afterLast);
  }

  /**
   * The page after this one: it starts at this page's next paging state once this page was fetched;
   * after the last page it is empty (no query runs); before fetching, it is walked to as {@link
   * #ofPage} is.
   */
  @Override
  public PageRequest next() {
    return new CqlPageRequest(
        getPageNumber() + 1,
        getPageSize(),
        getSort(),
        nextPagingState,
        null,
        false,
        afterLast || last);
  }

  /** Whether this page comes after the last one (a fetched last page's {@link #next()}). */
  public boolean isAfterLastPage() {
    return afterLast;
  }

  /**
   * How many pages a query reads and skips before this one: none when it starts at a paging state,
   * else its page number (CQL cannot skip rows).
   */
  public int getPagesToSkip() {
    return pagingState != null ? 0 : getPageNumber();
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof CqlPageRequest that
        && super.equals(other)
        && Objects.equals(pagingState, that.pagingState)
        && afterLast == that.afterLast;
  }

  @Override
  public int hashCode() {
    return 31 * super.hashCode() + Objects.hashCode(pagingState);
  }
}
