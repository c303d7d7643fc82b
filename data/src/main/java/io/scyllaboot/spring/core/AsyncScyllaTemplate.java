package io.scyllaboot.spring.core;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.Row;
import io.scyllaboot.driver.api.cql.Statement;
import io.scyllaboot.spring.core.query.Query;
import io.scyllaboot.spring.core.query.Update;
import io.scyllaboot.spring.cql.AsyncCqlTemplate;
import io.scyllaboot.spring.cql.RowMapper;
import io.scyllaboot.spring.mapping.ScyllaEntityConverter;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;
import org.springframework.data.domain.Slice;

/**
 * {@link AsyncScyllaOperations} over a {@link ScyllaTemplate}: the same statements, mapping,
 * callbacks, events and exception translation as the blocking template's, with its {@code *Async}
 * methods where it has them. Rows arrive on a driver I/O thread and are mapped on the template's
 * {@linkplain ScyllaTemplate#setAsyncLifecycleExecutor async lifecycle executor} (on the arriving
 * thread when no callback or event listener is registered). Thread-safe.
 */
public class AsyncScyllaTemplate implements AsyncScyllaOperations {
  private final ScyllaTemplate template;
  private final AsyncCqlTemplate cqlTemplate;

  /** On a session, with a {@link ScyllaTemplate} of its own. */
  public AsyncScyllaTemplate(CqlSession session) {
    this(new ScyllaTemplate(session));
  }

  /** On the blocking template's session, converter, callbacks and events. */
  public AsyncScyllaTemplate(ScyllaTemplate template) {
    this.template = Objects.requireNonNull(template, "template");
    this.cqlTemplate =
        new AsyncCqlTemplate(
            template.getCqlOperations().getSession(),
            template.getCqlOperations().getExceptionTranslator());
  }

  /** The blocking template this one delegates to. */
  public ScyllaTemplate getScyllaTemplate() {
    return template;
  }

  @Override
  public AsyncCqlTemplate getAsyncCqlOperations() {
    return cqlTemplate;
  }

  @Override
  public ScyllaEntityConverter getConverter() {
    return template.getConverter();
  }

  private Executor lifecycle() {
    return template.lifecycleExecutor();
  }

  private static final RowMapper<Row> ROW = (row, rowNumber) -> row;

  /** The rows, each mapped and handed on, off the I/O thread. */
  private <T, R> CompletableFuture<R> mapped(
      CompletableFuture<List<Row>> rows, Class<T> type, RowsTo<T, R> into) {
    RowMapper<T> mapper = template.readerFor(type);
    return rows.thenApplyAsync(
        list -> {
          R result = into.start(list.size());
          for (int i = 0; i < list.size(); i++) {
            into.add(result, mapper.mapRow(list.get(i), i));
          }
          return result;
        },
        lifecycle());
  }

  private interface RowsTo<T, R> {
    R start(int size);

    void add(R result, T value);
  }

  private static <T> RowsTo<T, List<T>> toList() {
    return new RowsTo<>() {
      @Override
      public List<T> start(int size) {
        return new ArrayList<>(size);
      }

      @Override
      public void add(List<T> result, T value) {
        result.add(value);
      }
    };
  }

  private static <T> RowsTo<T, @Nullable Void> toConsumer(Consumer<T> consumer) {
    Objects.requireNonNull(consumer, "consumer");
    return new RowsTo<>() {
      @Override
      public @Nullable Void start(int size) {
        return null;
      }

      @Override
      public void add(@Nullable Void result, T value) {
        consumer.accept(value);
      }
    };
  }

  private <T> CompletableFuture<@Nullable T> first(
      CompletableFuture<List<Row>> rows, Class<T> type) {
    RowMapper<T> mapper = template.readerFor(type);
    return rows.thenApplyAsync(
        list -> list.isEmpty() ? null : mapper.mapRow(list.get(0), 0), lifecycle());
  }

  // ---- CQL and statements

  @Override
  public <T> CompletableFuture<List<T>> select(String cql, Class<T> entityClass, Object... args) {
    return mapped(cqlTemplate.query(cql, ROW, args), entityClass, toList());
  }

  @Override
  public <T> CompletableFuture<Void> select(
      String cql, Consumer<T> consumer, Class<T> entityClass, Object... args) {
    return mapped(cqlTemplate.query(cql, ROW, args), entityClass, toConsumer(consumer));
  }

  @Override
  public <T> CompletableFuture<@Nullable T> selectOne(
      String cql, Class<T> entityClass, Object... args) {
    return first(cqlTemplate.query(cql, ROW, args), entityClass);
  }

  @Override
  public <T> CompletableFuture<List<T>> select(Statement<?> statement, Class<T> entityClass) {
    return mapped(cqlTemplate.query(statement, ROW), entityClass, toList());
  }

