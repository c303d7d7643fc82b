package io.scyllaboot.spring.repository.query;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.AsyncResultSet;
import io.scyllaboot.driver.api.cql.BoundStatement;
import io.scyllaboot.driver.api.cql.Row;
import io.scyllaboot.spring.cql.ScyllaExceptionTranslator;
import io.scyllaboot.spring.mapping.ScyllaPersistentEntity;
import io.scyllaboot.spring.reactive.ReactiveScyllaTemplate;
import io.scyllaboot.spring.reactive.cql.ReactiveCqlTemplate;
import io.scyllaboot.spring.reactive.cql.ReactorThreadLocals;
import io.scyllaboot.spring.repository.CqlPageRequest;
import io.scyllaboot.spring.repository.CqlScrollPosition;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.reactivestreams.Publisher;
import org.springframework.core.KotlinDetector;
import org.springframework.core.ResolvableType;
import org.springframework.dao.IncorrectResultSizeDataAccessException;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.Slice;
import org.springframework.data.domain.SliceImpl;
import org.springframework.data.domain.Window;
import org.springframework.data.expression.ReactiveValueEvaluationContextProvider;
import org.springframework.data.repository.query.ParameterAccessor;
import org.springframework.data.util.KotlinReflectionUtils;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Runs a reactive repository's query method: the same CQL and binding as {@link QueryRunner}, with
 * the statement prepared asynchronously and the result as the method declares it: {@code Flux<T>}
 * (rows fetched page by page on demand), {@code Mono<T>} (at most one row), {@code Mono<Slice<T>>}
 * (one page, resumable through its {@link CqlPageRequest}), {@code Mono<Long>}/{@code
 * Mono<Integer>} counts, {@code Mono<Boolean>} exists; a write (derived {@code deleteBy},
 * non-SELECT {@code @Query}) emits whether it was applied ({@code Mono<Boolean>}) or nothing
 * ({@code Mono<Void>}). In Kotlin, a {@code Flow<T>} method runs as a {@code Flux<T>} and a {@code
 * suspend} one as a {@code Mono}: Spring Data Commons adapts them.
 */
final class ReactiveQueryRunner extends QueryRunner {
  private final CqlSession session;
  private final ScyllaExceptionTranslator translator;
  private final ReactiveScyllaTemplate entityTemplate;
  private final ScyllaPersistentEntity<?> entity;
  private final ScyllaQueryMethod method;
  private final ReactiveCqlTemplate template;
  private final boolean many;
  private final boolean slice;
  private final boolean window;

  ReactiveQueryRunner(
      ReactiveScyllaTemplate entityTemplate,
      ScyllaPersistentEntity<?> entity,
      ScyllaQueryMethod method) {
    super(
        entityTemplate.getReactiveCqlOperations().getSession(),
        entityTemplate.getReactiveCqlOperations().getExceptionTranslator(),
        entityTemplate.getConverter(),
        entity,
        method);
    this.entityTemplate = entityTemplate;
    this.session = entityTemplate.getReactiveCqlOperations().getSession();
    this.translator = entityTemplate.getReactiveCqlOperations().getExceptionTranslator();
    this.entity = entity;
    this.method = method;
    this.template = entityTemplate.getReactiveCqlOperations();
    Class<?> wrapper = method.getMethod().getReturnType();
    // Kotlin: a Flow is adapted from the Flux, a suspend function's value awaited from the Mono
    // (Spring Data Commons does both around this runner).
    boolean flow = wrapper.getName().equals("kotlinx.coroutines.flow.Flow");
    boolean suspend = KotlinDetector.isSuspendingFunction(method.getMethod());
    if (!suspend
        && !flow
        && !Mono.class.isAssignableFrom(wrapper)
        && !Flux.class.isAssignableFrom(wrapper)) {
      throw new IllegalStateException(
          "Repository method "
              + method.describe()
              + ": a reactive repository's query method returns a Mono, a Flux or a Kotlin Flow"
              + " or is a suspend function, not "
              + wrapper.getSimpleName());
    }
    this.many = flow || Flux.class.isAssignableFrom(wrapper);
    Class<?> element =
        suspend
            ? KotlinReflectionUtils.getReturnType(method.getMethod())
            : ResolvableType.forMethodReturnType(method.getMethod()).resolveGeneric(0);
    this.slice = !many && element != null && Slice.class.isAssignableFrom(element);
    this.window = !many && element != null && Window.class.isAssignableFrom(element);
  }

  /**
   * As Spring Data Cassandra's reactive string queries: the expressions' context is resolved when
   * the query is subscribed to, with the {@code ReactiveEvaluationContextExtension}s they use
   * (whose values may come from the subscriber's context, as Spring Security's do).
   */
  @Override
  Object run(
      String cql,
      QueryExpressions expressions,
      List<Object> bindable,
      Object[] arguments,
      Shape shape,
      ParameterAccessor accessor) {
    if (!(expressions.contexts() instanceof ReactiveValueEvaluationContextProvider contexts)) {
      return super.run(cql, expressions, bindable, arguments, shape, accessor);
    }
    Mono<Object> values =
        contexts
            .getEvaluationContextLater(arguments, expressions.dependencies())
            .map(context -> expressions.values(bindable, context));
    return many
        ? values.flatMapMany(bound -> (Publisher<?>) run(cql, bound, shape, accessor))
        : values.flatMap(bound -> Mono.from((Publisher<?>) run(cql, bound, shape, accessor)));
  }

