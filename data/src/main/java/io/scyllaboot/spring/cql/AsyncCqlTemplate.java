package io.scyllaboot.spring.cql;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.AsyncResultSet;
import io.scyllaboot.driver.api.cql.Row;
import io.scyllaboot.driver.api.cql.Statement;
import io.scyllaboot.driver.api.session.AsyncSessionCallback;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.BiConsumer;
import org.springframework.dao.DataAccessException;

/**
 * The asynchronous template: every method returns a {@link CompletableFuture} that completes on a
 * driver I/O thread (do not block in continuations), failing with a {@link CompletionException}
 * whose cause is a translated {@code DataAccessException}. Pages are fetched as needed.
 *
 * <p>A call costs the driver's future plus one stage: the future returned is itself the callback
 * that consumes the pages (mapping rows as they come, no intermediate list for a single row) and
 * translates a failure, so translation costs nothing on success.
 */
public class AsyncCqlTemplate {
  private final CqlSession session;
  private final ScyllaExceptionTranslator translator;

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

  /** Runs several statements on one connection; see {@link CqlOperations#executeInSession}. */
  public <T> CompletableFuture<T> executeInSession(AsyncSessionCallback<T> action) {
    Relay<T> result = new Relay<>(translator);
    session.executeInSessionAsync(action).whenComplete(result);
    return result;
  }

  public CompletableFuture<Boolean> execute(String cql, Object... args) {
    Applied result = new Applied(translator, cql, null);
    TemplateQueries.executeAsync(session, cql, args).whenComplete(result);
    return result;
  }

  public CompletableFuture<Boolean> execute(Statement<?> statement) {
    Applied result = new Applied(translator, null, statement);
    session.executeAsync(statement).whenComplete(result);
    return result;
  }

  public CompletableFuture<Boolean> update(String cql, Object... args) {
    return execute(cql, args);
  }

  /** Maps every row of every page. */
  public <T> CompletableFuture<List<T>> query(String cql, RowMapper<T> mapper, Object... args) {
    Rows<T> result = new Rows<>(translator, cql, mapper);
    TemplateQueries.executeAsync(session, cql, args).whenComplete(result);
    return result;
  }

  /** Exactly one row, mapped. */
  public <T> CompletableFuture<T> queryForObject(String cql, RowMapper<T> mapper, Object... args) {
    SingleRow<T> result = new SingleRow<>(translator, cql, mapper);
    TemplateQueries.executeAsync(session, cql, args).whenComplete(result);
    return result;
  }

  public <T> CompletableFuture<T> queryForObject(
      String cql, Class<T> requiredType, Object... args) {
    return queryForObject(cql, CqlTemplate.singleColumn(requiredType), args);
  }

  public <T> CompletableFuture<List<T>> queryForList(
      String cql, Class<T> elementType, Object... args) {
    return query(cql, CqlTemplate.singleColumn(elementType), args);
  }

  public CompletableFuture<List<Map<String, Object>>> queryForList(String cql, Object... args) {
    return query(cql, CqlTemplate::toMap, args);
  }

  // ---- the result futures, each also the callback that completes it

  /** A result future that fails with the translation of a driver exception. */
  private abstract static class Translating<R> extends CompletableFuture<R> {
    private final ScyllaExceptionTranslator translator;
    private final Object query; // the CQL, or a Statement described only when a failure names it

    Translating(ScyllaExceptionTranslator translator, String cql, Statement<?> statement) {
      this.translator = translator;
      this.query = statement != null ? statement : cql;
    }

    final String cql() {
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

  /** What {@link #executeInSession} returns: the callback's own result. */
  private static final class Relay<T> extends Translating<T> implements BiConsumer<T, Throwable> {
    Relay(ScyllaExceptionTranslator translator) {
      super(translator, null, null);
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
    PageConsumer(ScyllaExceptionTranslator translator, String cql, Statement<?> statement) {
      super(translator, cql, statement);
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
      super(translator, cql, statement);
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

  /** Every row mapped, numbered across pages. */
  private static final class Rows<T> extends PageConsumer<List<T>> {
    private final RowMapper<T> mapper;
    private List<T> rows;

    Rows(ScyllaExceptionTranslator translator, String cql, RowMapper<T> mapper) {
      super(translator, cql, null);
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

    SingleRow(ScyllaExceptionTranslator translator, String cql, RowMapper<T> mapper) {
      super(translator, cql, null);
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