  @Override
  public <T> CompletableFuture<Void> select(
      Statement<?> statement, Consumer<T> consumer, Class<T> entityClass) {
    return mapped(cqlTemplate.query(statement, ROW), entityClass, toConsumer(consumer));
  }

  @Override
  public <T> CompletableFuture<@Nullable T> selectOne(
      Statement<?> statement, Class<T> entityClass) {
    return first(cqlTemplate.query(statement, ROW), entityClass);
  }

  @Override
  public <T> CompletableFuture<Slice<T>> slice(Statement<?> statement, Class<T> entityClass) {
    Objects.requireNonNull(statement, "statement");
    RowMapper<T> mapper = template.readerFor(entityClass);
    return template
        .queries()
        .page(statement)
        .thenApplyAsync(page -> EntityQueryExecutor.slice(statement, page, mapper), lifecycle());
  }

  // ---- queries without CQL strings

  @Override
  public <T> CompletableFuture<List<T>> select(Query query, Class<T> entityClass) {
    return template.selectAsync(query, entityClass);
  }

  @Override
  public <T> CompletableFuture<Void> select(
      Query query, Consumer<T> consumer, Class<T> entityClass) {
    Objects.requireNonNull(consumer, "consumer");
    return template.selectAsync(query, entityClass).thenAccept(list -> list.forEach(consumer));
  }

  @Override
  public <T> CompletableFuture<@Nullable T> selectOne(Query query, Class<T> entityClass) {
    return template.selectOneAsync(query, entityClass);
  }

  @Override
  public <T> CompletableFuture<Slice<T>> slice(Query query, Class<T> entityClass) {
    return template.sliceAsync(query, entityClass);
  }

  @Override
  public CompletableFuture<Boolean> update(Query query, Update update, Class<?> entityClass) {
    return template
        .updateAsync(query, update, entityClass, UpdateOptions.empty())
        .thenApply(WriteResult::wasApplied);
  }

  @Override
  public CompletableFuture<Boolean> delete(Query query, Class<?> entityClass) {
    return template
        .deleteAsync(query, entityClass, DeleteOptions.empty())
        .thenApply(WriteResult::wasApplied);
  }

  @Override
  public CompletableFuture<Long> count(Query query, Class<?> entityClass) {
    return template.countAsync(query, entityClass);
  }

  @Override
  public CompletableFuture<Boolean> exists(Query query, Class<?> entityClass) {
    return template.existsAsync(query, entityClass);
  }

  // ---- by id and entity

  @Override
  public CompletableFuture<Long> count(Class<?> entityClass) {
    return cqlTemplate
        .queryForObject(template.cql(entityClass).count, Long.class)
        .thenApply(count -> count == null ? 0L : count);
  }

  @Override
  public CompletableFuture<Boolean> exists(Object id, Class<?> entityClass) {
    Objects.requireNonNull(id, "id");
    EntityCql<?> cql = template.cql(entityClass);
    return cqlTemplate
        .query(cql.existsByKey, ROW, cql.idValues(id))
        .thenApply(rows -> !rows.isEmpty());
  }

  @Override
  public <T> CompletableFuture<@Nullable T> selectOneById(Object id, Class<T> entityClass) {
    return template.selectOneByIdAsync(id, entityClass);
  }

  @Override
  public <T> CompletableFuture<T> insert(T entity) {
    return insert(entity, InsertOptions.empty()).thenApply(EntityWriteResult::getEntity);
  }

  @Override
  public <T> CompletableFuture<EntityWriteResult<T>> insert(T entity, InsertOptions options) {
    return template.insertAsync(entity, options);
  }

  @Override
  public <T> CompletableFuture<T> update(T entity) {
    return update(entity, UpdateOptions.empty()).thenApply(EntityWriteResult::getEntity);
  }

  @Override
  public <T> CompletableFuture<EntityWriteResult<T>> update(T entity, UpdateOptions options) {
    return template.updateAsync(entity, options);
  }

  @Override
  public <T> CompletableFuture<T> delete(T entity) {
    return delete(entity, DeleteOptions.empty()).thenApply(result -> entity);
  }

  @Override
  public CompletableFuture<WriteResult> delete(Object entity, DeleteOptions options) {
    return template.deleteAsync(entity, options).thenApply(result -> result);
  }

  @Override
  public CompletableFuture<Boolean> deleteById(Object id, Class<?> entityClass) {
    return template.deleteByIdAsync(id, entityClass);
  }

  @Override
  public CompletableFuture<Void> truncate(Class<?> entityClass) {
    return cqlTemplate.execute(template.cql(entityClass).truncate).thenApply(applied -> null);
  }
}
