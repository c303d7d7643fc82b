package io.scyllaboot.spring.core;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.AsyncResultSet;
import io.scyllaboot.driver.api.cql.BoundStatement;
import io.scyllaboot.driver.api.cql.PagingState;
import io.scyllaboot.driver.api.cql.ResultSet;
import io.scyllaboot.driver.api.cql.Row;
import io.scyllaboot.driver.api.cql.Statement;
import io.scyllaboot.driver.internal.util.DriverThreads;
import io.scyllaboot.spring.core.query.Query;
import io.scyllaboot.spring.core.query.Update;
import io.scyllaboot.spring.cql.CqlTemplate;
import io.scyllaboot.spring.cql.RowMapper;
import io.scyllaboot.spring.cql.ScyllaExceptionTranslator;
import io.scyllaboot.spring.mapping.ScyllaPersistentEntity;
import io.scyllaboot.spring.repository.CqlPageRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.springframework.data.domain.Slice;
import org.springframework.data.domain.SliceImpl;

/**
 * Runs the {@link Query}-based methods of {@link ScyllaTemplate}, blocking and asynchronous:
 * renders the query, prepares it through the session's cache, binds and reads the rows as the
 * template's other reads do.
 */
final class EntityQueryExecutor {
  private final ScyllaTemplate template;
  private final CqlTemplate cqlTemplate;
  private final CqlSession session;
  private final ScyllaExceptionTranslator translator;
  private final QueryRenderer renderer;

  EntityQueryExecutor(ScyllaTemplate template) {
    this(template, new QueryRenderer(template.getConverter()));
  }

  private EntityQueryExecutor(ScyllaTemplate template, QueryRenderer renderer) {
    this.template = template;
    this.cqlTemplate = template.getCqlOperations();
    this.session = cqlTemplate.getSession();
    this.translator = cqlTemplate.getExceptionTranslator();
    this.renderer = renderer;
  }

  /** The same methods against another table of the entity's shape (the fluent {@code inTable}). */
  EntityQueryExecutor inTable(String table) {
    return new EntityQueryExecutor(template, renderer.inTable(table));
  }

  private <T> ScyllaPersistentEntity<T> entity(Class<T> type) {
    return template.cql(type).entity();
  }

  private <T> RowMapper<T> mapper(QueryStatement statement, Class<T> type) {
    return statement.columnsSelected() ? template.partialRowMapper(type) : template.rowMapper(type);
  }

  private BoundStatement bind(QueryStatement statement) {
    try {
      return statement.bind(session.prepare(statement.cql()));
    } catch (RuntimeException e) {
      throw translator.toRuntime("query", statement.cql(), e);
    }
  }

  // ---- blocking

  <T> List<T> select(Query query, Class<T> type) {
    QueryStatement statement = renderer.select(query, entity(type));
    return cqlTemplate.query(bind(statement), mapper(statement, type));
  }

  <T> @Nullable T selectOne(Query query, Class<T> type) {
    QueryStatement statement = renderer.select(query, entity(type));
    RowMapper<T> mapper = mapper(statement, type);
    return cqlTemplate.query(
        bind(statement),
        result -> {
          Row row = result.one();
          return row == null ? null : mapper.mapRow(row, 0);
        });
  }

  <T> Stream<T> stream(Query query, Class<T> type) {
    QueryStatement statement = renderer.select(query, entity(type));
    return cqlTemplate.queryForStream(bind(statement), mapper(statement, type));
  }

  <T> Slice<T> slice(Query query, Class<T> type) {
    int size = pageSize(query, type);
    QueryStatement statement = renderer.select(query, entity(type));
    // It waits for the page: on a driver I/O thread nothing would ever answer.
    DriverThreads.checkNotDriverThread("slice");
    // Mapped on the caller's thread, as the other blocking reads map their rows.
    AsyncResultSet page = join(firstPage(statement));
    return slice(page, size, query.getPagingState(), mapper(statement, type));
  }

  long count(Query query, Class<?> type) {
    Long count = cqlTemplate.queryForObject(bind(renderer.count(query, entity(type))), Long.class);
    return count == null ? 0 : count;
  }

