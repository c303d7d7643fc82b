package io.scyllaboot.spring.cql;

import io.scyllaboot.driver.api.ConsistencyLevel;
import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.AsyncResultSet;
import io.scyllaboot.driver.api.cql.BatchStatement;
import io.scyllaboot.driver.api.cql.Row;
import io.scyllaboot.driver.api.cql.SimpleStatement;
import io.scyllaboot.driver.api.cql.Statement;
import io.scyllaboot.driver.api.cql.StatementOptions;
import io.scyllaboot.driver.api.session.AsyncSessionCallback;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.function.BiConsumer;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.DataAccessException;

/**
 * The asynchronous template, see {@link AsyncCqlOperations}: every method returns a {@link
 * CompletableFuture} that completes on a driver I/O thread (do not block in continuations), failing
 * with a {@link CompletionException} whose cause is a translated {@code DataAccessException}. Pages
 * are fetched as needed.
 *
 * <p>Template-level defaults (consistency, serial consistency, page size, timeout) apply to every
 * statement whose own options leave them unset; without any, a CQL string goes the cheapest way
 * (the session's statement cache, no copy of the statement).
 *
 * <p>A call costs the driver's future plus one stage: the future returned is itself the callback
 * that consumes the pages (mapping rows as they come, no intermediate list for a single row) and
 * translates a failure, so translation costs nothing on success.
 */
public class AsyncCqlTemplate implements AsyncCqlOperations {
  private final CqlSession session;
  private final ScyllaExceptionTranslator translator;
  private volatile StatementOptions defaults = StatementOptions.DEFAULTS;

  public AsyncCqlTemplate(CqlSession session) {
    this(session, new ScyllaExceptionTranslator());
  }

  public AsyncCqlTemplate(CqlSession session, ScyllaExceptionTranslator translator) {
    this.session = Objects.requireNonNull(session, "session");
    this.translator = Objects.requireNonNull(translator, "translator");
  }

  public CqlSession getSession() {
    return session;
  }

  public ScyllaExceptionTranslator getExceptionTranslator() {
    return translator;
  }

  // ---- template-level defaults

  /** The consistency of statements that set none (null: the session's). */
  public void setConsistencyLevel(@Nullable ConsistencyLevel level) {
    defaults = defaults.withConsistency(level);
  }

  public @Nullable ConsistencyLevel getConsistencyLevel() {
    return defaults.consistency();
  }

  /** The serial consistency (SERIAL or LOCAL_SERIAL) of statements that set none. */
  public void setSerialConsistencyLevel(@Nullable ConsistencyLevel level) {
    defaults = defaults.withSerialConsistency(level);
  }

  public @Nullable ConsistencyLevel getSerialConsistencyLevel() {
    return defaults.serialConsistency();
  }

  /** The rows per page of statements that set none (0: the session's). */
  public void setPageSize(int rows) {
    defaults = defaults.withPageSize(rows);
  }

  public int getPageSize() {
    return defaults.pageSize();
  }

  /** The timeout of statements that set none (null: the session's). */
  public void setTimeout(@Nullable Duration timeout) {
    defaults = defaults.withTimeout(timeout);
  }

  public @Nullable Duration getTimeout() {
    return defaults.timeout();
  }

  /** A statement with the template's defaults where its own options leave them unset. */
  Statement<?> withDefaults(Statement<?> statement) {
    StatementOptions fallback = defaults;
    if (fallback == StatementOptions.DEFAULTS) {
      return statement;
    }
    StatementOptions own = statement.options();
    return statement.withOptions(
        new StatementOptions(
            own.consistency() != null ? own.consistency() : fallback.consistency(),
            own.serialConsistency() != null
                ? own.serialConsistency()
                : fallback.serialConsistency(),
            own.pageSize() != 0 ? own.pageSize() : fallback.pageSize(),
            own.pagingState(),
            own.timeout() != null ? own.timeout() : fallback.timeout(),
            own.idempotent(),
            own.tracing(),
            own.timestamp(),
            own.profile(),
            own.customPayload(),
            own.node()));
  }

