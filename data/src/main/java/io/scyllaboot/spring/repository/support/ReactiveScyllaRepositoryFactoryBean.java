package io.scyllaboot.spring.repository.support;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.spring.cql.ScyllaExceptionTranslator;
import io.scyllaboot.spring.mapping.ScyllaEntityConverter;
import io.scyllaboot.spring.reactive.ReactiveScyllaTemplate;
import io.scyllaboot.spring.reactive.cql.ReactiveCqlTemplate;
import io.scyllaboot.spring.repository.query.DerivedQueryCheck;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;
import org.springframework.context.ApplicationContextAware;
import org.springframework.core.env.Environment;
import org.springframework.data.repository.Repository;
import org.springframework.data.repository.core.support.RepositoryFactoryBeanSupport;
import org.springframework.data.repository.core.support.RepositoryFactorySupport;

/** The factory bean behind each reactive repository interface. */
public class ReactiveScyllaRepositoryFactoryBean<T extends Repository<S, ID>, S, ID>
    extends RepositoryFactoryBeanSupport<T, S, ID> implements ApplicationContextAware {
  private CqlSession session;
  private ScyllaExceptionTranslator translator;
  private ScyllaEntityConverter converter;
  private SchemaCreator schemaCreator;
  private ReactiveScyllaTemplate template;
  private ApplicationContext context;
  private DerivedQueryCheck derivedQueryCheck = DerivedQueryCheck.WARN;

  public ReactiveScyllaRepositoryFactoryBean(Class<? extends T> repositoryInterface) {
    super(repositoryInterface);
  }

  @Autowired
  public void setSession(CqlSession session) {
    this.session = session;
  }

  @Autowired
  public void setTranslator(ScyllaExceptionTranslator translator) {
    this.translator = translator;
  }

  @Autowired
  public void setConverter(ScyllaEntityConverter converter) {
    this.converter = converter;
    setMappingContext(converter.getMappingContext());
  }

  @Autowired
  public void setSchemaCreator(ObjectProvider<SchemaCreator> schemaCreator) {
    this.schemaCreator = schemaCreator.getIfAvailable();
  }

  /** The reactive template the repositories write through; without one, they get their own. */
  @Autowired
  public void setReactiveScyllaTemplate(ObjectProvider<ReactiveScyllaTemplate> template) {
    this.template = template.getIfUnique();
  }

  /** Where the repositories' own template (without a template bean) finds callbacks, listeners. */
  @Override
  public void setApplicationContext(ApplicationContext context) {
    this.context = context;
  }

  @Override
  public void setEnvironment(Environment environment) {
    super.setEnvironment(environment);
    this.derivedQueryCheck = DerivedQueryCheck.from(environment, derivedQueryCheck);
  }

  @Override
  protected RepositoryFactorySupport createRepositoryFactory() {
    ReactiveScyllaTemplate target = template;
    if (target == null) {
      // No template bean: one of our own, with the context's reactive callbacks and events.
      target = new ReactiveScyllaTemplate(new ReactiveCqlTemplate(session, translator), converter);
      if (context != null) {
        target.setApplicationContext(context);
      }
    }
    ReactiveScyllaRepositoryFactory factory =
        new ReactiveScyllaRepositoryFactory(target, schemaCreator);
    factory.setDerivedQueryCheck(derivedQueryCheck);
    return factory;
  }
}