  boolean exists(Query query, Class<?> type) {
    return cqlTemplate.query(
        bind(renderer.exists(query, entity(type))), result -> result.one() != null);
  }

  WriteResult update(Query query, Update update, Class<?> type, UpdateOptions options) {
    return write(renderer.update(query, update, entity(type), options));
  }

  WriteResult delete(Query query, Class<?> type, DeleteOptions options) {
    return write(renderer.delete(query, entity(type), options));
  }

  private WriteResult write(QueryStatement statement) {
    try (ResultSet result = cqlTemplate.queryForResultSet(bind(statement))) {
      return new WriteResult(result.wasApplied(), result.all(), result.executionInfo());
    }
  }

  // ---- asynchronous: rows mapped on the lifecycle executor, never on a driver I/O thread

  <T> CompletableFuture<List<T>> selectAsync(Query query, Class<T> type, Executor lifecycle) {
    QueryStatement statement = renderer.select(query, entity(type));
    RowMapper<T> mapper = mapper(statement, type);
    return allRows(statement)
        .thenApplyAsync(
            rows -> {
              List<T> mapped = new ArrayList<>(rows.size());
              for (Row row : rows) {
                mapped.add(mapper.mapRow(row, mapped.size()));
              }
              return mapped;
            },
            lifecycle);
  }

  <T> CompletableFuture<@Nullable T> selectOneAsync(
      Query query, Class<T> type, Executor lifecycle) {
    QueryStatement statement = renderer.select(query, entity(type));
    RowMapper<T> mapper = mapper(statement, type);
    return firstPage(statement)
        .thenApplyAsync(
            page -> {
              Row row = page.one();
              return row == null ? null : mapper.mapRow(row, 0);
            },
            lifecycle);
  }

  <T> CompletableFuture<Slice<T>> sliceAsync(Query query, Class<T> type, Executor lifecycle) {
    int size = pageSize(query, type);
    QueryStatement statement = renderer.select(query, entity(type));
    RowMapper<T> mapper = mapper(statement, type);
    return firstPage(statement)
        .thenApplyAsync(page -> slice(page, size, query.getPagingState(), mapper), lifecycle);
  }

  // ---- a slice of a statement: its page size, resumed at its paging state

  /** The first page of {@code statement}, failures translated; its rows are not mapped yet. */
  CompletableFuture<AsyncResultSet> page(Statement<?> statement) {
    int size = statement.options().pageSize();
    if (size == 0) {
      return CompletableFuture.failedFuture(
          new IllegalArgumentException(
              "a slice needs the statement's page size: statement.withPageSize(n)"));
    }
    CompletableFuture<AsyncResultSet> page = new CompletableFuture<>();
    String cql = statement.toString();
    guarded(() -> session.executeAsync(statement).toCompletableFuture())
        .whenComplete(translating(page, cql, Function.identity()));
    return page;
  }

  /** The page's rows mapped (on the calling thread) as a slice whose pageable resumes after it. */
  static <T> Slice<T> slice(Statement<?> statement, AsyncResultSet page, RowMapper<T> mapper) {
    return slice(page, statement.options().pageSize(), statement.options().pagingState(), mapper);
  }

  /** The value of a future the blocking methods wait for, its failure rethrown as it is. */
  static <T> T await(CompletableFuture<T> future) {
    return join(future);
  }

  private static int pageSize(Query query, Class<?> type) {
    int size = query.getQueryOptions().getPageSize();
    if (size == 0) {
      throw new IllegalArgumentException(
          "a slice of " + type.getName() + " needs a page size: Query.pageSize(n)");
    }
    return size;
  }

  private static <T> Slice<T> slice(
      AsyncResultSet page, int size, @Nullable PagingState start, RowMapper<T> mapper) {
    List<T> content = new ArrayList<>(page.remaining());
    for (Row row = page.one(); row != null; row = page.one()) {
      content.add(mapper.mapRow(row, content.size()));
    }
    boolean more = page.hasMorePages();
    CqlPageRequest request =
        start == null ? CqlPageRequest.first(size) : CqlPageRequest.of(size, start);
    return new SliceImpl<>(content, request.fetched(more ? page.pagingState() : null), more);
  }

