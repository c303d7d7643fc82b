package io.scyllaboot.spring.repository.query;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.spring.core.ScyllaTemplate;
import io.scyllaboot.spring.cql.ScyllaExceptionTranslator;
import io.scyllaboot.spring.mapping.ScyllaEntityConverter;
import io.scyllaboot.spring.mapping.ScyllaPersistentEntity;
import java.lang.reflect.Method;
import org.jspecify.annotations.Nullable;
import org.springframework.data.projection.ProjectionFactory;
import org.springframework.data.repository.core.NamedQueries;
import org.springframework.data.repository.core.RepositoryMetadata;
import org.springframework.data.repository.query.QueryLookupStrategy;
import org.springframework.data.repository.query.RepositoryQuery;

/** {@code @Query} when present, else a query derived from the method name. */
public final class ScyllaQueryLookupStrategy implements QueryLookupStrategy {
  private final CqlSession session;
  private final ScyllaExceptionTranslator translator;
  private final ScyllaEntityConverter converter;

  private final @Nullable ScyllaTemplate template;
  private final TableSchemas schemas;

  public ScyllaQueryLookupStrategy(
      CqlSession session, ScyllaExceptionTranslator translator, ScyllaEntityConverter converter) {
    this.session = session;
    this.translator = translator;
    this.converter = converter;
    this.template = null;
    this.schemas = new TableSchemas(session);
  }

  /** Query methods whose rows are read through the template (its events and callbacks apply). */
  public ScyllaQueryLookupStrategy(ScyllaTemplate template) {
    this.session = template.getCqlOperations().getSession();
    this.translator = template.getCqlOperations().getExceptionTranslator();
    this.converter = template.getConverter();
    this.template = template;
    this.schemas = new TableSchemas(session);
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
        new QueryRunner(session, translator, converter, entity, queryMethod, template);
    return queryMethod.getAnnotatedQuery() != null
        ? new AnnotatedQuery(queryMethod, runner)
        : new DerivedQuery(queryMethod, entity, runner, schemas);
  }
}
