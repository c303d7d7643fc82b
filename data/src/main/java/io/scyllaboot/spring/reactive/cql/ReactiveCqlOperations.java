package io.scyllaboot.spring.reactive.cql;

import io.scyllaboot.driver.api.cql.Row;
import io.scyllaboot.driver.api.cql.Statement;
import io.scyllaboot.spring.cql.RowMapper;
import java.util.Map;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * CQL with Reactor types. Nothing happens until subscription; nothing blocks. A {@link Flux} of
 * rows fetches pages as the subscriber requests rows (never more than one page held or in flight),
 * and cancelling it stops fetching. Failures arrive as Spring {@code DataAccessException}s (see
 * {@link io.scyllaboot.spring.cql.ScyllaExceptionTranslator}). Signals arrive on driver I/O
 * threads: do not block in operators downstream.
 *
 * <p>{@code args} bind to the statement's {@code ?} markers; with arguments, the statement is
 * prepared once through the driver's statement cache.
 */
public interface ReactiveCqlOperations {

  /**
   * Runs several statements on one connection (see {@code CqlSession.executeInSession}): the
   * callback gets operations bound to that connection, valid until the publisher it returns
   * terminates or is cancelled.
   */
  <T> Flux<T> executeInSession(ReactiveSessionCallback<T> callback);

  /**
   * Executes a statement; emits whether it was applied ({@code false} only for a lightweight
   * transaction that was not).
   */
  Mono<Boolean> execute(String cql, Object... args);

  /** Executes a statement (simple, bound or batch); emits whether it was applied. */
  Mono<Boolean> execute(Statement<?> statement);

  /** Every row, mapped, page by page as requested. */
  <T> Flux<T> query(String cql, RowMapper<T> mapper, Object... args);

  /** Every row of a statement (its page size applies), mapped, page by page as requested. */
  <T> Flux<T> query(Statement<?> statement, RowMapper<T> mapper);

  /** Every row as it is (rows stay readable after their page moved on). */
  Flux<Row> queryForRows(String cql, Object... args);

  /** Every row of a statement as it is. */
  Flux<Row> queryForRows(Statement<?> statement);

  /**
   * Exactly one row, mapped: fails with {@code EmptyResultDataAccessException} when there is none
   * and {@code IncorrectResultSizeDataAccessException} when there are several.
   */
  <T> Mono<T> queryForObject(String cql, RowMapper<T> mapper, Object... args);

  /** The only column of exactly one row, as {@code requiredType}. */
  <T> Mono<T> queryForObject(String cql, Class<T> requiredType, Object... args);

  /** Exactly one row as column name to value. */
  Mono<Map<String, Object>> queryForMap(String cql, Object... args);

  /** The only column of every row, as {@code elementType}. */
  <T> Flux<T> queryForFlux(String cql, Class<T> elementType, Object... args);

  /** Every row as column name to value. */
  Flux<Map<String, Object>> queryForFlux(String cql, Object... args);
}
