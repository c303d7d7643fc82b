package io.scyllaboot.spring.core;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.AsyncResultSet;
import io.scyllaboot.driver.api.cql.BatchStatement;
import io.scyllaboot.driver.api.cql.BoundStatement;
import io.scyllaboot.driver.api.cql.ResultSet;
import io.scyllaboot.driver.api.cql.Row;
import io.scyllaboot.driver.api.cql.Statement;
import io.scyllaboot.spring.core.mapping.event.AfterConvertEvent;
import io.scyllaboot.spring.core.mapping.event.AfterDeleteEvent;
import io.scyllaboot.spring.core.mapping.event.AfterLoadEvent;
import io.scyllaboot.spring.core.mapping.event.BeforeDeleteEvent;
import io.scyllaboot.spring.core.query.Query;
import io.scyllaboot.spring.core.query.Update;
import io.scyllaboot.spring.cql.CqlTemplate;
import io.scyllaboot.spring.cql.ResultSetExtractor;
import io.scyllaboot.spring.cql.RowMapper;
import io.scyllaboot.spring.cql.ScyllaExceptionTranslator;
import io.scyllaboot.spring.mapping.ScyllaEntityConverter;
import io.scyllaboot.spring.mapping.ScyllaPersistentEntity;
import io.scyllaboot.spring.repository.CqlScrollPosition;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.BeansException;
import org.springframework.context.ApplicationContext;
import org.springframework.context.ApplicationContextAware;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.ApplicationEventPublisherAware;
import org.springframework.data.domain.SearchResults;
import org.springframework.data.domain.Slice;
import org.springframework.data.domain.Window;
import org.springframework.data.mapping.callback.EntityCallbacks;

/**
 * The entity template, the counterpart of Spring Data Cassandra's {@code CassandraTemplate}: see
 * {@link ScyllaOperations}. Thread-safe. In a Spring context it picks up the context's entity
 * callbacks (e.g. auditing) and publishes mapping events ({@code BeforeSaveEvent}, {@code
 * AfterSaveEvent}, {@code AfterLoadEvent}, {@code AfterConvertEvent}, {@code BeforeDeleteEvent},
 * {@code AfterDeleteEvent}); outside one, set them with {@link #setEntityCallbacks} and {@link
 * #setApplicationEventPublisher}.
 */
