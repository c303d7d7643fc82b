package io.scyllaboot.spring.repository.query;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.AsyncResultSet;
import io.scyllaboot.driver.api.cql.BoundStatement;
import io.scyllaboot.driver.api.cql.Row;
import io.scyllaboot.driver.internal.util.DriverThreads;
import io.scyllaboot.spring.repository.CqlPageRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.Slice;
import org.springframework.data.domain.SliceImpl;

/**
 * Fetches one {@link Slice} of a statement's rows with the server's paging state: a {@link
 * CqlPageRequest} resumes where the previous slice stopped; a plain page request for page n walks
 * the n pages before it (CQL cannot skip rows). Used by query methods and by {@code findAll
 * (Pageable)}.
 */
public final class SliceQuery {
  private SliceQuery() {}

  /**
   * One slice of {@code statement}'s rows, each mapped by {@code mapper}.
   *
   * @throws IllegalArgumentException for an unpaged {@code Pageable}
   */
  public static <T> Slice<T> fetch(
      CqlSession session, BoundStatement statement, Pageable pageable, Function<Row, T> mapper) {
    if (pageable.isUnpaged()) {
      throw new IllegalArgumentException(
          "a Slice needs a paged Pageable, e.g. CqlPageRequest.first(20)");
    }
    // It waits for its pages: on a driver I/O thread nothing would ever answer.
    DriverThreads.checkNotDriverThread("slice");
    CqlPageRequest request =
        pageable instanceof CqlPageRequest cql
            ? cql
            : CqlPageRequest.ofPage(
                pageable.getPageNumber(), pageable.getPageSize(), pageable.getSort());
    if (request.isAfterLastPage()) {
      return new SliceImpl<>(List.of(), request, false);
    }
    BoundStatement paged = statement.withPageSize(pageable.getPageSize());
    if (request.getPagingState() != null) {
      paged = paged.withPagingState(request.getPagingState());
    }
    AsyncResultSet page = fetch(session, paged);
    for (int skip = request.getPagesToSkip(); skip > 0; skip--) {
      if (!page.hasMorePages()) {
        page.close();
        return new SliceImpl<>(List.of(), request, false);
      }
      page.close();
      page = fetch(session, paged.withPagingState(page.pagingState()));
    }
    try {
      List<T> content = new ArrayList<>(page.remaining());
      for (Row row : page.currentPage()) {
        content.add(mapper.apply(row));
      }
      boolean more = page.hasMorePages();
      return new SliceImpl<>(content, request.fetched(more ? page.pagingState() : null), more);
    } finally {
      page.close();
    }
  }

  private static AsyncResultSet fetch(CqlSession session, BoundStatement statement) {
    return session.executeAsync(statement).toCompletableFuture().join();
  }
}
