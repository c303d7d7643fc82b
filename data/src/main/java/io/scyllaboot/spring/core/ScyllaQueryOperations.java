package io.scyllaboot.spring.core;

import io.scyllaboot.spring.core.query.Query;
import io.scyllaboot.spring.core.query.Update;
import java.util.List;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.DataAccessException;
import org.springframework.data.domain.Slice;
import org.springframework.data.domain.Window;

/**
 * The entity template's methods that take a {@link Query} instead of a CQL string, as Spring Data
 * Cassandra's {@code CassandraOperations.select(Query, Class)} and its siblings. The query is
 * rendered against the entity's table (property names resolved to columns) with every value bound
 * to a marker: one prepared statement per query shape, whatever the values.
 *
 * <p>A name that is neither a property nor a column of the entity fails with {@link
 * IllegalArgumentException} before anything is sent.
 */
public interface ScyllaQueryOperations {

  /** The rows matching the query, read as entities (partial entities for selected columns). */
  <T> List<T> select(Query query, Class<T> entityClass) throws DataAccessException;

  /** The first row matching the query, or null. */
  <T> @Nullable T selectOne(Query query, Class<T> entityClass) throws DataAccessException;

  /**
   * One page of the rows: the query's page size ({@link Query#pageSize}) from its paging state. The
   * slice's pageable is a {@code CqlPageRequest} carrying the next paging state; give it to {@link
   * Query#pageRequest} for the next slice.
   *
   * @throws IllegalArgumentException if the query has no page size
   */
  <T> Slice<T> slice(Query query, Class<T> entityClass) throws DataAccessException;

  /**
   * One window of the rows: a {@link #slice} whose last element's position ({@code
   * CqlScrollPosition}, the paging state) resumes after it, through {@link Query#scrollPosition}.
   *
   * @throws IllegalArgumentException if the query has no page size
   */
  <T> Window<T> scroll(Query query, Class<T> entityClass) throws DataAccessException;

  /** The rows as a lazy stream, fetching pages as it advances; close it if not consumed. */
  <T> Stream<T> stream(Query query, Class<T> entityClass) throws DataAccessException;

  /** The number of rows matching the query ({@code SELECT COUNT(*)}). */
  long count(Query query, Class<?> entityClass) throws DataAccessException;

  /** Whether a row matches the query. */
  boolean exists(Query query, Class<?> entityClass) throws DataAccessException;

  /**
   * Applies the update to the rows the query names (its criteria must name whole primary keys, or
   * partitions for static columns); returns whether it was applied.
   */
  boolean update(Query query, Update update, Class<?> entityClass) throws DataAccessException;

  /** The update with options (TTL, timestamp, {@code IF EXISTS}, consistency...). */
  WriteResult update(Query query, Update update, Class<?> entityClass, UpdateOptions options)
      throws DataAccessException;

  /**
   * Deletes the rows the query names, or only its {@linkplain Query#columns columns} of them;
   * returns whether it was applied.
   */
  boolean delete(Query query, Class<?> entityClass) throws DataAccessException;

  /** The delete with options (timestamp, {@code IF EXISTS}, consistency...). */
  WriteResult delete(Query query, Class<?> entityClass, DeleteOptions options)
      throws DataAccessException;
}