  CompletableFuture<Long> countAsync(Query query, Class<?> type) {
    return firstPage(renderer.count(query, entity(type)))
        .thenApply(
            page -> {
              Row row = page.one();
              return row == null ? 0L : row.getLong(0);
            });
  }

  CompletableFuture<Boolean> existsAsync(Query query, Class<?> type) {
    return firstPage(renderer.exists(query, entity(type))).thenApply(page -> page.one() != null);
  }

  CompletableFuture<WriteResult> updateAsync(
      Query query, Update update, Class<?> type, UpdateOptions options) {
    return writeAsync(() -> renderer.update(query, update, entity(type), options));
  }

  CompletableFuture<WriteResult> deleteAsync(Query query, Class<?> type, DeleteOptions options) {
    return writeAsync(() -> renderer.delete(query, entity(type), options));
  }

  private CompletableFuture<WriteResult> writeAsync(
      java.util.function.Supplier<QueryStatement> render) {
    return guarded(() -> firstPage(render.get()))
        .thenApply(
            page ->
                new WriteResult(
                    page.wasApplied(), ScyllaTemplate.rows(page), page.executionInfo()));
  }

  /** Prepares (from the cache when it can), binds and executes; failures translated. */
  private CompletableFuture<AsyncResultSet> firstPage(QueryStatement statement) {
    CompletableFuture<AsyncResultSet> page = new CompletableFuture<>();
    try {
      session
          .prepareAsync(statement.cql())
          .thenCompose(
              session.inCallerContext(prepared -> session.executeAsync(statement.bind(prepared))))
          .whenComplete(translating(page, statement.cql(), Function.identity()));
    } catch (RuntimeException e) {
      page.completeExceptionally(translator.toRuntime("query", statement.cql(), e));
    }
    return page;
  }

  /** Every page's rows (rows stay readable after their page). */
  private CompletableFuture<List<Row>> allRows(QueryStatement statement) {
    CompletableFuture<List<Row>> all = new CompletableFuture<>();
    List<Row> rows = new ArrayList<>();
    BiConsumer<AsyncResultSet, Throwable> pages =
        new BiConsumer<>() {
          @Override
          public void accept(AsyncResultSet page, Throwable error) {
            if (error != null) {
              all.completeExceptionally(
                  translator.toRuntime("query", statement.cql(), cause(error)));
              return;
            }
            for (Row row = page.one(); row != null; row = page.one()) {
              rows.add(row);
            }
            if (page.hasMorePages()) {
              page.fetchNextPage().whenComplete(this);
            } else {
              all.complete(rows);
            }
          }
        };
    firstPage(statement).whenComplete(pages);
    return all;
  }

  private <R> BiConsumer<R, Throwable> translating(
      CompletableFuture<R> target, String cql, Function<R, R> then) {
    return (value, error) -> {
      if (error == null) {
        target.complete(then.apply(value));
      } else {
        target.completeExceptionally(translator.toRuntime("query", cql, cause(error)));
      }
    };
  }

  private static RuntimeException cause(Throwable error) {
    Throwable cause =
        error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
    return cause instanceof RuntimeException runtime ? runtime : new CompletionException(cause);
  }

  /** A future of what {@code start} returns, or failed with what it throws. */
  static <T> CompletableFuture<T> guarded(java.util.function.Supplier<CompletableFuture<T>> start) {
    try {
      return start.get();
    } catch (RuntimeException e) {
      return CompletableFuture.failedFuture(e);
    }
  }

  /** The value of a future the blocking methods wait for, its failure rethrown as it is. */
  private static <T> T join(CompletableFuture<T> future) {
    try {
      return future.join();
    } catch (CompletionException e) {
      if (e.getCause() instanceof RuntimeException runtime) {
        throw runtime;
      }
      throw e;
    }
  }
}
