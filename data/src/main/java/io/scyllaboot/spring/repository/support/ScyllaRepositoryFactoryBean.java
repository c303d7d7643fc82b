package io.scyllaboot.spring.repository.support;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.spring.core.ScyllaTemplate;
import io.scyllaboot.spring.cql.CqlTemplate;
import io.scyllaboot.spring.cql.ScyllaExceptionTranslator;
import io.scyllaboot.spring.mapping.ScyllaEntityConverter;
import io.scyllaboot.spring.repository.query.DerivedQueryCheck;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.core.env.Environment;
import org.springframework.data.mapping.callback.EntityCallbacks;
import org.springframework.data.repository.Repository;
import org.springframework.data.repository.core.support.RepositoryFactoryBeanSupport;
import org.springframework.data.repository.core.support.RepositoryFactorySupport;

/** The factory bean behind each repository interface; wired with the session and the mapping. */
public class ScyllaRepositoryFactoryBean<T extends Repository<S, ID>, S, ID>
    extends RepositoryFactoryBeanSupport<T, S, ID> {
  private CqlSession session;
  private ScyllaExceptionTranslator translator;
  private ScyllaEntityConverter converter;
  private SchemaCreator schemaCreator;
  private ScyllaTemplate template;
  private BeanFactory beanFactory;
  private ApplicationEventPublisher publisher;
  private DerivedQueryCheck derivedQueryCheck = DerivedQueryCheck.WARN;

  public ScyllaRepositoryFactoryBean(Class<? extends T> repositoryInterface) {
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

  /** The template the repositories write through; without one, they get their own. */
  @Autowired
  public void setScyllaTemplate(ObjectProvider<ScyllaTemplate> template) {
    this.template = template.getIfUnique();
  }

  @Override
  public void setBeanFactory(BeanFactory beanFactory) {
    super.setBeanFactory(beanFactory);
    this.beanFactory = beanFactory;
  }

  @Override
  public void setApplicationEventPublisher(ApplicationEventPublisher publisher) {
    super.setApplicationEventPublisher(publisher);
    this.publisher = publisher;
  }

  @Override
  public void setEnvironment(Environment environment) {
    super.setEnvironment(environment);
    this.derivedQueryCheck = DerivedQueryCheck.from(environment, derivedQueryCheck);
  }

  @Override
  protected RepositoryFactorySupport createRepositoryFactory() {
    ScyllaTemplate target = template;
    if (target == null) {
      // No template bean: one of our own, with the context's callbacks and events.
      target = new ScyllaTemplate(new CqlTemplate(session, translator), converter);
      if (beanFactory != null) {
        target.setEntityCallbacks(EntityCallbacks.create(beanFactory));
      }
      target.setApplicationEventPublisher(publisher);
    }
    ScyllaRepositoryFactory factory = new ScyllaRepositoryFactory(target, schemaCreator);
    factory.setDerivedQueryCheck(derivedQueryCheck);
    return factory;
  }
}
