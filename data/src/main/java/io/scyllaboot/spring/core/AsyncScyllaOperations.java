package io.scyllaboot.spring.core;

import io.scyllaboot.driver.api.cql.Statement;
import io.scyllaboot.spring.core.query.Query;
import io.scyllaboot.spring.core.query.Update;
import io.scyllaboot.spring.cql.AsyncCqlOperations;
import io.scyllaboot.spring.mapping.ScyllaEntityConverter;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;
import org.springframework.data.domain.Slice;

/**
 * The entity template's operations, asynchronous: Spring Data Cassandra's {@code
 * AsyncCassandraOperations} method set. Every method returns at once; its future completes with the
 * result, or with the {@code DataAccessException} the blocking method would throw (also for a
 * failure before anything was sent). Rows are mapped, and callbacks and events run, off the
 * driver's I/O threads (on the template's async lifecycle executor). Implemented by {@link
 * AsyncScyllaTemplate}.
 */
public interface AsyncScyllaOperations {

  /** The asynchronous CQL template, for what is not about entities. */
  AsyncCqlOperations getAsyncCqlOperations();

  ScyllaEntityConverter getConverter();

  // ---- CQL and statements

  /** Every row of a query (every page), mapped to the entity or single-column type. */
  <T> CompletableFuture<List<T>> select(String cql, Class<T> entityClass, Object... args);

  /** Every row of a query, each handed to {@code consumer} as it is mapped. */
  <T> CompletableFuture<Void> select(
      String cql, Consumer<T> consumer, Class<T> entityClass, Object... args);

  <T> CompletableFuture<@Nullable T> selectOne(String cql, Class<T> entityClass, Object... args);

  <T> CompletableFuture<List<T>> select(Statement<?> statement, Class<T> entityClass);

  <T> CompletableFuture<Void> select(
      Statement<?> statement, Consumer<T> consumer, Class<T> entityClass);

  <T> CompletableFuture<@Nullable T> selectOne(Statement<?> statement, Class<T> entityClass);

  /** One page, as {@link ScyllaOperations#slice(Statement, Class)}. */
  <T> CompletableFuture<Slice<T>> slice(Statement<?> statement, Class<T> entityClass);

  // ---- queries without CQL strings

  <T> CompletableFuture<List<T>> select(Query query, Class<T> entityClass);

  <T> CompletableFuture<Void> select(Query query, Consumer<T> consumer, Class<T> entityClass);

  <T> CompletableFuture<@Nullable T> selectOne(Query query, Class<T> entityClass);

  /** One page, as {@link ScyllaQueryOperations#slice(Query, Class)}. */
  <T> CompletableFuture<Slice<T>> slice(Query query, Class<T> entityClass);

  /** Whether the update was applied (always, unless conditional). */
  CompletableFuture<Boolean> update(Query query, Update update, Class<?> entityClass);

  CompletableFuture<Boolean> delete(Query query, Class<?> entityClass);

  CompletableFuture<Long> count(Query query, Class<?> entityClass);

  CompletableFuture<Boolean> exists(Query query, Class<?> entityClass);

  // ---- by id and entity

  CompletableFuture<Long> count(Class<?> entityClass);

  CompletableFuture<Boolean> exists(Object id, Class<?> entityClass);

  <T> CompletableFuture<@Nullable T> selectOneById(Object id, Class<T> entityClass);

  <T> CompletableFuture<T> insert(T entity);

  <T> CompletableFuture<EntityWriteResult<T>> insert(T entity, InsertOptions options);

  <T> CompletableFuture<T> update(T entity);

  <T> CompletableFuture<EntityWriteResult<T>> update(T entity, UpdateOptions options);

  <T> CompletableFuture<T> delete(T entity);

  CompletableFuture<WriteResult> delete(Object entity, DeleteOptions options);

  CompletableFuture<Boolean> deleteById(Object id, Class<?> entityClass);

  CompletableFuture<Void> truncate(Class<?> entityClass);
}