  // ---- sending

  private CompletionStage<AsyncResultSet> send(String cql, Object[] args) {
    if (defaults == StatementOptions.DEFAULTS) {
      return TemplateQueries.executeAsync(session, cql, args);
    }
    if (args.length == 0 && !TemplateQueries.isDataStatement(cql)) {
      return session.executeAsync(withDefaults(SimpleStatement.of(cql)));
    }
    return session
        .prepareAsync(cql)
        .thenCompose(
            session.inCallerContext(
                prepared -> session.executeAsync(withDefaults(prepared.bind(args)))));
  }

  private CompletionStage<AsyncResultSet> send(Statement<?> statement) {
    return session.executeAsync(withDefaults(Objects.requireNonNull(statement, "statement")));
  }

  /** Starts a request with its result future as the callback; a synchronous throw fails it. */
  private static <R, C extends CompletableFuture<R> & BiConsumer<AsyncResultSet, Throwable>>
      C start(Supplier<CompletionStage<AsyncResultSet>> request, C result) {
    try {
      request.get().whenComplete(result);
    } catch (RuntimeException e) {
      result.accept(null, e);
    }
    return result;
  }

  // ---- operations

  @Override
  public <T> CompletableFuture<T> executeInSession(AsyncSessionCallback<T> action) {
    Relay<T> result = new Relay<>(translator, null);
    try {
      session.executeInSessionAsync(action).whenComplete(result);
    } catch (RuntimeException e) {
      result.accept(null, e);
    }
    return result;
  }

  @Override
  public CompletableFuture<Boolean> execute(String cql, Object... args) {
    return start(() -> send(cql, args), new Applied(translator, cql, null));
  }

  @Override
  public CompletableFuture<Boolean> execute(Statement<?> statement) {
    return start(() -> send(statement), new Applied(translator, null, statement));
  }

  @Override
  public CompletableFuture<Boolean> update(String cql, Object... args) {
    return execute(cql, args);
  }

  @Override
  public CompletableFuture<AsyncResultSet> queryForResultSet(String cql, Object... args) {
    return start(() -> send(cql, args), new Relay<>(translator, cql));
  }

  @Override
  public CompletableFuture<AsyncResultSet> queryForResultSet(Statement<?> statement) {
    return start(() -> send(statement), new Relay<>(translator, statement));
  }

  @Override
  public <T> CompletableFuture<T> query(
      String cql, AsyncResultSetExtractor<T> extractor, Object... args) {
    return extract(cql, queryForResultSet(cql, args), extractor);
  }

  @Override
  public <T> CompletableFuture<T> query(
      Statement<?> statement, AsyncResultSetExtractor<T> extractor) {
    return extract(statement, queryForResultSet(statement), extractor);
  }

  private <T> CompletableFuture<T> extract(
      Object query, CompletableFuture<AsyncResultSet> first, AsyncResultSetExtractor<T> extractor) {
    Objects.requireNonNull(extractor, "extractor");
    Relay<T> result = new Relay<>(translator, query);
    first.thenCompose(extractor::extractData).whenComplete(result);
    return result;
  }

  @Override
  public CompletableFuture<Void> query(String cql, RowCallbackHandler handler, Object... args) {
    return start(() -> send(cql, args), new EachRow(translator, cql, handler));
  }

  @Override
  public CompletableFuture<Void> query(Statement<?> statement, RowCallbackHandler handler) {
    return start(() -> send(statement), new EachRow(translator, statement, handler));
  }

  @Override
  public <T> CompletableFuture<List<T>> query(String cql, RowMapper<T> mapper, Object... args) {
    return start(() -> send(cql, args), new Rows<>(translator, cql, mapper));
  }

