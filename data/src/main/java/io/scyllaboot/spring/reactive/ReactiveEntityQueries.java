package io.scyllaboot.spring.reactive;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.AsyncResultSet;
import io.scyllaboot.driver.api.cql.PagingState;
import io.scyllaboot.driver.api.cql.Row;
import io.scyllaboot.driver.api.cql.Statement;
import io.scyllaboot.spring.core.DeleteOptions;
import io.scyllaboot.spring.core.QueryOptions;
import io.scyllaboot.spring.core.QueryRenderer;
import io.scyllaboot.spring.core.QueryStatement;
import io.scyllaboot.spring.core.UpdateOptions;
import io.scyllaboot.spring.core.VectorSearch;
import io.scyllaboot.spring.core.VectorSearches;
import io.scyllaboot.spring.core.WriteResult;
import io.scyllaboot.spring.core.query.Query;
import io.scyllaboot.spring.core.query.Update;
import io.scyllaboot.spring.cql.ScyllaExceptionTranslator;
import io.scyllaboot.spring.mapping.ScyllaPersistentEntity;
import io.scyllaboot.spring.reactive.cql.ReactorThreadLocals;
import io.scyllaboot.spring.repository.CqlPageRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletionException;
import java.util.function.Function;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.springframework.data.domain.SearchResult;
import org.springframework.data.domain.SearchResults;
import org.springframework.data.domain.Similarity;
import org.springframework.data.domain.Slice;
import org.springframework.data.domain.SliceImpl;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Runs {@link ReactiveScyllaQueryOperations} and vector searches for {@link
 * ReactiveScyllaTemplate}.
 */
final class ReactiveEntityQueries {
  private final ReactiveScyllaTemplate template;
  private final CqlSession session;
  private final ScyllaExceptionTranslator translator;
  private final QueryRenderer renderer;
  private final VectorSearches vectorSearches;

  ReactiveEntityQueries(ReactiveScyllaTemplate template) {
    this(template, new QueryRenderer(template.getConverter()));
  }

  private ReactiveEntityQueries(ReactiveScyllaTemplate template, QueryRenderer renderer) {
    this.template = template;
    this.session = template.getReactiveCqlOperations().getSession();
    this.translator = template.getReactiveCqlOperations().getExceptionTranslator();
    this.renderer = renderer;
    this.vectorSearches = new VectorSearches(template.getConverter());
  }

  /** The same methods against another table of the entity's shape (the fluent {@code inTable}). */
  ReactiveEntityQueries inTable(String table) {
    return new ReactiveEntityQueries(template, renderer.inTable(table));
  }

  private ScyllaPersistentEntity<?> entity(Class<?> type) {
    return template.getConverter().getMappingContext().getRequiredPersistentEntity(type);
  }

  <T> Flux<T> select(Query query, Class<T> type) {
    return Flux.defer(
        () -> {
          QueryStatement statement = renderer.select(query, entity(type));
          Flux<Row> rows =
              prepared(statement)
                  .flatMapMany(bound -> template.getReactiveCqlOperations().queryForRows(bound));
          return template.read(rows, type, statement.columnsSelected());
        });
  }

  <T> Mono<Slice<T>> slice(Query query, Class<T> type) {
    return Mono.defer(
        () -> {
          int size = query.getQueryOptions().getPageSize();
          if (size == 0) {
            return Mono.error(
                new IllegalArgumentException(
                    "a slice of " + type.getName() + " needs a page size: Query.pageSize(n)"));
          }
          QueryStatement statement = renderer.select(query, entity(type));
          return firstPage(statement)
              .flatMap(
                  page ->
                      slice(
                          page,
                          size,
                          query.getPagingState(),
                          rows -> template.read(rows, type, statement.columnsSelected())));
        });
  }

  /** One page of a statement: its page size, from its paging state on. */
  <T> Mono<Slice<T>> slice(Statement<?> statement, Class<T> type) {
    return Mono.defer(
        () -> {
          int size = statement.options().pageSize();
          if (size == 0) {
            return Mono.error(
                new IllegalArgumentException(
                    "a slice needs the statement's page size: statement.withPageSize(n)"));
          }
          return ReactorThreadLocals.fromStage(() -> session.executeAsync(statement))
              .onErrorMap(error -> translate(statement.toString(), error))
              .flatMap(
                  page ->
                      slice(
                          page,
                          size,
                          statement.options().pagingState(),
                          rows -> template.read(rows, type)));
        });
  }

