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
import org.springframework.data.repository.query.ValueExpressionDelegate;

/** {@code @Query} when present, else a query derived from the method name. */
public final class ScyllaQueryLookupStrategy implements QueryLookupStrategy {
  private final CqlSession session;
  private final ScyllaExceptionTranslator translator;
  private final ScyllaEntityConverter converter;

  private final @Nullable ScyllaTemplate template;
  private final TableSchemas schemas;
  private final QueryLookupStrategy.Key key;
  private final @Nullable ValueExpressionDelegate expressions;
  private DerivedQueryCheck derivedQueryCheck = DerivedQueryCheck.WARN;

  public ScyllaQueryLookupStrategy(
      CqlSession session, ScyllaExceptionTranslator translator, ScyllaEntityConverter converter) {
    this.session = session;
    this.translator = translator;
    this.converter = converter;
    this.template = null;
    this.key = QueryLookupStrategy.Key.CREATE_IF_NOT_FOUND;
    this.expressions = null;
    this.schemas = new TableSchemas(session);
  }

  /** Query methods whose rows are read through the template (its events and callbacks apply). */
  public ScyllaQueryLookupStrategy(ScyllaTemplate template) {
    this(template, null, null);
  }

  /**
   * Query methods read through the template, looked up as {@code key} says
   * ({@code @EnableScyllaRepositories(queryLookupStrategy)}): {@code CREATE} derives every query
   * from the method name; {@code USE_DECLARED_QUERY} takes only a {@code @Query} or a named query;
   * {@code CREATE_IF_NOT_FOUND} (the default, also for null) the declared one if any, else derives.
   * SpEL ({@code :#{...}}, {@code ?#{...}}) in {@code @Query} is evaluated by {@code expressions}
   * (null: sent as written).
   */
  public ScyllaQueryLookupStrategy(
      ScyllaTemplate template,
      QueryLookupStrategy.@Nullable Key key,
      @Nullable ValueExpressionDelegate expressions) {
    this.expressions = expressions;
    this.session = template.getCqlOperations().getSession();
    this.translator = template.getCqlOperations().getExceptionTranslator();
    this.converter = template.getConverter();
    this.template = template;
    this.key = key == null ? QueryLookupStrategy.Key.CREATE_IF_NOT_FOUND : key;
    this.schemas = new TableSchemas(session);
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
        converter.getMappingContext().getRequiredPersistentEntity(metadata.getDomainType());
    if (resolved.kind() == ResolvedQueryMethod.Kind.VECTOR_SEARCH) {
      if (template == null) {
        throw new IllegalStateException(
            "Repository method "
                + queryMethod.describe()
                + " is a vector search, which runs through a ScyllaTemplate: build the lookup"
                + " strategy with one");
      }
      return new VectorSearchQuery(queryMethod, entity, template);
    }
    QueryRunner runner =
        new QueryRunner(session, translator, converter, entity, queryMethod, template);
    return resolved.kind() == ResolvedQueryMethod.Kind.DECLARED
        ? new AnnotatedQuery(queryMethod, runner, expressions)
        : new DerivedQuery(queryMethod, entity, runner, schemas, derivedQueryCheck);
  }
}
