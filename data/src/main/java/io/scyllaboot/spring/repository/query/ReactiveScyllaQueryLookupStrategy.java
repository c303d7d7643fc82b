package io.scyllaboot.spring.repository.query;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.spring.cql.ScyllaExceptionTranslator;
import io.scyllaboot.spring.mapping.ScyllaEntityConverter;
import io.scyllaboot.spring.mapping.ScyllaPersistentEntity;
import java.lang.reflect.Method;
import org.springframework.data.projection.ProjectionFactory;
import org.springframework.data.repository.core.NamedQueries;
import org.springframework.data.repository.core.RepositoryMetadata;
import org.springframework.data.repository.query.QueryLookupStrategy;
import org.springframework.data.repository.query.RepositoryQuery;

/**
 * For reactive repositories: {@code @Query} when present, else a query derived from the method
 * name, parsed and checked exactly as for blocking repositories, run by {@link
 * ReactiveQueryRunner}.
 */
public final class ReactiveScyllaQueryLookupStrategy implements QueryLookupStrategy {
  private final CqlSession session;
  private final ScyllaExceptionTranslator translator;
  private final ScyllaEntityConverter converter;

  public ReactiveScyllaQueryLookupStrategy(
      CqlSession session, ScyllaExceptionTranslator translator, ScyllaEntityConverter converter) {
    this.session = session;
    this.translator = translator;
    this.converter = converter;
  }

  @Override
  public RepositoryQuery resolveQuery(
      Method method,
      RepositoryMetadata metadata,
      ProjectionFactory factory,
      NamedQueries namedQueries) {
    ScyllaQueryMethod queryMethod = new ScyllaQueryMethod(method, metadata, factory);
    ScyllaPersistentEntity<?> entity =
        converter.getMappingContext().getRequiredPersistentEntity(metadata.getDomainType());
    QueryRunner runner =
        new ReactiveQueryRunner(session, translator, converter, entity, queryMethod);
    return queryMethod.getAnnotatedQuery() != null
        ? new AnnotatedQuery(queryMethod, runner)
        : new DerivedQuery(queryMethod, entity, runner, new TableSchemas(session));
  }
}