  private static <T> Mono<Slice<T>> slice(
      AsyncResultSet page,
      int size,
      @Nullable PagingState start,
      Function<Flux<Row>, Flux<T>> read) {
    List<Row> rows = new ArrayList<>(page.remaining());
    page.currentPage().forEach(rows::add);
    boolean more = page.hasMorePages();
    CqlPageRequest request =
        start == null ? CqlPageRequest.first(size) : CqlPageRequest.of(size, start);
    CqlPageRequest fetched = request.fetched(more ? page.pagingState() : null);
    return read.apply(Flux.fromIterable(rows))
        .collectList()
        .map(content -> (Slice<T>) new SliceImpl<>(content, fetched, more));
  }

  <T> Mono<SearchResults<T>> search(VectorSearch search, Class<T> type, QueryOptions options) {
    Objects.requireNonNull(search, "search");
    Objects.requireNonNull(options, "options");
    return Mono.defer(
        () -> {
          VectorSearches.Plan plan = vectorSearches.plan(search, entity(type));
          QueryStatement statement =
              new QueryStatement(plan.cql(), plan.values(), options.getStatementOptions(), false);
          // At most the search's limit of rows: read whole, scored, then mapped as reads are.
          return prepared(statement)
              .flatMapMany(bound -> template.getReactiveCqlOperations().queryForRows(bound))
              .collectList()
              .flatMap(
                  rows -> {
                    List<Row> kept = new ArrayList<>(rows.size());
                    List<Similarity> scores = new ArrayList<>(rows.size());
                    for (Row row : rows) {
                      Similarity score = plan.score(row);
                      if (score != null) {
                        kept.add(row);
                        scores.add(score);
                      }
                    }
                    return Flux.zip(
                            template.read(Flux.fromIterable(kept), type),
                            Flux.fromIterable(scores),
                            SearchResult::new)
                        .collectList()
                        .map(SearchResults::new);
                  });
        });
  }

  Mono<Long> count(Query query, Class<?> type) {
    return firstPage(() -> renderer.count(query, entity(type)))
        .map(
            page -> {
              Row row = page.one();
              return row == null ? 0L : row.getLong(0);
            });
  }

  Mono<Boolean> exists(Query query, Class<?> type) {
    return firstPage(() -> renderer.exists(query, entity(type))).map(page -> page.one() != null);
  }

  Mono<WriteResult> update(Query query, Update update, Class<?> type, UpdateOptions options) {
    return write(() -> renderer.update(query, update, entity(type), options));
  }

  Mono<WriteResult> delete(Query query, Class<?> type, DeleteOptions options) {
    return write(() -> renderer.delete(query, entity(type), options));
  }

  private Mono<WriteResult> write(Supplier<QueryStatement> render) {
    return Mono.defer(
        () -> {
          QueryStatement statement = render.get();
          return firstPage(statement).map(statement::writeResult);
        });
  }

  private Mono<io.scyllaboot.driver.api.cql.BoundStatement> prepared(QueryStatement statement) {
    return Mono.fromCompletionStage(() -> session.prepareAsync(statement.cql()))
        .map(statement::bind)
        .onErrorMap(error -> translate(statement.cql(), error));
  }

  private Mono<AsyncResultSet> firstPage(Supplier<QueryStatement> render) {
    return Mono.defer(() -> firstPage(render.get()));
  }

  private Mono<AsyncResultSet> firstPage(QueryStatement statement) {
    return prepared(statement)
        .flatMap(bound -> ReactorThreadLocals.fromStage(() -> session.executeAsync(bound)))
        .onErrorMap(error -> translate(statement.cql(), error));
  }

  private Throwable translate(String cql, Throwable error) {
    Throwable cause =
        error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
    return cause instanceof RuntimeException runtime
        ? translator.toRuntime("query", cql, runtime)
        : cause;
  }
}
