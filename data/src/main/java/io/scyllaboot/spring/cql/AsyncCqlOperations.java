package io.scyllaboot.spring.cql;

import io.scyllaboot.driver.api.cql.AsyncResultSet;
import io.scyllaboot.driver.api.cql.BatchStatement;
import io.scyllaboot.driver.api.cql.Statement;
import io.scyllaboot.driver.api.session.AsyncSessionCallback;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * Asynchronous CQL operations with the method set of {@link CqlOperations}, as Spring Data
 * Cassandra's {@code AsyncCqlOperations}: every method returns a future that completes on a driver
 * I/O thread (do not block in continuations) and fails with a {@link
 * java.util.concurrent.CompletionException} whose cause is a translated {@link
 * org.springframework.dao.DataAccessException}. Values are bound through the driver's statement
 * cache; pages are fetched as needed. Row mappers and callbacks run on the I/O thread too.
 */
public interface AsyncCqlOperations {

  /** Runs several statements on one connection; see {@link CqlOperations#executeInSession}. */
  <T> CompletableFuture<T> executeInSession(AsyncSessionCallback<T> action);

  /** Executes a statement; completes with whether it was applied (false for a failed LWT). */
  CompletableFuture<Boolean> execute(String cql, Object... args);

  /** Executes a statement object with its own options; completes with whether it was applied. */
  CompletableFuture<Boolean> execute(Statement<?> statement);

  /** Executes a write; completes with whether it was applied. */
  CompletableFuture<Boolean> update(String cql, Object... args);

  /** The first page of the raw result (fetch the others with {@code fetchNextPage()}). */
  CompletableFuture<AsyncResultSet> queryForResultSet(String cql, Object... args);

  /** The first page of a statement object's raw result. */
  CompletableFuture<AsyncResultSet> queryForResultSet(Statement<?> statement);

  /** Extracts a value from the result, starting at its first page. */
  <T> CompletableFuture<T> query(String cql, AsyncResultSetExtractor<T> extractor, Object... args);

  /** Extracts a value from the result of a statement object. */
  <T> CompletableFuture<T> query(Statement<?> statement, AsyncResultSetExtractor<T> extractor);

  /** Hands every row of every page to the handler; completes after the last. */
  CompletableFuture<Void> query(String cql, RowCallbackHandler handler, Object... args);

  /** Hands every row of a statement object's result to the handler. */
  CompletableFuture<Void> query(Statement<?> statement, RowCallbackHandler handler);

  /** Maps every row of every page. */
  <T> CompletableFuture<List<T>> query(String cql, RowMapper<T> mapper, Object... args);

  /** Maps every row of a statement object's result. */
  <T> CompletableFuture<List<T>> query(Statement<?> statement, RowMapper<T> mapper);

  /**
   * Exactly one row, mapped; fails with {@code EmptyResultDataAccessException} for none and {@code
   * IncorrectResultSizeDataAccessException} for several.
   */
  <T> CompletableFuture<T> queryForObject(String cql, RowMapper<T> mapper, Object... args);

  /** Exactly one row of a statement object's result, mapped. */
  <T> CompletableFuture<T> queryForObject(Statement<?> statement, RowMapper<T> mapper);

  /** The single column of exactly one row, as this type. */
  <T> CompletableFuture<T> queryForObject(String cql, Class<T> requiredType, Object... args);

  /** The single column of exactly one row of a statement object's result. */
  <T> CompletableFuture<T> queryForObject(Statement<?> statement, Class<T> requiredType);

  /** Exactly one row as a map of column name to value (in column order). */
  CompletableFuture<Map<String, Object>> queryForMap(String cql, Object... args);

  /** Exactly one row of a statement object's result as a map. */
  CompletableFuture<Map<String, Object>> queryForMap(Statement<?> statement);

  /** The single column of every row, as this type. */
  <T> CompletableFuture<List<T>> queryForList(String cql, Class<T> elementType, Object... args);

  /** The single column of every row of a statement object's result. */
  <T> CompletableFuture<List<T>> queryForList(Statement<?> statement, Class<T> elementType);

  /** Every row as a map of column name to value. */
  CompletableFuture<List<Map<String, Object>>> queryForList(String cql, Object... args);

  /**
   * Runs one prepared statement once per argument array, as one batch of the given type (see {@link
   * CqlOperations#batchUpdate}); completes with whether it was applied.
   */
  CompletableFuture<Boolean> batchUpdate(
      BatchStatement.BatchType type, String cql, List<Object[]> batchArgs);
}
