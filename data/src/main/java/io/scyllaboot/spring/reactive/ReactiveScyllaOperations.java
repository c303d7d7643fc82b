package io.scyllaboot.spring.reactive;

import io.scyllaboot.driver.api.cql.Statement;
import io.scyllaboot.spring.core.DeleteOptions;
import io.scyllaboot.spring.core.EntityWriteResult;
import io.scyllaboot.spring.core.InsertOptions;
import io.scyllaboot.spring.core.QueryOptions;
import io.scyllaboot.spring.core.UpdateOptions;
import io.scyllaboot.spring.core.VectorSearch;
import io.scyllaboot.spring.core.WriteResult;
import io.scyllaboot.spring.mapping.ScyllaEntityConverter;
import io.scyllaboot.spring.reactive.cql.ReactiveCqlOperations;
import org.springframework.data.domain.SearchResults;
import org.springframework.data.domain.Slice;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Entity operations with Reactor types, the counterpart of Spring Data Cassandra's {@code
 * ReactiveCassandraOperations} and the reactive twin of {@link
 * io.scyllaboot.spring.core.ScyllaOperations}: the same statements (prepared once, values bound),
 * the same {@code @Version} conditions, nothing until subscription and nothing blocking. Failures
 * arrive as Spring {@code DataAccessException}s.
 *
 * <p>Entities with a {@code @Version} property are written with lightweight transactions: an insert
 * is {@code IF NOT EXISTS} with the initial version, an update and a delete are {@code IF version =
 * <the entity's version>} (an update also increments it). A condition that does not hold signals
 * {@link org.springframework.dao.OptimisticLockingFailureException}.
 *
 * <p>{@code Query} objects are taken by {@link ReactiveScyllaQueryOperations}, the fluent API is in
 * {@link ReactiveFluentScyllaOperations}.
 */
public interface ReactiveScyllaOperations
    extends ReactiveScyllaQueryOperations, ReactiveFluentScyllaOperations {

  /** The reactive CQL template underneath, for statements the entity operations do not cover. */
  ReactiveCqlOperations getReactiveCqlOperations();

  /** The converter between rows and entities. */
  ScyllaEntityConverter getConverter();

  /** The table an entity type is mapped to. */
  String getTableName(Class<?> entityClass);

  /** The rows of a query (values bound to its markers) as entities, page by page on demand. */
  <T> Flux<T> select(String cql, Class<T> entityClass, Object... args);

  /** The rows of a statement (its own options) as entities, page by page on demand. */
  <T> Flux<T> select(Statement<?> statement, Class<T> entityClass);

  /** The first row as an entity; empty when there is none. */
  <T> Mono<T> selectOne(String cql, Class<T> entityClass, Object... args);

  /** The first row of a statement as an entity; empty when there is none. */
  <T> Mono<T> selectOne(Statement<?> statement, Class<T> entityClass);

  /**
   * One page of a statement's rows, mapped: as many as its page size (required: {@code
   * statement.withPageSize(n)}), from its paging state on; the slice's {@code getPageable()} is a
   * {@code CqlPageRequest} whose {@code next()} resumes after it.
   */
  <T> Mono<Slice<T>> slice(Statement<?> statement, Class<T> entityClass);

  /**
   * The entity with this primary key; empty when there is none.
   *
   * @param id the key value for a one-column key; else an object (or an entity) whose properties
   *     are named like the key properties
   */
  <T> Mono<T> selectOneById(Object id, Class<T> entityClass);

  /** Whether a row with this primary key exists; {@code id} as for {@link #selectOneById}. */
  Mono<Boolean> exists(Object id, Class<?> entityClass);

  /** The number of rows of the entity's table (a full scan: for small tables and tests). */
  Mono<Long> count(Class<?> entityClass);

  /**
   * Inserts an entity (null properties are left unset); emits the entity as written.
   *
   * <p>Signals {@link org.springframework.dao.OptimisticLockingFailureException} for a versioned
   * entity whose row exists already.
   */
  <T> Mono<T> insert(T entity);

  /** Inserts an entity with options; a failed {@code IF NOT EXISTS} is not applied. */
  <T> Mono<EntityWriteResult<T>> insert(T entity, InsertOptions options);

  /**
   * Updates every column of an entity's row; emits the entity as written.
   *
   * <p>Signals {@link org.springframework.dao.OptimisticLockingFailureException} for a versioned
   * entity whose stored version differs.
   */
  <T> Mono<T> update(T entity);

  /** Updates with options; a failed {@code IF} is not applied. */
  <T> Mono<EntityWriteResult<T>> update(T entity, UpdateOptions options);

  /**
   * Deletes an entity's row; emits the entity.
   *
   * <p>Signals {@link org.springframework.dao.OptimisticLockingFailureException} for a versioned
   * entity whose stored version differs.
   */
  <T> Mono<T> delete(T entity);

  /** Deletes with options; a failed {@code IF} is not applied. */
  Mono<WriteResult> delete(Object entity, DeleteOptions options);

  /** Deletes the row with this primary key; {@code id} as for {@link #selectOneById}. */
  Mono<Boolean> deleteById(Object id, Class<?> entityClass);

  /** Removes every row of the entity's table. */
  Mono<Void> truncate(Class<?> entityClass);

  /**
   * The entities nearest a vector by their {@code @VectorType} column, nearest first, each with the
   * server's similarity as its score, as {@link io.scyllaboot.spring.core.ScyllaOperations#search};
   * signals {@link IllegalArgumentException} when the property is not a vector column of the
   * vector's dimensions.
   */
  default <T> Mono<SearchResults<T>> search(VectorSearch search, Class<T> entityClass) {
    return search(search, entityClass, QueryOptions.empty());
  }

  /**
   * As {@link #search(VectorSearch, Class)}, the ANN query run with {@code options}: consistency,
   * timeout, page size, tracing, idempotence, profile.
   */
  <T> Mono<SearchResults<T>> search(
      VectorSearch search, Class<T> entityClass, QueryOptions options);
}
