package io.scyllaboot.spring.reactive.cql;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.AsyncResultSet;
import io.scyllaboot.driver.api.cql.Row;
import io.scyllaboot.driver.api.cql.Statement;
import io.scyllaboot.driver.api.session.PinnedSession;
import io.scyllaboot.spring.cql.CqlTemplate;
import io.scyllaboot.spring.cql.RowMapper;
import io.scyllaboot.spring.cql.ScyllaExceptionTranslator;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The reactive template, directly on the driver's asynchronous API (no thread is ever blocked): see
 * {@link ReactiveCqlOperations}. Thread-safe; one instance per session is enough.
 */
public class ReactiveCqlTemplate implements ReactiveCqlOperations {
  private static final String TASK = "reactive query";

  private final CqlSession session;
  private final ScyllaExceptionTranslator translator;
  private final BiFunction<String, Object[], CompletionStage<AsyncResultSet>> executeCql;
  private final Function<Statement<?>, CompletionStage<AsyncResultSet>> executeStatement;
  private final boolean pinned;

  public ReactiveCqlTemplate(CqlSession session) {
    this(session, new ScyllaExceptionTranslator());
  }

  public ReactiveCqlTemplate(CqlSession session, ScyllaExceptionTranslator translator) {
    this(
        Objects.requireNonNull(session, "session"),
        Objects.requireNonNull(translator, "translator"),
        session::executeAsync,
        session::executeAsync,
        false);
  }

  private ReactiveCqlTemplate(
      CqlSession session,
      ScyllaExceptionTranslator translator,
      BiFunction<String, Object[], CompletionStage<AsyncResultSet>> executeCql,
      Function<Statement<?>, CompletionStage<AsyncResultSet>> executeStatement,
      boolean pinned) {
    this.session = session;
    this.translator = translator;
    this.executeCql = executeCql;
    this.executeStatement = executeStatement;
    this.pinned = pinned;
  }

  /** The driver session, for what the template does not cover. */
  public CqlSession getSession() {
    return session;
  }

  public ScyllaExceptionTranslator getExceptionTranslator() {
    return translator;
  }

  /** A driver failure as a {@code DataAccessException}; anything else as it is. */
  private Throwable translate(String cql, Throwable error) {
    Throwable cause =
        error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
    return cause instanceof RuntimeException runtime
        ? translator.toRuntime(TASK, cql, runtime)
        : cause;
  }

  @Override
  public <T> Flux<T> executeInSession(ReactiveSessionCallback<T> callback) {
    Objects.requireNonNull(callback, "callback");
    if (pinned) {
      // Already on one connection: stay on it.
      return Flux.defer(() -> callback.doInSession(this));
    }
    return Flux.usingWhen(
            Mono.<Pin>create(this::pin),
            pin -> callback.doInSession(pin.operations()),
            Pin::finish,
            (pin, error) -> pin.finish(),
            Pin::finish)
        .onErrorMap(error -> translate(null, error));
  }

  /** One pinned session, held open by the driver until {@code finished} completes. */
  private record Pin(ReactiveCqlTemplate operations, CompletableFuture<Void> finished) {
    Mono<Void> finish() {
      return Mono.fromRunnable(() -> finished.complete(null));
    }
  }

  private void pin(reactor.core.publisher.MonoSink<Pin> sink) {
    CompletableFuture<Void> finished = new CompletableFuture<>();
    session
        .executeInSessionAsync(
            (PinnedSession pinnedSession) -> {
              sink.success(
                  new Pin(
                      new ReactiveCqlTemplate(
                          session,
                          translator,
                          pinnedSession::executeAsync,
                          pinnedSession::executeAsync,
                          true),
                      finished));
              return finished;
            })
        .whenComplete(
            (ignored, error) -> {
              if (error != null) {
                sink.error(error); // no-op once the pin was handed out
              }
            });
  }

  private Mono<Boolean> applied(String cql, Supplier<CompletionStage<AsyncResultSet>> start) {
    return ReactorThreadLocals.fromStage(start)
        .map(
            page -> {
              boolean applied = page.wasApplied();
              page.close();
              return applied;
            })
        .onErrorMap(error -> translate(cql, error));
  }

  @Override
  public Mono<Boolean> execute(String cql, Object... args) {
    Objects.requireNonNull(cql, "cql");
    Object[] values = args.clone();
    return applied(cql, () -> executeCql.apply(cql, values));
  }

  @Override
  public Mono<Boolean> execute(Statement<?> statement) {
    Objects.requireNonNull(statement, "statement");
    return applied(statement.toString(), () -> executeStatement.apply(statement));
  }

  @Override
  public <T> Flux<T> query(String cql, RowMapper<T> mapper, Object... args) {
    Objects.requireNonNull(cql, "cql");
    Objects.requireNonNull(mapper, "mapper");
    Object[] values = args.clone();
    return paged(() -> executeCql.apply(cql, values), mapper, cql);
  }

  @Override
  public <T> Flux<T> query(Statement<?> statement, RowMapper<T> mapper) {
    Objects.requireNonNull(statement, "statement");
    Objects.requireNonNull(mapper, "mapper");
    return paged(() -> executeStatement.apply(statement), mapper, statement.toString());
  }

  /**
   * Rows page by page, every page's request started with the subscriber's context: the first where
   * its thread-locals are restored, the next ones through the session's {@code inCallerContext}
   * captured there (the function itself, no capture, when the session has no request listener or
   * its observation registry is a no-op).
   */
  private <T> Flux<T> paged(
      Supplier<CompletionStage<AsyncResultSet>> execute, RowMapper<T> mapper, String text) {
    return Flux.deferContextual(
        context ->
            new PagedRowPublisher<>(
                ReactorThreadLocals.restoring(
                    context,
                    () ->
                        new PagedRowPublisher.Start(
                            execute.get(), session.inCallerContext(PagedRowPublisher.NEXT_PAGE))),
                mapper,
                error -> translate(text, error)));
  }

  @Override
  public Flux<Row> queryForRows(String cql, Object... args) {
    return query(cql, (row, rowNumber) -> row, args);
  }

  @Override
  public Flux<Row> queryForRows(Statement<?> statement) {
    return query(statement, (row, rowNumber) -> row);
  }

  @Override
  public <T> Mono<T> queryForObject(String cql, RowMapper<T> mapper, Object... args) {
    // Two rows at most: enough to tell one from several.
    return query(cql, mapper, args)
        .take(2, true)
        .collectList()
        .map(rows -> CqlTemplate.single(cql, rows));
  }

  @Override
  public <T> Mono<T> queryForObject(String cql, Class<T> requiredType, Object... args) {
    return queryForObject(cql, CqlTemplate.singleColumn(requiredType), args);
  }

  @Override
  public Mono<Map<String, Object>> queryForMap(String cql, Object... args) {
    return queryForObject(cql, CqlTemplate::toMap, args);
  }

  @Override
  public <T> Flux<T> queryForFlux(String cql, Class<T> elementType, Object... args) {
    return query(cql, CqlTemplate.singleColumn(elementType), args);
  }

  @Override
  public Flux<Map<String, Object>> queryForFlux(String cql, Object... args) {
    return query(cql, CqlTemplate::toMap, args);
  }
}
