package io.scyllaboot.spring.reactive;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.AsyncResultSet;
import io.scyllaboot.driver.api.cql.BoundStatement;
import io.scyllaboot.driver.api.cql.Row;
import io.scyllaboot.driver.api.cql.Statement;
import io.scyllaboot.spring.core.DeleteOptions;
import io.scyllaboot.spring.core.EntityWriteResult;
import io.scyllaboot.spring.core.EntityWriteSupport;
import io.scyllaboot.spring.core.InsertOptions;
import io.scyllaboot.spring.core.PlannedWrite;
import io.scyllaboot.spring.core.QueryOptions;
import io.scyllaboot.spring.core.UpdateOptions;
import io.scyllaboot.spring.core.VectorSearch;
import io.scyllaboot.spring.core.WriteOptions;
import io.scyllaboot.spring.core.WriteResult;
import io.scyllaboot.spring.core.mapping.event.AfterConvertEvent;
import io.scyllaboot.spring.core.mapping.event.AfterDeleteEvent;
import io.scyllaboot.spring.core.mapping.event.AfterLoadEvent;
import io.scyllaboot.spring.core.mapping.event.AfterSaveEvent;
import io.scyllaboot.spring.core.mapping.event.BeforeDeleteEvent;
import io.scyllaboot.spring.core.mapping.event.BeforeSaveEvent;
import io.scyllaboot.spring.core.query.Query;
import io.scyllaboot.spring.core.query.Update;
import io.scyllaboot.spring.cql.ScyllaExceptionTranslator;
import io.scyllaboot.spring.mapping.ScyllaEntityConverter;
import io.scyllaboot.spring.mapping.ScyllaPersistentEntity;
import io.scyllaboot.spring.reactive.cql.ReactiveCqlTemplate;
import io.scyllaboot.spring.reactive.cql.ReactorThreadLocals;
import io.scyllaboot.spring.repository.CqlScrollPosition;
import java.util.Objects;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.BeansException;
import org.springframework.context.ApplicationContext;
import org.springframework.context.ApplicationContextAware;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.ApplicationEventPublisherAware;
import org.springframework.data.domain.SearchResults;
import org.springframework.data.domain.Slice;
import org.springframework.data.domain.Window;
import org.springframework.data.mapping.callback.ReactiveEntityCallbacks;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;

/**
 * The reactive entity template, the counterpart of Spring Data Cassandra's {@code
 * ReactiveCassandraTemplate}: see {@link ReactiveScyllaOperations}. It writes the statements the
 * blocking {@link io.scyllaboot.spring.core.ScyllaTemplate} writes (shared through {@link
 * EntityWriteSupport}), on the driver's asynchronous API. Thread-safe.
 *
 * <p>In a Spring context it picks up the context's reactive entity callbacks ({@code
 * ReactiveBeforeConvertCallback}, {@code ReactiveBeforeSaveCallback}, {@code
 * ReactiveAfterConvertCallback}; reactive auditing is one) and publishes the mapping events ({@code
 * BeforeSaveEvent}, {@code AfterSaveEvent}, {@code AfterLoadEvent}, {@code AfterConvertEvent},
 * {@code BeforeDeleteEvent}, {@code AfterDeleteEvent}); outside one, set them with {@link
 * #setEntityCallbacks} and {@link #setApplicationEventPublisher}. Callbacks and listeners run on
 * the {@link #setLifecycleScheduler lifecycle scheduler} (default bounded-elastic), never on a
 * driver I/O thread, so a listener may block.
 */