public class ScyllaTemplate
    implements ScyllaOperations, ApplicationContextAware, ApplicationEventPublisherAware {
  private final CqlTemplate cqlTemplate;
  private final CqlSession session;
  private final ScyllaExceptionTranslator translator;
  private final ScyllaEntityConverter converter;
  private final EntityLifecycle lifecycle = new EntityLifecycle();
  private final EntityWrites writes;
  private final EntityWriteSupport statements;
  private final RowReaders readers;
  private final EntityQueryExecutor queries;
  private volatile Executor asyncLifecycleExecutor = ForkJoinPool.commonPool();

  /**
   * A template on the session with the application's mapping when the session is a Spring Boot
   * application's (its {@code scylla.mapping.*} properties, naming strategy and custom conversions,
   * see {@link ScyllaEntityConverter#forSession}), else the default mapping (snake_case names).
   */
  public ScyllaTemplate(CqlSession session) {
    this(new CqlTemplate(session), ScyllaEntityConverter.forSession(session));
  }

  public ScyllaTemplate(CqlSession session, ScyllaEntityConverter converter) {
    this(new CqlTemplate(session), converter);
  }

  public ScyllaTemplate(CqlTemplate cqlTemplate, ScyllaEntityConverter converter) {
    this.cqlTemplate = Objects.requireNonNull(cqlTemplate, "cqlTemplate");
    this.converter = Objects.requireNonNull(converter, "converter");
    this.session = cqlTemplate.getSession();
    this.translator = cqlTemplate.getExceptionTranslator();
    this.writes = new EntityWrites(session, translator, lifecycle);
    this.statements = new EntityWriteSupport(converter);
    this.readers = new RowReaders(converter, type -> mapper(cql(type)));
    this.queries = new EntityQueryExecutor(this);
  }

  @Override
  public void setApplicationContext(ApplicationContext context) throws BeansException {
    lifecycle.setCallbacks(EntityCallbacks.create(context));
    lifecycle.setPublisher(context);
  }

  @Override
  public void setApplicationEventPublisher(ApplicationEventPublisher publisher) {
    lifecycle.setPublisher(publisher);
  }

  /** The callbacks run around writes and reads (null: none). */
  public void setEntityCallbacks(@Nullable EntityCallbacks callbacks) {
    lifecycle.setCallbacks(callbacks);
  }

  /**
   * Where the async methods run callbacks and events (default: the common fork-join pool), never on
   * the driver's I/O thread, where a listener that calls the database would block the event loop.
   * Without callbacks and events they add no thread hop.
   */
  public void setAsyncLifecycleExecutor(Executor executor) {
    this.asyncLifecycleExecutor = Objects.requireNonNull(executor, "executor");
  }

  Executor lifecycleExecutor() {
    return lifecycle.isActive() ? asyncLifecycleExecutor : Runnable::run;
  }

  /** Whether mapping events are published (default true, when there is a publisher). */
  public void setEntityLifecycleEventsEnabled(boolean enabled) {
    lifecycle.setEventsEnabled(enabled);
  }

  @Override
  public CqlTemplate getCqlOperations() {
    return cqlTemplate;
  }

  @Override
  public ScyllaEntityConverter getConverter() {
    return converter;
  }

  @Override
  public String getTableName(Class<?> entityClass) {
    return cql(entityClass).entity().getTableName();
  }

  <T> EntityCql<T> cql(Class<T> type) {
    return statements.cql(type);
  }

  @SuppressWarnings("unchecked")
  private <T> EntityCql<T> cqlOf(T entity) {
    return cql((Class<T>) Objects.requireNonNull(entity, "entity").getClass());
  }

  // ---- reads

  /**
   * Maps rows to entities as the template's reads do: publishes {@code AfterLoadEvent}, runs
   * after-convert callbacks. Resolve it once and map every row with it.
   */
  public <T> RowMapper<T> rowMapper(Class<T> entityClass) {
    return mapper(cql(entityClass));
  }

  /**
   * As {@link #rowMapper}, for rows that may lack some of the entity's columns (a query selecting
   * some): their properties stay null (or their constructor default).
   */
  public <T> RowMapper<T> partialRowMapper(Class<T> entityClass) {
    return mapper(cql(entityClass), true);
  }

  private <T> RowMapper<T> mapper(EntityCql<T> cql) {
    return mapper(cql, false);
  }

  private <T> RowMapper<T> mapper(EntityCql<T> cql, boolean partial) {
    ScyllaPersistentEntity<T> entity = cql.entity();
    String table = entity.getTableName();
    return (row, rowNumber) -> {
      if (lifecycle.publishes()) {
        lifecycle.publish(new AfterLoadEvent<>(row, entity.getType(), table));
      }
      T read = partial ? converter.readPartial(entity, row) : converter.read(entity, row);
      if (lifecycle.publishes()) {
        lifecycle.publish(new AfterConvertEvent<>(row, read, table));
      }
      return lifecycle.afterConvert(read, table);
    };
  }

  @Override
  public <T> List<T> select(String cql, Class<T> entityClass, Object... args) {
    return cqlTemplate.query(cql, readers.forType(entityClass), args);
  }

  @Override
  public <T> List<T> select(Statement<?> statement, Class<T> entityClass) {
    return cqlTemplate.query(statement, readers.forType(entityClass));
  }

  @Override
  public <T> Stream<T> stream(String cql, Class<T> entityClass, Object... args) {
    return cqlTemplate.queryForStream(cql, readers.forType(entityClass), args);
  }

  @Override
  public <T> Stream<T> stream(Statement<?> statement, Class<T> entityClass) {
    return cqlTemplate.queryForStream(statement, readers.forType(entityClass));
  }

  @Override
  public <T> @Nullable T selectOne(String cql, Class<T> entityClass, Object... args) {
    RowMapper<T> mapper = readers.forType(entityClass);
    ResultSetExtractor<T> firstRow = result -> first(result.one(), mapper);
    return cqlTemplate.query(cql, firstRow, args);
  }

  @Override
  public <T> @Nullable T selectOne(Statement<?> statement, Class<T> entityClass) {
    RowMapper<T> mapper = readers.forType(entityClass);
    ResultSetExtractor<T> firstRow = result -> first(result.one(), mapper);
    return cqlTemplate.query(statement, firstRow);
  }

  /**
   * One page of {@code statement}'s rows: as many as its page size (which it must have), from its
   * paging state on; the slice's {@code getPageable()} is a {@code CqlPageRequest} whose next page
   * resumes after it.
   */
  @Override
  public <T> Slice<T> slice(Statement<?> statement, Class<T> entityClass) {
    Objects.requireNonNull(statement, "statement");
    RowMapper<T> mapper = readers.forType(entityClass);
    // Mapped on the caller's thread, as the other blocking reads map their rows.
    return EntityQueryExecutor.slice(
        statement, EntityQueryExecutor.await(queries.page(statement)), mapper);
  }

  /**
   * The rows of a CQL query or statement mapped as {@link #select} maps them: for the async
   * template.
   */
  <T> RowMapper<T> readerFor(Class<T> entityClass) {
    return readers.forType(entityClass);
  }

  EntityQueryExecutor queries() {
    return queries;
  }

  private static <T> @Nullable T first(@Nullable Row row, RowMapper<T> mapper) {
    return row == null ? null : mapper.mapRow(row, 0);
  }

  @Override
  public <T> @Nullable T selectOneById(Object id, Class<T> entityClass) {
    EntityCql<T> cql = cql(entityClass);
    return selectOne(cql.selectByKey, entityClass, cql.idValues(Objects.requireNonNull(id, "id")));
  }

  @Override
  public boolean exists(Object id, Class<?> entityClass) {
    EntityCql<?> cql = cql(entityClass);
    ResultSetExtractor<Boolean> anyRow = result -> result.one() != null;
    return cqlTemplate.query(
        cql.existsByKey, anyRow, cql.idValues(Objects.requireNonNull(id, "id")));
  }

  @Override
  public long count(Class<?> entityClass) {
    return cqlTemplate.queryForObject(cql(entityClass).count, Long.class);
  }

  // ---- writes

  @Override
  public <T> T insert(T entity) {
    return insert(entity, InsertOptions.empty()).getEntity();
  }

  @Override
  public <T> EntityWriteResult<T> insert(T entity, InsertOptions options) {
    return writes.execute(writes.insert(cqlOf(entity), entity, options, true));
  }

  /** The fluent API's insert, into another table of the entity's shape when one is named. */
  @SuppressWarnings("unchecked")
  <T> EntityWriteResult<T> insert(T entity, InsertOptions options, @Nullable String table) {
    EntityCql<T> cql = statements.cql((Class<T>) entity.getClass(), table);
    return writes.execute(writes.insert(cql, entity, options, true));
  }

  /** The Query-based methods, against another table of the entity's shape when one is named. */
  EntityQueryExecutor queries(@Nullable String table) {
    return table == null ? queries : queries.inTable(table);
  }

  /**
   * Asynchronous {@link #insert(Object, InsertOptions)}; translated failures complete it. Callbacks
   * and events run on the {@linkplain #setAsyncLifecycleExecutor async lifecycle executor}.
   */
  public <T> CompletableFuture<EntityWriteResult<T>> insertAsync(T entity, InsertOptions options) {
    return insertAsync(entity, options, lifecycleExecutor());
  }

  /** {@link #insertAsync(Object, InsertOptions)} with callbacks and events run on this executor. */
  public <T> CompletableFuture<EntityWriteResult<T>> insertAsync(
      T entity, InsertOptions options, Executor lifecycle) {
    return writes.executeAsync(
        () -> writes.insert(cqlOf(entity), entity, options, true), lifecycle);
  }

  @Override
  public <T> T update(T entity) {
    return update(entity, UpdateOptions.empty()).getEntity();
  }

  @Override
  public <T> EntityWriteResult<T> update(T entity, UpdateOptions options) {
    return writes.execute(writes.update(cqlOf(entity), entity, options, true));
  }

  /** Asynchronous {@link #update(Object, UpdateOptions)}, as {@link #insertAsync}. */
  public <T> CompletableFuture<EntityWriteResult<T>> updateAsync(T entity, UpdateOptions options) {
    return updateAsync(entity, options, lifecycleExecutor());
  }

  /** {@link #updateAsync(Object, UpdateOptions)} with callbacks and events run on this executor. */
  public <T> CompletableFuture<EntityWriteResult<T>> updateAsync(
      T entity, UpdateOptions options, Executor lifecycle) {
    return writes.executeAsync(
        () -> writes.update(cqlOf(entity), entity, options, true), lifecycle);
  }

  @Override
  public void delete(Object entity) {
    delete(entity, DeleteOptions.empty());
  }

  @Override
  public WriteResult delete(Object entity, DeleteOptions options) {
    return writes.execute(writes.delete(cqlOf(entity), entity, options, true));
  }

  /** Asynchronous {@link #delete(Object, DeleteOptions)}, as {@link #insertAsync}. */
  public CompletableFuture<? extends WriteResult> deleteAsync(
      Object entity, DeleteOptions options) {
    return deleteAsync(entity, options, lifecycleExecutor());
  }

  /** {@link #deleteAsync(Object, DeleteOptions)} with events run on this executor. */
  public CompletableFuture<? extends WriteResult> deleteAsync(
      Object entity, DeleteOptions options, Executor lifecycle) {
    return writes.executeAsync(
        () -> writes.delete(cqlOf(entity), entity, options, true), lifecycle);
  }

  @Override
  public boolean deleteById(Object id, Class<?> entityClass) {
    Objects.requireNonNull(id, "id");
    EntityCql<?> cql = cql(entityClass);
    String deleteCql = cql.delete(false, false, null);
    Object[] values = cql.idValues(id);
    lifecycle.publish(new BeforeDeleteEvent<>(id, entityClass, cql.entity().getTableName(), null));
    boolean applied = cqlTemplate.execute(deleteCql, values);
    lifecycle.publish(new AfterDeleteEvent<>(id, entityClass, cql.entity().getTableName()));
    return applied;
  }

  /** Asynchronous {@link #deleteById}: the statement's future, failures translated. */
  public CompletableFuture<Boolean> deleteByIdAsync(Object id, Class<?> entityClass) {
    return deleteByIdAsync(id, entityClass, lifecycleExecutor());
  }

  /** {@link #deleteByIdAsync(Object, Class)} with the after-delete event run on this executor. */
  public CompletableFuture<Boolean> deleteByIdAsync(
      Object id, Class<?> entityClass, Executor lifecycle) {
    Objects.requireNonNull(id, "id");
    EntityCql<?> cql = cql(entityClass);
    String deleteCql = cql.delete(false, false, null);
    Object[] values = cql.idValues(id);
    this.lifecycle.publish(
        new BeforeDeleteEvent<>(id, entityClass, cql.entity().getTableName(), null));
    return writes
        .run(deleteCql, () -> session.executeAsync(deleteCql, values))
        .thenApply(
            page -> {
              page.close();
              return page.wasApplied();
            })
        .thenApplyAsync(
            applied -> {
              this.lifecycle.publish(
                  new AfterDeleteEvent<>(id, entityClass, cql.entity().getTableName()));
              return applied;
            },
            lifecycle);
  }

  /** Asynchronous {@link #selectOneById}: null when there is no such row. */
  public <T> CompletableFuture<@Nullable T> selectOneByIdAsync(Object id, Class<T> entityClass) {
    return selectOneByIdAsync(id, entityClass, lifecycleExecutor());
  }

  /** {@link #selectOneByIdAsync(Object, Class)} with the row mapped (events, callbacks) there. */
  public <T> CompletableFuture<@Nullable T> selectOneByIdAsync(
      Object id, Class<T> entityClass, Executor lifecycle) {
    Objects.requireNonNull(id, "id");
    EntityCql<T> cql = cql(entityClass);
    RowMapper<T> mapper = mapper(cql);
    return writes
        .run(cql.selectByKey, () -> session.executeAsync(cql.selectByKey, cql.idValues(id)))
        .thenApply(
            page -> {
              try {
                return page.one();
              } finally {
                page.close();
              }
            })
        .thenApplyAsync(row -> first(row, mapper), lifecycle);
  }

  @Override
  public void truncate(Class<?> entityClass) {
    cqlTemplate.execute(cql(entityClass).truncate);
  }

  @Override
  public ScyllaBatchOperations batchOps(BatchStatement.BatchType type) {
    return new DefaultScyllaBatchOperations(this, type);
  }

  // ---- Query objects (ScyllaQueryOperations) and the fluent API

  @Override
  public <T> List<T> select(Query query, Class<T> entityClass) {
    return queries.select(query, entityClass);
  }

  @Override
  public <T> @Nullable T selectOne(Query query, Class<T> entityClass) {
    return queries.selectOne(query, entityClass);
  }

  @Override
  public <T> Slice<T> slice(Query query, Class<T> entityClass) {
    return queries.slice(query, entityClass);
  }

  @Override
  public <T> Window<T> scroll(Query query, Class<T> entityClass) {
    return CqlScrollPosition.window(slice(query, entityClass));
  }

  @Override
  public <T> Stream<T> stream(Query query, Class<T> entityClass) {
    return queries.stream(query, entityClass);
  }

  @Override
  public long count(Query query, Class<?> entityClass) {
    return queries.count(query, entityClass);
  }

  @Override
  public boolean exists(Query query, Class<?> entityClass) {
    return queries.exists(query, entityClass);
  }

  @Override
  public boolean update(Query query, Update update, Class<?> entityClass) {
    return queries.update(query, update, entityClass, UpdateOptions.empty()).wasApplied();
  }

  @Override
  public WriteResult update(
      Query query, Update update, Class<?> entityClass, UpdateOptions options) {
    return queries.update(query, update, entityClass, options);
  }

  @Override
  public boolean delete(Query query, Class<?> entityClass) {
    return queries.delete(query, entityClass, DeleteOptions.empty()).wasApplied();
  }

  @Override
  public WriteResult delete(Query query, Class<?> entityClass, DeleteOptions options) {
    return queries.delete(query, entityClass, options);
  }

  /** Asynchronous {@link #select(Query, Class)}: rows mapped on the async lifecycle executor. */
  public <T> CompletableFuture<List<T>> selectAsync(Query query, Class<T> entityClass) {
    return EntityQueryExecutor.guarded(
        () -> queries.selectAsync(query, entityClass, lifecycleExecutor()));
  }

  /** Asynchronous {@link #selectOne(Query, Class)}. */
  public <T> CompletableFuture<@Nullable T> selectOneAsync(Query query, Class<T> entityClass) {
    return EntityQueryExecutor.guarded(
        () -> queries.selectOneAsync(query, entityClass, lifecycleExecutor()));
  }

  /** Asynchronous {@link #slice(Query, Class)}. */
  public <T> CompletableFuture<Slice<T>> sliceAsync(Query query, Class<T> entityClass) {
    return EntityQueryExecutor.guarded(
        () -> queries.sliceAsync(query, entityClass, lifecycleExecutor()));
  }

  /** Asynchronous {@link #count(Query, Class)}. */
  public CompletableFuture<Long> countAsync(Query query, Class<?> entityClass) {
    return EntityQueryExecutor.guarded(() -> queries.countAsync(query, entityClass));
  }

  /** Asynchronous {@link #exists(Query, Class)}. */
  public CompletableFuture<Boolean> existsAsync(Query query, Class<?> entityClass) {
    return EntityQueryExecutor.guarded(() -> queries.existsAsync(query, entityClass));
  }

  /** Asynchronous {@link #update(Query, Update, Class, UpdateOptions)}. */
  public CompletableFuture<WriteResult> updateAsync(
      Query query, Update update, Class<?> entityClass, UpdateOptions options) {
    return queries.updateAsync(query, update, entityClass, options);
  }

  /** Asynchronous {@link #delete(Query, Class, DeleteOptions)}. */
  public CompletableFuture<WriteResult> deleteAsync(
      Query query, Class<?> entityClass, DeleteOptions options) {
    return queries.deleteAsync(query, entityClass, options);
  }

  @Override
  public <T> ExecutableSelect<T> query(Class<T> domainType) {
    return new ExecutableSelect<>(this, domainType, domainType, Query.empty(), null);
  }

  @Override
  public <T> ExecutableInsert<T> insert(Class<T> domainType) {
    return new ExecutableInsert<>(this, domainType, InsertOptions.empty(), null);
  }

  @Override
  public <T> ExecutableUpdate<T> update(Class<T> domainType) {
    return new ExecutableUpdate<>(this, domainType, Query.empty(), UpdateOptions.empty(), null);
  }

  @Override
  public <T> ExecutableDelete<T> delete(Class<T> domainType) {
    return new ExecutableDelete<>(this, domainType, Query.empty(), DeleteOptions.empty(), null);
  }

  @Override
  public <T> SearchResults<T> search(
      VectorSearch search, Class<T> entityClass, QueryOptions options) {
    Objects.requireNonNull(options, "options");
    return new VectorSearches(converter)
        .search(
            cqlTemplate,
            search,
            cql(entityClass).entity(),
            rowMapper(entityClass),
            options.getStatementOptions());
  }

  // ---- for batches

  // Versions are checked in batches too: a versioned write carries its condition and its undo.

  <T> EntityWrites.Write<T> batchInsert(T entity, InsertOptions options, boolean checkVersion) {
    return writes.insert(cqlOf(entity), entity, options, checkVersion);
  }

  <T> EntityWrites.Write<T> batchUpdate(T entity, UpdateOptions options, boolean checkVersion) {
    return writes.update(cqlOf(entity), entity, options, checkVersion);
  }

  <T> EntityWrites.Write<T> batchDelete(T entity, boolean checkVersion) {
    return writes.delete(cqlOf(entity), entity, DeleteOptions.empty(), checkVersion);
  }

  BoundStatement bind(EntityWrites.Write<?> write) {
    return writes.bind(write);
  }

  WriteResult executeBatch(BatchStatement batch) {
    try (ResultSet result = session.execute(batch)) {
      return new WriteResult(result.wasApplied(), result.all(), result.executionInfo());
    } catch (RuntimeException e) {
      throw translator.toRuntime("batch", batch.toString(), e);
    }
  }

  static List<Row> rows(AsyncResultSet page) {
    List<Row> rows = new ArrayList<>(page.remaining());
    page.currentPage().forEach(rows::add);
    return rows;
  }
}
