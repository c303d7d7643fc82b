package io.scyllaboot.spring.reactive;

import io.scyllaboot.spring.core.DeleteOptions;
import io.scyllaboot.spring.core.UpdateOptions;
import io.scyllaboot.spring.core.WriteResult;
import io.scyllaboot.spring.core.query.Query;
import io.scyllaboot.spring.core.query.Update;
import org.springframework.data.domain.Slice;
import org.springframework.data.domain.Window;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The reactive twin of {@link io.scyllaboot.spring.core.ScyllaQueryOperations}: the same rendered
 * statements (every value bound, one prepared statement per query shape), as Reactor types, nothing
 * until subscription. A name that is neither a property nor a column signals {@link
 * IllegalArgumentException}.
 */
public interface ReactiveScyllaQueryOperations {

  /** The rows matching the query as entities, page by page on demand. */
  <T> Flux<T> select(Query query, Class<T> entityClass);

  /** The first row matching the query; empty when none. */
  <T> Mono<T> selectOne(Query query, Class<T> entityClass);

  /** One page of the rows (the query's page size, from its paging state). */
  <T> Mono<Slice<T>> slice(Query query, Class<T> entityClass);

  /**
   * One window of the rows: a {@link #slice} whose last element's position ({@code
   * CqlScrollPosition}) resumes after it, through {@code Query.scrollPosition}.
   */
  <T> Mono<Window<T>> scroll(Query query, Class<T> entityClass);

  /** The number of rows matching the query. */
  Mono<Long> count(Query query, Class<?> entityClass);

  /** Whether a row matches the query. */
  Mono<Boolean> exists(Query query, Class<?> entityClass);

  /** Applies the update to the rows the query names; emits whether it was applied. */
  Mono<Boolean> update(Query query, Update update, Class<?> entityClass);

  /** The update with options. */
  Mono<WriteResult> update(Query query, Update update, Class<?> entityClass, UpdateOptions options);

  /** Deletes the rows (or the query's columns of them); emits whether it was applied. */
  Mono<Boolean> delete(Query query, Class<?> entityClass);

  /** The delete with options. */
  Mono<WriteResult> delete(Query query, Class<?> entityClass, DeleteOptions options);
}