public class ReactiveScyllaTemplate
    implements ReactiveScyllaOperations, ApplicationContextAware, ApplicationEventPublisherAware {
  private final ReactiveCqlTemplate cqlTemplate;
  private final CqlSession session;
  private final ScyllaExceptionTranslator translator;
  private final ScyllaEntityConverter converter;
  private final EntityWriteSupport statements;
  private final ReactiveEntityLifecycle lifecycle = new ReactiveEntityLifecycle();
  private final ReactiveEntityQueries queries;

  /**
   * A template on the session with the application's mapping when the session is a Spring Boot
   * application's (see {@link ScyllaEntityConverter#forSession}), else the default mapping.
   */
  public ReactiveScyllaTemplate(CqlSession session) {
    this(new ReactiveCqlTemplate(session), ScyllaEntityConverter.forSession(session));
  }

  public ReactiveScyllaTemplate(CqlSession session, ScyllaEntityConverter converter) {
    this(new ReactiveCqlTemplate(session), converter);
  }

  public ReactiveScyllaTemplate(ReactiveCqlTemplate cqlTemplate, ScyllaEntityConverter converter) {
    this.cqlTemplate = Objects.requireNonNull(cqlTemplate, "cqlTemplate");
    this.converter = Objects.requireNonNull(converter, "converter");
    this.session = cqlTemplate.getSession();
    this.translator = cqlTemplate.getExceptionTranslator();
    this.statements = new EntityWriteSupport(converter);
    this.queries = new ReactiveEntityQueries(this);
  }

  @Override
  public void setApplicationContext(ApplicationContext context) throws BeansException {
    lifecycle.setCallbacks(ReactiveEntityCallbacks.create(context));
    lifecycle.setPublisher(context);
  }

  @Override
  public void setApplicationEventPublisher(ApplicationEventPublisher publisher) {
    lifecycle.setPublisher(publisher);
  }

  /** The reactive callbacks run around writes and reads (null: none). */
  public void setEntityCallbacks(@Nullable ReactiveEntityCallbacks callbacks) {
    lifecycle.setCallbacks(callbacks);
  }

  /** Whether mapping events are published (default true, when there is a publisher). */
  public void setEntityLifecycleEventsEnabled(boolean enabled) {
    lifecycle.setEventsEnabled(enabled);
  }

  /**
   * Where callbacks run and events are published (default {@code Schedulers.boundedElastic()}).
   * {@code Schedulers.immediate()} keeps them on the driver's I/O threads: only for listeners and
   * callbacks that never block.
   */
  public void setLifecycleScheduler(Scheduler scheduler) {
    lifecycle.setScheduler(scheduler);
  }

  @Override
  public ReactiveCqlTemplate getReactiveCqlOperations() {
    return cqlTemplate;
  }

  @Override
  public ScyllaEntityConverter getConverter() {
    return converter;
  }

  @Override
  public String getTableName(Class<?> entityClass) {
    return statements.entity(entityClass).getTableName();
  }

  private Throwable translate(String task, @Nullable String cql, Throwable error) {
    Throwable cause =
        error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
    return cause instanceof RuntimeException runtime
        ? translator.toRuntime(task, cql, runtime)
        : cause;
  }

  /**
   * A driver call as a Mono, failures (also thrown before sending) translated; started with the
   * subscriber's thread-locals (its observation).
   */
  private <R> Mono<R> call(String task, String cql, Supplier<CompletionStage<R>> call) {
    return ReactorThreadLocals.fromStage(call).onErrorMap(error -> translate(task, cql, error));
  }

  // ---- reads

  /**
   * Rows as entities, as the template's reads map them: {@code AfterLoadEvent} per row, then the
   * reactive after-convert callbacks (both on the lifecycle scheduler).
   */
  public <T> Flux<T> read(Flux<Row> rows, Class<T> entityClass) {
    return read(rows, entityClass, false);
  }

  /**
   * {@link #read(Flux, Class)} of rows holding some of the entity's columns (a {@code @Query} or a
   * {@code Query} selecting some): the others are left null.
   */
  public <T> Flux<T> readPartial(Flux<Row> rows, Class<T> entityClass) {
    return read(rows, entityClass, true);
  }

  /** {@link #read(Flux, Class)}; {@code partial}: rows of some columns, the others left null. */
  <T> Flux<T> read(Flux<Row> rows, Class<T> entityClass, boolean partial) {
    ScyllaPersistentEntity<T> entity = statements.entity(entityClass);
    String table = entity.getTableName();
    boolean publishes = lifecycle.publishes();
    Flux<T> read =
        lifecycle
            .offIoThread(rows)
            .map(
                row -> {
                  if (publishes) {
                    lifecycle.publish(new AfterLoadEvent<>(row, entityClass, table));
                  }
                  T found =
                      partial ? converter.readPartial(entity, row) : converter.read(entity, row);
                  if (publishes) {
                    lifecycle.publish(new AfterConvertEvent<>(row, found, table));
                  }
                  return found;
                });
    return lifecycle.hasCallbacks()
        ? read.concatMap(found -> lifecycle.afterConvert(found, table))
        : read;
  }

  @Override
  public <T> Flux<T> select(String cql, Class<T> entityClass, Object... args) {
    return read(cqlTemplate.queryForRows(cql, args), entityClass);
  }

  @Override
  public <T> Flux<T> select(Statement<?> statement, Class<T> entityClass) {
    return read(cqlTemplate.queryForRows(statement), entityClass);
  }

  @Override
  public <T> Mono<T> selectOne(String cql, Class<T> entityClass, Object... args) {
    return select(cql, entityClass, args).next();
  }

  @Override
  public <T> Mono<Slice<T>> slice(Statement<?> statement, Class<T> entityClass) {
    return queries.slice(statement, entityClass);
  }

  @Override
  public <T> Mono<T> selectOne(Statement<?> statement, Class<T> entityClass) {
    return select(statement, entityClass).next();
  }

  @Override
  public <T> Mono<T> selectOneById(Object id, Class<T> entityClass) {
    return Mono.defer(
        () ->
            selectOne(
                statements.selectByKey(entityClass),
                entityClass,
                statements.idValues(id, entityClass)));
  }

  @Override
  public Mono<Boolean> exists(Object id, Class<?> entityClass) {
    return Mono.defer(
        () ->
            cqlTemplate
                .queryForRows(
                    statements.existsByKey(entityClass), statements.idValues(id, entityClass))
                .hasElements());
  }

  @Override
  public Mono<Long> count(Class<?> entityClass) {
    return Mono.defer(() -> cqlTemplate.queryForObject(statements.count(entityClass), Long.class));
  }

  // ---- writes

  @Override
  public <T> Mono<T> insert(T entity) {
    return insert(entity, InsertOptions.empty()).map(EntityWriteResult::getEntity);
  }

  @Override
  public <T> Mono<EntityWriteResult<T>> insert(T entity, InsertOptions options) {
    return save(entity, options, converted -> statements.insert(converted, options));
  }

  /** The fluent API's insert, into another table of the entity's shape when one is named. */
  <T> Mono<EntityWriteResult<T>> insert(T entity, InsertOptions options, @Nullable String table) {
    return table == null
        ? insert(entity, options)
        : save(entity, options, converted -> statements.insert(converted, options, table));
  }

  /** The Query-based methods, against another table of the entity's shape when one is named. */
  ReactiveEntityQueries queries(@Nullable String table) {
    return table == null ? queries : queries.inTable(table);
  }

  @Override
  public <T> Mono<T> update(T entity) {
    return update(entity, UpdateOptions.empty()).map(EntityWriteResult::getEntity);
  }

  @Override
  public <T> Mono<EntityWriteResult<T>> update(T entity, UpdateOptions options) {
    return save(entity, options, converted -> statements.update(converted, options));
  }

  @Override
  public <T> Mono<T> delete(T entity) {
    return delete(entity, DeleteOptions.empty()).thenReturn(entity);
  }

  @Override
  public Mono<WriteResult> delete(Object entity, DeleteOptions options) {
    Objects.requireNonNull(entity, "entity");
    Objects.requireNonNull(options, "options");
    return Mono.defer(() -> execute(statements.delete(entity, options)))
        .map(WriteResult.class::cast);
  }

  /** Before-convert callbacks, then the write they yield. */
  private <T> Mono<EntityWriteResult<T>> save(
      T entity, WriteOptions options, Function<T, PlannedWrite<T>> plan) {
    Objects.requireNonNull(entity, "entity");
    Objects.requireNonNull(options, "options");
    return Mono.defer(
        () -> {
          String table = getTableName(entity.getClass());
          return lifecycle
              .offIoThread(Mono.just(entity))
              .flatMap(source -> lifecycle.beforeConvert(source, table))
              .flatMap(converted -> execute(plan.apply(converted)));
        });
  }

  /**
   * Prepares (through the driver's cache), binds, runs the before-save event and callbacks,
   * executes and reads the outcome: a failed version condition signals {@code
   * OptimisticLockingFailureException}, else the after-save or after-delete event follows.
   */
  private <T> Mono<EntityWriteResult<T>> execute(PlannedWrite<T> write) {
    String task = write.isSave() ? "write" : "delete";
    Mono<BoundStatement> bound =
        call(task, write.cql(), () -> session.prepareAsync(write.cql())).map(write::bind);
    return lifecycle
        .offIoThread(bound)
        .flatMap(
            statement ->
                beforeSave(write, statement)
                    .flatMap(
                        entity ->
                            lifecycle
                                .offIoThread(
                                    call(task, write.cql(), () -> session.executeAsync(statement)))
                                .map((AsyncResultSet page) -> write.result(entity, page))))
        .doOnNext(result -> afterWrite(write, result.getEntity()))
        .doOnError(error -> write.undo());
  }

  private <T> Mono<T> beforeSave(PlannedWrite<T> write, BoundStatement statement) {
    if (!write.isSave()) {
      lifecycle.publish(
          new BeforeDeleteEvent<>(
              write.entity(), write.entityType(), write.tableName(), statement));
      return Mono.just(write.entity());
    }
    if (lifecycle.publishes()) {
      lifecycle.publish(new BeforeSaveEvent<>(write.entity(), write.tableName(), statement));
    }
    return lifecycle.beforeSave(write.entity(), write.tableName(), statement);
  }

  private <T> void afterWrite(PlannedWrite<T> write, T entity) {
    if (write.isSave()) {
      lifecycle.publish(new AfterSaveEvent<>(entity, write.tableName()));
    } else {
      lifecycle.publish(new AfterDeleteEvent<>(entity, write.entityType(), write.tableName()));
    }
  }

  @Override
  public Mono<Boolean> deleteById(Object id, Class<?> entityClass) {
    return Mono.defer(
            () -> {
              Object[] values = statements.idValues(id, entityClass);
              lifecycle.publish(
                  new BeforeDeleteEvent<>(id, entityClass, getTableName(entityClass), null));
              return lifecycle.offIoThread(
                  cqlTemplate.execute(statements.deleteByKey(entityClass), values));
            })
        .doOnNext(
            applied ->
                lifecycle.publish(
                    new AfterDeleteEvent<>(id, entityClass, getTableName(entityClass))));
  }

  @Override
  public Mono<Void> truncate(Class<?> entityClass) {
    return Mono.defer(() -> cqlTemplate.execute(statements.truncate(entityClass))).then();
  }

  // ---- Query objects (ReactiveScyllaQueryOperations)

  @Override
  public <T> Flux<T> select(Query query, Class<T> entityClass) {
    return queries.select(query, entityClass);
  }

  @Override
  public <T> Mono<T> selectOne(Query query, Class<T> entityClass) {
    return queries.select(query, entityClass).next();
  }

  @Override
  public <T> Mono<Window<T>> scroll(Query query, Class<T> entityClass) {
    return slice(query, entityClass).map(CqlScrollPosition::window);
  }

  @Override
  public <T> Mono<Slice<T>> slice(Query query, Class<T> entityClass) {
    return queries.slice(query, entityClass);
  }

  @Override
  public Mono<Long> count(Query query, Class<?> entityClass) {
    return queries.count(query, entityClass);
  }

  @Override
  public Mono<Boolean> exists(Query query, Class<?> entityClass) {
    return queries.exists(query, entityClass);
  }

  @Override
  public Mono<Boolean> update(Query query, Update update, Class<?> entityClass) {
    return queries
        .update(query, update, entityClass, UpdateOptions.empty())
        .map(WriteResult::wasApplied);
  }

  @Override
  public Mono<WriteResult> update(
      Query query, Update update, Class<?> entityClass, UpdateOptions options) {
    return queries.update(query, update, entityClass, options);
  }

  @Override
  public Mono<Boolean> delete(Query query, Class<?> entityClass) {
    return queries.delete(query, entityClass, DeleteOptions.empty()).map(WriteResult::wasApplied);
  }

  @Override
  public Mono<WriteResult> delete(Query query, Class<?> entityClass, DeleteOptions options) {
    return queries.delete(query, entityClass, options);
  }

  // ---- the fluent API (ReactiveFluentScyllaOperations)

  @Override
  public <T> ReactiveSelect<T> query(Class<T> domainType) {
    return new ReactiveSelect<>(this, domainType, domainType, Query.empty(), null);
  }

  @Override
  public <T> ReactiveInsert<T> insert(Class<T> domainType) {
    return new ReactiveInsert<>(this, domainType, InsertOptions.empty(), null);
  }

  @Override
  public <T> ReactiveUpdate<T> update(Class<T> domainType) {
    return new ReactiveUpdate<>(this, domainType, Query.empty(), UpdateOptions.empty(), null);
  }

  @Override
  public <T> ReactiveDelete<T> delete(Class<T> domainType) {
    return new ReactiveDelete<>(this, domainType, Query.empty(), DeleteOptions.empty(), null);
  }

  // ---- vector search

  @Override
  public <T> Mono<SearchResults<T>> search(
      VectorSearch search, Class<T> entityClass, QueryOptions options) {
    return queries.search(search, entityClass, options);
  }
}
