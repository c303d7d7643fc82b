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
 * For reactive repositories: {@code @Query} when present, else a query derived from the method
 * name, parsed and checked exactly as for blocking repositories, run by {@link ReactiveQueryRunner}
 * through the reactive entity template; {@code Mono}/{@code Flux} parameters are resolved before
 * binding ({@link PublisherParameters}).
 */
public final class ReactiveScyllaQueryLookupStrategy implements QueryLookupStrategy {
  private final ReactiveScyllaTemplate template;
  private final @Nullable ValueExpressionDelegate expressions;

  /**
   * @param expressions evaluates SpEL ({@code :#{...}}, {@code ?#{...}}) in {@code @Query}, or null
   *     when none is available
   */
  public ReactiveScyllaQueryLookupStrategy(
      ReactiveScyllaTemplate template, @Nullable ValueExpressionDelegate expressions) {
    this.template = template;
    this.expressions = expressions;
  }

  @Override
  public RepositoryQuery resolveQuery(
      Method method,
      RepositoryMetadata metadata,
      ProjectionFactory factory,
      NamedQueries namedQueries) {
    ScyllaQueryMethod queryMethod = new ScyllaQueryMethod(method, metadata, factory);
    ScyllaPersistentEntity<?> entity =
        template
            .getConverter()
            .getMappingContext()
            .getRequiredPersistentEntity(metadata.getDomainType());
    QueryRunner runner = new ReactiveQueryRunner(template, entity, queryMethod);
    RepositoryQuery query =
        queryMethod.getAnnotatedQuery() != null
            ? new AnnotatedQuery(queryMethod, runner, expressions)
            : new DerivedQuery(
                queryMethod,
                entity,
                runner,
                new TableSchemas(template.getReactiveCqlOperations().getSession()));
    return PublisherParameters.resolving(query, queryMethod);
  }
}
