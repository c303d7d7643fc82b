package io.scyllaboot.spring.repository.support;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.spring.cql.ScyllaExceptionTranslator;
import io.scyllaboot.spring.mapping.ScyllaEntityConverter;
import io.scyllaboot.spring.mapping.ScyllaPersistentEntity;
import io.scyllaboot.spring.reactive.ReactiveScyllaTemplate;
import io.scyllaboot.spring.reactive.cql.ReactiveCqlTemplate;
import io.scyllaboot.spring.repository.query.DerivedQueryCheck;
import io.scyllaboot.spring.repository.query.ReactiveScyllaQueryLookupStrategy;
import java.util.Optional;
import org.springframework.data.repository.core.EntityInformation;
import org.springframework.data.repository.core.RepositoryInformation;
import org.springframework.data.repository.core.RepositoryMetadata;
import org.springframework.data.repository.core.support.ReactiveRepositoryFactorySupport;
import org.springframework.data.repository.query.QueryLookupStrategy;
import org.springframework.data.repository.query.ValueExpressionDelegate;

/** Creates reactive repositories: {@link SimpleReactiveScyllaRepository} plus the query methods. */
public class ReactiveScyllaRepositoryFactory extends ReactiveRepositoryFactorySupport {
  private final ReactiveScyllaTemplate template;
  private final ScyllaEntityConverter converter;
  private DerivedQueryCheck derivedQueryCheck = DerivedQueryCheck.WARN;
  private final SchemaCreator schemaCreator;

  /**
   * Repositories on their own reactive template (without callbacks or events).
   *
   * @param schemaCreator creates the tables of the repositories' entities (at start-up, before the
   *     repository is returned), or null to leave the schema alone
   */
  public ReactiveScyllaRepositoryFactory(
      CqlSession session,
      ScyllaExceptionTranslator translator,
      ScyllaEntityConverter converter,
      SchemaCreator schemaCreator) {
    this(
        new ReactiveScyllaTemplate(new ReactiveCqlTemplate(session, translator), converter),
        schemaCreator);
  }

  /**
   * Repositories whose CRUD and query methods run through this template (its callbacks and events
   * apply).
   *
   * @param schemaCreator creates the tables of the repositories' entities, or null to leave the
   *     schema alone
   */
  public ReactiveScyllaRepositoryFactory(
      ReactiveScyllaTemplate template, SchemaCreator schemaCreator) {
    this.template = template;
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
    // The base class of @EnableReactiveScyllaRepositories(repositoryBaseClass), or
    // SimpleReactiveScyllaRepository: constructed with (ScyllaEntityInformation,
    // ReactiveScyllaOperations).
    return getTargetRepositoryViaReflection(
        information, new ScyllaEntityInformation<>(statements), template);
  }

  @Override
  protected Class<?> getRepositoryBaseClass(RepositoryMetadata metadata) {
    return SimpleReactiveScyllaRepository.class;
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
    ReactiveScyllaQueryLookupStrategy strategy =
        new ReactiveScyllaQueryLookupStrategy(template, key, valueExpressionDelegate);
    strategy.setDerivedQueryCheck(derivedQueryCheck);
    return Optional.of(strategy);
  }
}
