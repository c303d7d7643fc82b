package io.scyllaboot.spring.cql;

import io.scyllaboot.driver.api.cql.BatchStatement;
import io.scyllaboot.driver.api.cql.ResultSet;
import io.scyllaboot.driver.api.cql.Statement;
import io.scyllaboot.driver.api.session.SessionCallback;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.springframework.dao.DataAccessException;

/**
 * Synchronous CQL operations in the style of Spring's {@code JdbcTemplate}. Every {@code cql, args}
 * method binds plain Java values through the driver's prepared-statement cache: a statement is
 * prepared once, then each call is one EXECUTE; without args the CQL is sent as is. Driver errors
 * are translated to {@link DataAccessException}s by {@link ScyllaExceptionTranslator}.
 */
public interface CqlOperations {

  /**
   * Runs several statements on ONE connection of the driver (no pool selection or routing per
   * statement). If the connection dies mid-callback the failure surfaces; statements are never
   * moved to another node.
   */
  <T> T executeInSession(SessionCallback<T> action) throws DataAccessException;

  /** Executes a statement; returns whether it was applied (false only for a failed LWT). */
  boolean execute(String cql, Object... args) throws DataAccessException;

  /**
   * Executes a statement object (simple, bound or batch) with its own options (consistency,
   * timeout, timestamp, tracing...); returns whether it was applied.
   */
  boolean execute(Statement<?> statement) throws DataAccessException;

  /** Executes and returns the raw result; the caller must close it. */
  ResultSet queryForResultSet(String cql, Object... args) throws DataAccessException;

  /** Executes a statement object and returns the raw result; the caller must close it. */
  ResultSet queryForResultSet(Statement<?> statement) throws DataAccessException;

  <T> T query(String cql, ResultSetExtractor<T> extractor, Object... args)
      throws DataAccessException;

  /** Extracts a value from the result of a statement object (with its own options). */
  <T> T query(Statement<?> statement, ResultSetExtractor<T> extractor) throws DataAccessException;

  void query(Statement<?> statement, RowCallbackHandler handler) throws DataAccessException;

  /** Maps every row of a statement object (with its own options). */
  <T> List<T> query(Statement<?> statement, RowMapper<T> mapper) throws DataAccessException;

  /**
   * Maps exactly one row of a statement object.
   *
   * @throws org.springframework.dao.EmptyResultDataAccessException if there is no row
   * @throws org.springframework.dao.IncorrectResultSizeDataAccessException if there are several
   */
  <T> T queryForObject(Statement<?> statement, RowMapper<T> mapper) throws DataAccessException;

  /** The single column of exactly one row of a statement object, as this type. */
  <T> T queryForObject(Statement<?> statement, Class<T> requiredType) throws DataAccessException;

  /** The single column of every row of a statement object, as this type. */
  <T> List<T> queryForList(Statement<?> statement, Class<T> elementType) throws DataAccessException;

  /** The rows of a statement object mapped lazily; close the stream if not consumed. */
  <T> Stream<T> queryForStream(Statement<?> statement, RowMapper<T> mapper)
      throws DataAccessException;

  void query(String cql, RowCallbackHandler handler, Object... args) throws DataAccessException;

  <T> List<T> query(String cql, RowMapper<T> mapper, Object... args) throws DataAccessException;

  /**
   * Maps exactly one row.
   *
   * @throws org.springframework.dao.EmptyResultDataAccessException if there is no row
   * @throws org.springframework.dao.IncorrectResultSizeDataAccessException if there are several
   */
  <T> T queryForObject(String cql, RowMapper<T> mapper, Object... args) throws DataAccessException;

  /** The single column of exactly one row, as this type. */
  <T> T queryForObject(String cql, Class<T> requiredType, Object... args)
      throws DataAccessException;

  /** Exactly one row as a map of column name to value (in column order). */
  Map<String, Object> queryForMap(String cql, Object... args) throws DataAccessException;

  /** The single column of every row, as this type. */
  <T> List<T> queryForList(String cql, Class<T> elementType, Object... args)
      throws DataAccessException;

  /** Every row as a map of column name to value. */
  List<Map<String, Object>> queryForList(String cql, Object... args) throws DataAccessException;

  /**
   * The rows mapped lazily as they are read, fetching pages as the stream advances. Close the
   * stream (try-with-resources) if it is not consumed to the end.
   */
  <T> Stream<T> queryForStream(String cql, RowMapper<T> mapper, Object... args)
      throws DataAccessException;

  /** Executes a write; returns whether it was applied (false only for a failed LWT). */
  boolean update(String cql, Object... args) throws DataAccessException;

  /**
   * Runs one prepared statement once per argument array, as one batch of the given type (LOGGED is
   * atomic; UNLOGGED is cheaper and fits rows of one partition).
   */
  void batchUpdate(BatchStatement.BatchType type, String cql, List<Object[]> batchArgs)
      throws DataAccessException;
}