  @Override
  public <T> CompletableFuture<List<T>> query(Statement<?> statement, RowMapper<T> mapper) {
    return start(() -> send(statement), new Rows<>(translator, statement, mapper));
  }

  @Override
  public <T> CompletableFuture<T> queryForObject(String cql, RowMapper<T> mapper, Object... args) {
    return start(() -> send(cql, args), new SingleRow<>(translator, cql, mapper));
  }

  @Override
  public <T> CompletableFuture<T> queryForObject(Statement<?> statement, RowMapper<T> mapper) {
    return start(() -> send(statement), new SingleRow<>(translator, statement, mapper));
  }

  @Override
  public <T> CompletableFuture<T> queryForObject(
      String cql, Class<T> requiredType, Object... args) {
    return queryForObject(cql, CqlTemplate.singleColumn(requiredType), args);
  }

  @Override
  public <T> CompletableFuture<T> queryForObject(Statement<?> statement, Class<T> requiredType) {
    return queryForObject(statement, CqlTemplate.singleColumn(requiredType));
  }

  @Override
  public CompletableFuture<Map<String, Object>> queryForMap(String cql, Object... args) {
    return queryForObject(cql, CqlTemplate::toMap, args);
  }

  @Override
  public CompletableFuture<Map<String, Object>> queryForMap(Statement<?> statement) {
    return queryForObject(statement, CqlTemplate::toMap);
  }

  @Override
  public <T> CompletableFuture<List<T>> queryForList(
      String cql, Class<T> elementType, Object... args) {
    return query(cql, CqlTemplate.singleColumn(elementType), args);
  }

  @Override
  public <T> CompletableFuture<List<T>> queryForList(Statement<?> statement, Class<T> elementType) {
    return query(statement, CqlTemplate.singleColumn(elementType));
  }

  @Override
  public CompletableFuture<List<Map<String, Object>>> queryForList(String cql, Object... args) {
    return query(cql, CqlTemplate::toMap, args);
  }

  @Override
  public CompletableFuture<Boolean> batchUpdate(
      BatchStatement.BatchType type, String cql, List<Object[]> batchArgs) {
    Objects.requireNonNull(batchArgs, "batchArgs");
    return start(
        () ->
            session
                .prepareAsync(cql)
                .thenCompose(
                    session.inCallerContext(
                        prepared -> {
                          Statement<?>[] children = new Statement<?>[batchArgs.size()];
                          for (int i = 0; i < children.length; i++) {
                            children[i] = prepared.bind(batchArgs.get(i));
                          }
                          return session.executeAsync(
                              withDefaults(BatchStatement.of(type).add(children)));
                        })),
        new Applied(translator, cql, null));
  }

  // ---- the result futures, each also the callback that completes it

  /** A result future that fails with the translation of a driver exception. */
  private abstract static class Translating<R> extends CompletableFuture<R> {
    private final ScyllaExceptionTranslator translator;
    private final Object query; // the CQL, or a Statement described only when a failure names it

    Translating(ScyllaExceptionTranslator translator, @Nullable Object query) {
      this.translator = translator;
      this.query = query;
    }

    final String cql() {
      if (query instanceof Statement<?> statement) {
        return CqlTemplate.describe(statement); // the CQL, never the values
      }
      return query == null ? null : query.toString();
    }

    /**
     * Fails as the former compose chain did: a driver exception translated, anything else (a row
     * mapper's exception, say) as it is, inside a {@link CompletionException}.
     */
    final void fail(Throwable error) {
      Throwable cause =
          error instanceof CompletionException && error.getCause() != null
              ? error.getCause()
              : error;
      if (cause instanceof RuntimeException runtime) {
        DataAccessException translated = translator.translate("async query", cql(), runtime);
        if (translated != null) {
          cause = translated;
        }
      }
      completeExceptionally(new CompletionException(cause));
    }
  }

