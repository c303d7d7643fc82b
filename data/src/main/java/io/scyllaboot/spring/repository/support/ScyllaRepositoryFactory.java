package io.scyllaboot.spring.repository.support;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.spring.core.ScyllaTemplate;
import io.scyllaboot.spring.cql.CqlTemplate;
import io.scyllaboot.spring.cql.ScyllaExceptionTranslator;
import io.scyllaboot.spring.mapping.ScyllaEntityConverter;
import io.scyllaboot.spring.mapping.ScyllaPersistentEntity;
import io.scyllaboot.spring.repository.query.DerivedQueryCheck;
import io.scyllaboot.spring.repository.query.ScyllaQueryLookupStrategy;
import java.util.Optional;
import org.springframework.data.repository.core.EntityInformation;
import org.springframework.data.repository.core.RepositoryInformation;
import org.springframework.data.repository.core.RepositoryMetadata;
import org.springframework.data.repository.core.support.RepositoryFactorySupport;
import org.springframework.data.repository.query.QueryLookupStrategy;
import org.springframework.data.repository.query.ValueExpressionDelegate;

/** Creates repositories: {@link SimpleScyllaRepository} plus the query methods. */
public class ScyllaRepositoryFactory extends RepositoryFactorySupport {
  private final ScyllaTemplate template;
  private final CqlSession session;
  private final ScyllaExceptionTranslator translator;
  private final ScyllaEntityConverter converter;
  private DerivedQueryCheck derivedQueryCheck = DerivedQueryCheck.WARN;
  private final SchemaCreator schemaCreator;

  /**
   * Repositories on their own template (without callbacks or events).
   *
   * @param schemaCreator creates the tables of the repositories' entities, or null to leave the
   *     schema alone
   */
  public ScyllaRepositoryFactory(
      CqlSession session,
      ScyllaExceptionTranslator translator,
      ScyllaEntityConverter converter,
      SchemaCreator schemaCreator) {
    this(new ScyllaTemplate(new CqlTemplate(session, translator), converter), schemaCreator);
  }

  /**
   * Repositories whose CRUD methods run through this template (its callbacks and events apply).
   *
   * @param schemaCreator creates the tables of the repositories' entities, or null to leave the
   *     schema alone
   */
  public ScyllaRepositoryFactory(ScyllaTemplate template, SchemaCreator schemaCreator) {
    this.template = template;
    this.session = template.getCqlOperations().getSession();
    this.translator = template.getCqlOperations().getExceptionTranslator();
    this.converter = template.getConverter();
    this.schemaCreator = schemaCreator;
  }

  @SuppressWarnings("unchecked")
  private <T, ID> EntityStatements<T, ID> statements(RepositoryMetadata metadata) {
    ScyllaPersistentEntity<T> entity =
        (ScyllaPersistentEntity<T>)
            converter.getMappingContext().getRequiredPersistentEntity(metadata.getDomainType());
    return new EntityStatements<>(entity, (Class<ID>) metadata.getIdType(), converter);
  }

  @Override
  public EntityInformation<?, ?> getEntityInformation(RepositoryMetadata metadata) {
    return new ScyllaEntityInformation<>(statements(metadata));
  }

  @Override
  protected Object getTargetRepository(RepositoryInformation information) {
    EntityStatements<?, ?> statements = statements(information);
    if (schemaCreator != null) {
      schemaCreator.createIfNotExists(statements.entity());
    }
    // The base class of @EnableScyllaRepositories(repositoryBaseClass), or SimpleScyllaRepository:
    // constructed with (ScyllaEntityInformation, ScyllaOperations).
    return getTargetRepositoryViaReflection(
        information, new ScyllaEntityInformation<>(statements), template);
  }

  @Override
  protected Class<?> getRepositoryBaseClass(RepositoryMetadata metadata) {
    return SimpleScyllaRepository.class;
  }

  /**
   * What the start-up check does with a derived query the server would filter: {@link
   * DerivedQueryCheck#WARN} (the default) or {@link DerivedQueryCheck#FAIL}.
   */
  public void setDerivedQueryCheck(DerivedQueryCheck check) {
    this.derivedQueryCheck = java.util.Objects.requireNonNull(check, "check");
  }

  @Override
  protected Optional<QueryLookupStrategy> getQueryLookupStrategy(
      QueryLookupStrategy.Key key, ValueExpressionDelegate valueExpressionDelegate) {
    ScyllaQueryLookupStrategy strategy =
        new ScyllaQueryLookupStrategy(template, key, valueExpressionDelegate);
    strategy.setDerivedQueryCheck(derivedQueryCheck);
    return Optional.of(strategy);
  }
}
