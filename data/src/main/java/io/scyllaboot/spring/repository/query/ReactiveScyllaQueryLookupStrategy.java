package io.scyllaboot.spring.repository.query;

import io.scyllaboot.spring.mapping.ScyllaPersistentEntity;
import io.scyllaboot.spring.reactive.ReactiveScyllaTemplate;
import java.lang.reflect.Method;
import org.jspecify.annotations.Nullable;
import org.springframework.data.projection.ProjectionFactory;
import org.springframework.data.repository.core.NamedQueries;
import org.springframework.data.repository.core.RepositoryMetadata;
import org.springframework.data.repository.query.QueryLookupStrategy;
import org.springframework.data.repository.query.RepositoryQuery;
import org.springframework.data.repository.query.ValueExpressionDelegate;

/**
 * For reactive repositories: {@code @Query} (or a named query) when present, else a query derived
 * from the method name, parsed and checked exactly as for blocking repositories, run by {@link
 * ReactiveQueryRunner} through the reactive entity template; a method returning {@code
 * Mono<SearchResults<T>>} or {@code Flux<SearchResult<T>>} is a vector search. {@code Mono}/{@code
 * Flux} parameters are resolved before binding ({@link PublisherParameters}).
 */
public final class ReactiveScyllaQueryLookupStrategy implements QueryLookupStrategy {
  private final ReactiveScyllaTemplate template;
  private final QueryLookupStrategy.Key key;
  private final @Nullable ValueExpressionDelegate expressions;
  private DerivedQueryCheck derivedQueryCheck = DerivedQueryCheck.WARN;

  /**
   * @param expressions evaluates SpEL ({@code :#{...}}, {@code ?#{...}}) in {@code @Query}, or null
   *     when none is available
   */
  public ReactiveScyllaQueryLookupStrategy(
      ReactiveScyllaTemplate template, @Nullable ValueExpressionDelegate expressions) {
    this(template, null, expressions);
  }

  /**
   * Query methods looked up as {@code key} says
   * ({@code @EnableReactiveScyllaRepositories(queryLookupStrategy)}), as {@link
   * ScyllaQueryLookupStrategy} does for blocking repositories: {@code CREATE} derives every query
   * from the method name; {@code USE_DECLARED_QUERY} takes only a {@code @Query} or a named query;
   * {@code CREATE_IF_NOT_FOUND} (the default, also for null) the declared one if any, else derives.
   */
  public ReactiveScyllaQueryLookupStrategy(
      ReactiveScyllaTemplate template,
      QueryLookupStrategy.@Nullable Key key,
      @Nullable ValueExpressionDelegate expressions) {
    this.template = template;
    this.key = key == null ? QueryLookupStrategy.Key.CREATE_IF_NOT_FOUND : key;
    this.expressions = expressions;
  }

  /**
   * What the start-up check does with a derived query the server would filter ({@link
   * DerivedQueryCheck#WARN} unless set). Set it before the repositories are created.
   */
  public void setDerivedQueryCheck(DerivedQueryCheck check) {
    this.derivedQueryCheck = java.util.Objects.requireNonNull(check, "check");
  }

  @Override
  public RepositoryQuery resolveQuery(
      Method method,
      RepositoryMetadata metadata,
      ProjectionFactory factory,
      NamedQueries namedQueries) {
    ResolvedQueryMethod resolved =
        ResolvedQueryMethod.resolve(method, metadata, factory, namedQueries, key);
    ScyllaQueryMethod queryMethod = resolved.method();
    ScyllaPersistentEntity<?> entity =
        template
            .getConverter()
            .getMappingContext()
            .getRequiredPersistentEntity(metadata.getDomainType());
    RepositoryQuery query =
        switch (resolved.kind()) {
          case VECTOR_SEARCH -> ReactiveVectorSearches.query(queryMethod, entity, template);
          case DECLARED ->
              new AnnotatedQuery(
                  queryMethod, new ReactiveQueryRunner(template, entity, queryMethod), expressions);
          case DERIVED ->
              new DerivedQuery(
                  queryMethod,
                  entity,
                  new ReactiveQueryRunner(template, entity, queryMethod),
                  new TableSchemas(template.getReactiveCqlOperations().getSession()),
                  derivedQueryCheck);
        };
    return PublisherParameters.resolving(query, queryMethod);
  }
}