  /** A value relayed as it is (the callback's result, an extractor's, a raw page). */
  private static final class Relay<T> extends Translating<T> implements BiConsumer<T, Throwable> {
    Relay(ScyllaExceptionTranslator translator, @Nullable Object query) {
      super(translator, query);
    }

    @Override
    public void accept(T value, Throwable error) {
      if (error != null) {
        fail(error);
      } else {
        complete(value);
      }
    }
  }

  /** A result built from the pages of one query, fetching the next page while there is one. */
  private abstract static class PageConsumer<R> extends Translating<R>
      implements BiConsumer<AsyncResultSet, Throwable> {
    PageConsumer(ScyllaExceptionTranslator translator, @Nullable Object query) {
      super(translator, query);
    }

    /** Consumes one page; true when the next page is wanted. */
    abstract boolean consume(AsyncResultSet page);

    /** The result once the last page is consumed. */
    abstract R result();

    @Override
    public final void accept(AsyncResultSet page, Throwable error) {
      if (error != null) {
        fail(error);
        return;
      }
      try {
        if (consume(page)) {
          page.fetchNextPage().whenComplete(this);
        } else {
          complete(result());
        }
      } catch (Throwable e) {
        fail(e);
      }
    }
  }

  /** Whether the statement was applied; the page is closed. */
  private static final class Applied extends PageConsumer<Boolean> {
    private boolean applied;

    Applied(ScyllaExceptionTranslator translator, String cql, Statement<?> statement) {
      super(translator, statement != null ? statement : cql);
    }

    @Override
    boolean consume(AsyncResultSet page) {
      applied = page.wasApplied();
      page.close();
      return false;
    }

    @Override
    Boolean result() {
      return applied;
    }
  }

  /** Every row handed to a callback handler. */
  private static final class EachRow extends PageConsumer<Void> {
    private final RowCallbackHandler handler;

    EachRow(ScyllaExceptionTranslator translator, Object query, RowCallbackHandler handler) {
      super(translator, query);
      this.handler = Objects.requireNonNull(handler, "handler");
    }

    @Override
    boolean consume(AsyncResultSet page) {
      for (Row row = page.one(); row != null; row = page.one()) {
        handler.processRow(row);
      }
      return page.hasMorePages();
    }

    @Override
    Void result() {
      return null;
    }
  }

  /** Every row mapped, numbered across pages. */
  private static final class Rows<T> extends PageConsumer<List<T>> {
    private final RowMapper<T> mapper;
    private List<T> rows;

    Rows(ScyllaExceptionTranslator translator, Object query, RowMapper<T> mapper) {
      super(translator, query);
      this.mapper = mapper;
    }

    @Override
    boolean consume(AsyncResultSet page) {
      List<T> into = rows;
      if (into == null) {
        into = rows = new ArrayList<>(page.remaining());
      }
      for (Row row = page.one(); row != null; row = page.one()) { // no Iterable, no Iterator
        into.add(mapper.mapRow(row, into.size()));
      }
      return page.hasMorePages();
    }

    @Override
    List<T> result() {
      return rows != null ? rows : new ArrayList<>();
    }
  }

  /**
   * The only row, without a list: every row is still mapped (as when rows were collected first),
   * and none or several fail as {@link CqlTemplate#single} does.
   */
  private static final class SingleRow<T> extends PageConsumer<T> {
    private final RowMapper<T> mapper;
    private T first;
    private int count;

    SingleRow(ScyllaExceptionTranslator translator, Object query, RowMapper<T> mapper) {
      super(translator, query);
      this.mapper = mapper;
    }

    @Override
    boolean consume(AsyncResultSet page) {
      for (Row row = page.one(); row != null; row = page.one()) {
        T value = mapper.mapRow(row, count);
        if (count++ == 0) {
          first = value;
        }
      }
      return page.hasMorePages();
    }

    @Override
    T result() {
      return CqlTemplate.single(cql(), first, count);
    }
  }
}