  @Override
  Object run(String cql, Object values, Shape shape, ParameterAccessor accessor) {
    Pageable pageable = accessor.getPageable();
    UnaryOperator<Object> project = projection(accessor);
    Mono<BoundStatement> statement =
        Mono.fromCompletionStage(() -> session.prepareAsync(cql))
            .map(
                prepared -> {
                  BoundStatement bound = bind(prepared, values);
                  if (method.getProfile() != null) {
                    bound = bound.withProfile(method.getProfile());
                  }
                  if (method.getConsistency() != null) {
                    bound = bound.withConsistency(method.getConsistency());
                  }
                  return withOptions(bound, accessor, shape);
                });
    Object result =
        switch (shape) {
          case COUNT ->
              statement
                  .flatMap(bound -> template.query(bound, (row, n) -> row.getLong(0)).next())
                  .map(this::countAsDeclared);
          case EXISTS ->
              statement.flatMap(bound -> template.query(bound, (row, n) -> row).hasElements());
          // As Spring Data Cassandra's: whether it was applied (an LWT's outcome), or nothing.
          case DELETE -> {
            Mono<Boolean> applied = statement.flatMap(template::execute);
            Class<?> type = method.getReturnedObjectType();
            yield type == Boolean.class || type == boolean.class ? applied : applied.then();
          }
          case ROWS -> rows(statement, pageable, project, accessor);
        };
    return result instanceof Flux<?> flux
        ? flux.onErrorMap(error -> translate(cql, error))
        : ((Mono<?>) result).onErrorMap(error -> translate(cql, error));
  }

  private Throwable translate(String cql, Throwable error) {
    return error instanceof RuntimeException runtime
        ? translator.toRuntime(method.describe(), cql, runtime)
        : error;
  }

  private Object countAsDeclared(long count) {
    Class<?> type = method.getReturnedObjectType();
    return type == int.class || type == Integer.class ? (Object) (int) count : count;
  }

  /**
   * Rows as entities through the entity template: after-load events, after-convert callbacks. A
   * {@code @Query} may select some columns only: the entity is read from those it has.
   */
  private Flux<Object> read(Flux<Row> rows) {
    return (method.getAnnotatedQuery() != null
            ? entityTemplate.readPartial(rows, entity.getType())
            : entityTemplate.read(rows, entity.getType()))
        .cast(Object.class);
  }

  private Object rows(
      Mono<BoundStatement> statement,
      Pageable pageable,
      UnaryOperator<Object> project,
      ParameterAccessor accessor) {
    if (many) {
      return statement.flatMapMany(bound -> read(template.queryForRows(bound))).map(project);
    }
    if (window) {
      // A window is a page: the Limit is its size, the position its paging state.
      return statement
          .flatMap(
              bound ->
                  slice(
                      bound,
                      CqlScrollPosition.pageRequest(
                          accessor.getScrollPosition(), accessor.getLimit())))
          .map(CqlScrollPosition::window)
          .map(project);
    }
    if (slice) {
      return statement.flatMap(bound -> slice(bound, pageable)).map(project);
    }
    return statement
        .flatMapMany(bound -> read(template.queryForRows(bound)))
        .take(2, true)
        .collectList()
        .flatMap(
            found -> {
              if (found.size() > 1) {
                return Mono.error(
                    new IncorrectResultSizeDataAccessException(
                        method.describe() + " expects at most one row but got several", 1));
              }
              return Mono.justOrEmpty(found.isEmpty() ? null : project.apply(found.get(0)));
            });
  }

  private Mono<Slice<Object>> slice(BoundStatement statement, Pageable pageable) {
    if (pageable.isUnpaged()) {
      return Mono.error(
          new IllegalArgumentException(method.describe() + " needs a paged Pageable for a Slice"));
    }
    CqlPageRequest request =
        pageable instanceof CqlPageRequest cql
            ? cql
            // Numbered as the page asked (Slice.getNumber()), as the blocking slices are.
            : CqlPageRequest.ofPage(
                pageable.getPageNumber(), pageable.getPageSize(), pageable.getSort());
    if (request.isAfterLastPage()) {
      return Mono.just(new SliceImpl<>(List.of(), request, false));
    }
    BoundStatement paged = statement.withPageSize(pageable.getPageSize());
    if (request.getPagingState() != null) {
      paged = paged.withPagingState(request.getPagingState());
    }
    // Page n without a paging state: walk the n pages before it (CQL cannot skip).
    int skip = request.getPagesToSkip();
    BoundStatement first = paged;
    return ReactorThreadLocals.fromStage(() -> session.executeAsync(first))
        .flatMap(page -> sliceAt(first, page, skip, request));
  }

  private Mono<Slice<Object>> sliceAt(
      BoundStatement statement, AsyncResultSet page, int skip, CqlPageRequest request) {
    if (skip == 0) {
      return toSlice(page, request);
    }
    page.close();
    if (!page.hasMorePages()) {
      return Mono.just(new SliceImpl<>(List.of(), request, false));
    }
    return ReactorThreadLocals.fromStage(
            () -> session.executeAsync(statement.withPagingState(page.pagingState())))
        .flatMap(next -> sliceAt(statement, next, skip - 1, request));
  }

  private Mono<Slice<Object>> toSlice(AsyncResultSet page, CqlPageRequest request) {
    List<Row> rows = new ArrayList<>(page.remaining());
    page.currentPage().forEach(rows::add);
    boolean more = page.hasMorePages();
    CqlPageRequest next = request.fetched(more ? page.pagingState() : null);
    return read(Flux.fromIterable(rows))
        .collectList()
        .map(content -> new SliceImpl<>(content, next, more));
  }
}
