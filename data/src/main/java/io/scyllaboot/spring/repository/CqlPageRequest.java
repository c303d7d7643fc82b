package io.scyllaboot.spring.repository;

import io.scyllaboot.driver.api.cql.PagingState;
import java.util.Objects;
import org.springframework.data.domain.PageRequest;
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

  protected CqlPageRequest(
      int page, int size, Sort sort, PagingState pagingState, PagingState nextPagingState) {
    super(page, size, sort);
    this.pagingState = pagingState;
    this.nextPagingState = nextPagingState;
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

  /** Where this page starts, or null for the first page. */
  public PagingState getPagingState() {
    return pagingState;
  }

  /** Where the page after this one starts, once this one was fetched; null on the last page. */
  public PagingState getNextPagingState() {
    return nextPagingState;
  }

  /** This request, as fetched: remembers where the next page starts. */
  public CqlPageRequest fetched(PagingState next) {
    return new CqlPageRequest(getPageNumber(), getPageSize(), getSort(), pagingState, next);
  }

  @Override
  public PageRequest next() {
    return new CqlPageRequest(getPageNumber() + 1, getPageSize(), getSort(), nextPagingState, null);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof CqlPageRequest that
        && super.equals(other)
        && Objects.equals(pagingState, that.pagingState);
  }

  @Override
  public int hashCode() {
    return 31 * super.hashCode() + Objects.hashCode(pagingState);
  }
}
