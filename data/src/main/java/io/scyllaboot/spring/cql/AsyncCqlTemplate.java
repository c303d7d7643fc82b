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
import java.util.concurrent.CompletionStage;
import org.springframework.dao.DataAccessException;

/**
 * The asynchronous template: every method returns a {@link CompletableFuture} that completes on a
 * driver I/O thread (do not block in continuations), failing with a {@link CompletionException}
 * whose cause is a translated {@code DataAccessException}. Pages are fetched as needed.
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

  private <T> CompletableFuture<T> translated(String cql, CompletionStage<T> stage) {
    return stage
        .toCompletableFuture()
        .exceptionallyCompose(
            error -> {
              Throwable cause =
                  error instanceof CompletionException && error.getCause() != null
                      ? error.getCause()
                      : error;
              if (cause instanceof RuntimeException runtime) {
                // Not a driver exception (a RowMapper's, say): the caller gets it as it is.
                DataAccessException translated = translator.translate("async query", cql, runtime);
                return CompletableFuture.failedFuture(translated != null ? translated : runtime);
              }
              return CompletableFuture.failedFuture(cause);
            });
  }

  /** Runs several statements on one connection; see {@link CqlOperations#executeInSession}. */
  public <T> CompletableFuture<T> executeInSession(AsyncSessionCallback<T> action) {
    return translated(null, session.executeInSessionAsync(action));
  }

  public CompletableFuture<Boolean> execute(String cql, Object... args) {
    return translated(
        cql,
        TemplateQueries.executeAsync(session, cql, args)
            .thenApply(
                page -> {
                  boolean applied = page.wasApplied();
                  page.close();
                  return applied;
                }));
  }

  public CompletableFuture<Boolean> execute(Statement<?> statement) {
    return translated(
        statement.toString(),
        session
            .executeAsync(statement)
            .thenApply(
                page -> {
                  boolean applied = page.wasApplied();
                  page.close();
                  return applied;
                }));
  }

  public CompletableFuture<Boolean> update(String cql, Object... args) {
    return execute(cql, args);
  }

  /** Maps every row of every page. */
  public <T> CompletableFuture<List<T>> query(String cql, RowMapper<T> mapper, Object... args) {
    return translated(
        cql,
        TemplateQueries.executeAsync(session, cql, args)
            .thenCompose(page -> collect(page, mapper, new ArrayList<>())));
  }

  private static <T> CompletionStage<List<T>> collect(
      AsyncResultSet page, RowMapper<T> mapper, List<T> into) {
    for (Row row : page.currentPage()) {
      into.add(mapper.mapRow(row, into.size()));
    }
    if (page.hasMorePages()) {
      return page.fetchNextPage().thenCompose(next -> collect(next, mapper, into));
    }
    return CompletableFuture.completedFuture(into);
  }

  /** Exactly one row, mapped. */
  public <T> CompletableFuture<T> queryForObject(String cql, RowMapper<T> mapper, Object... args) {
    return query(cql, mapper, args)
        .thenApply(
            rows -> {
              return CqlTemplate.single(cql, rows);
            });
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
}
