package io.scyllaboot.spring.core;

import io.scyllaboot.driver.api.cql.BatchStatement;
import io.scyllaboot.driver.api.cql.Statement;
import io.scyllaboot.spring.cql.CqlOperations;
import io.scyllaboot.spring.mapping.ScyllaEntityConverter;
import java.util.List;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.DataAccessException;
import org.springframework.data.domain.SearchResults;
import org.springframework.data.domain.Slice;

/**
 * Entity operations in the style of Spring Data Cassandra's {@code CassandraOperations}: rows read
 * into entities, entities written as INSERT, UPDATE or DELETE with options. Every statement is
 * prepared once through the driver's statement cache; values are always bound, never concatenated.
 *
 * <p>Entities with a {@code @Version} property are written with lightweight transactions: an insert
 * is {@code IF NOT EXISTS} with the initial version, an update and a delete are {@code IF version =
 * <the entity's version>} (an update also increments it). A condition that does not hold throws
 * {@link org.springframework.dao.OptimisticLockingFailureException}.
 *
 * <p>The {@code select}, {@code selectOne} and {@code stream} methods read rows into the given type
 * as Spring Data Cassandra's {@code CassandraTemplate.select(cql, Class)} does: {@link
 * io.scyllaboot.driver.api.cql.Row} returns the row itself; a type with a {@code Row} reading
 * converter (in the mapping's custom conversions) is read through it; a {@code Map} holds column
 * name to value; a simple type ({@code Long}, {@code String}, an enum, a type with a reading
 * converter from a driver type) reads the only column of a one-column result (else {@link
 * org.springframework.dao.IncorrectResultSizeDataAccessException}); a {@code @Table} entity is read
 * with events and callbacks; any other class is read by its properties' column names, those the
 * result lacks left null.
 *
 * <p>Queries without CQL strings ({@link io.scyllaboot.spring.core.query.Query}) are in {@link
 * ScyllaQueryOperations}, the fluent API in {@link FluentScyllaOperations}.
 */
public interface ScyllaOperations extends ScyllaQueryOperations, FluentScyllaOperations {

  /** The CQL template underneath, for statements the entity operations do not cover. */
  CqlOperations getCqlOperations();

  /** The converter between rows and entities. */
  ScyllaEntityConverter getConverter();

  /** The table an entity type is mapped to. */
  String getTableName(Class<?> entityClass);

  /** A LOGGED batch of entity writes. */
  default ScyllaBatchOperations batchOps() {
    return batchOps(BatchStatement.BatchType.LOGGED);
  }

  /** A batch of entity writes of this kind. */
  ScyllaBatchOperations batchOps(BatchStatement.BatchType type);

  /** The rows of a query (with values bound to its markers) as the given type (see above). */
  <T> List<T> select(String cql, Class<T> entityClass, Object... args) throws DataAccessException;

  /** The rows of a statement (with its own options) as the given type. */
  <T> List<T> select(Statement<?> statement, Class<T> entityClass) throws DataAccessException;

  /**
   * The rows as a lazy stream of entities, fetching pages as it advances; close it if it is not
   * consumed to the end.
   */
  <T> Stream<T> stream(String cql, Class<T> entityClass, Object... args) throws DataAccessException;

  /** The rows of a statement as a lazy stream of entities; close it if not consumed to the end. */
  <T> Stream<T> stream(Statement<?> statement, Class<T> entityClass) throws DataAccessException;

  /** The first row as the given type, or null when there is none. */
  <T> @Nullable T selectOne(String cql, Class<T> entityClass, Object... args)
      throws DataAccessException;

  /** The first row of a statement as the given type, or null when there is none. */
  /**
   * One page of a statement's rows, mapped: as many as its page size (required: {@code
   * statement.withPageSize(n)}), from its paging state on. The slice's {@code getPageable()} is a
   * {@code CqlPageRequest} whose {@code next()} resumes after it.
   */
  <T> Slice<T> slice(Statement<?> statement, Class<T> entityClass) throws DataAccessException;

  <T> @Nullable T selectOne(Statement<?> statement, Class<T> entityClass)
      throws DataAccessException;

  /**
   * The entity with this primary key, or null.
   *
   * @param id the key value for a one-column key; else an object (or an entity) whose properties
   *     are named like the key properties
   */
  <T> @Nullable T selectOneById(Object id, Class<T> entityClass) throws DataAccessException;

  /** Whether a row with this primary key exists; {@code id} as for {@link #selectOneById}. */
  boolean exists(Object id, Class<?> entityClass) throws DataAccessException;

  /** The number of rows of the entity's table (a full scan: for small tables and tests). */
  long count(Class<?> entityClass) throws DataAccessException;

  /**
   * Inserts an entity (null properties are left unset); returns the entity as written.
   *
   * @throws org.springframework.dao.OptimisticLockingFailureException for a versioned entity whose
   *     row exists already
   */
  <T> T insert(T entity) throws DataAccessException;

  /** Inserts an entity with options; a failed {@code IF NOT EXISTS} is not applied. */
  <T> EntityWriteResult<T> insert(T entity, InsertOptions options) throws DataAccessException;

  /**
   * Updates every column of an entity's row; returns the entity as written.
   *
   * @throws org.springframework.dao.OptimisticLockingFailureException for a versioned entity whose
   *     stored version differs
   */
  <T> T update(T entity) throws DataAccessException;

  /** Updates with options; a failed {@code IF} is not applied. */
  <T> EntityWriteResult<T> update(T entity, UpdateOptions options) throws DataAccessException;

  /**
   * Deletes an entity's row.
   *
   * @throws org.springframework.dao.OptimisticLockingFailureException for a versioned entity whose
   *     stored version differs
   */
  void delete(Object entity) throws DataAccessException;

  /** Deletes with options; a failed {@code IF} is not applied. */
  WriteResult delete(Object entity, DeleteOptions options) throws DataAccessException;

  /** Deletes the row with this primary key; {@code id} as for {@link #selectOneById}. */
  boolean deleteById(Object id, Class<?> entityClass) throws DataAccessException;

  /** Removes every row of the entity's table. */
  void truncate(Class<?> entityClass) throws DataAccessException;

  /**
   * The entities nearest a vector by their {@code @VectorType} column, nearest first, each with the
   * server's similarity as its score ({@code ORDER BY column ANN OF ? LIMIT n}); see {@link
   * VectorSearch}. The column needs an SAI index ({@code @SaiIndexed}).
   *
   * @throws IllegalArgumentException when the property is not a vector column of the vector's
   *     dimensions
   */
  default <T> SearchResults<T> search(VectorSearch search, Class<T> entityClass)
      throws DataAccessException {
    return search(search, entityClass, QueryOptions.empty());
  }

  /**
   * As {@link #search(VectorSearch, Class)}, the ANN query run with {@code options}: consistency,
   * timeout, page size, tracing, idempotence, profile.
   *
   * @throws IllegalArgumentException when the property is not a vector column of the vector's
   *     dimensions
   */
  <T> SearchResults<T> search(VectorSearch search, Class<T> entityClass, QueryOptions options)
      throws DataAccessException;
}
