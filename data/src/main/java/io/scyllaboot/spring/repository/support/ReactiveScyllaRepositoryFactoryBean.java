package io.scyllaboot.spring.repository.support;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.spring.cql.ScyllaExceptionTranslator;
import io.scyllaboot.spring.mapping.ScyllaEntityConverter;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.data.repository.Repository;
import org.springframework.data.repository.core.support.RepositoryFactoryBeanSupport;
import org.springframework.data.repository.core.support.RepositoryFactorySupport;

/** The factory bean behind each reactive repository interface. */
public class ReactiveScyllaRepositoryFactoryBean<T extends Repository<S, ID>, S, ID>
    extends RepositoryFactoryBeanSupport<T, S, ID> {
  private CqlSession session;
  private ScyllaExceptionTranslator translator;
  private ScyllaEntityConverter converter;
  private SchemaCreator schemaCreator;

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

  @Override
  protected RepositoryFactorySupport createRepositoryFactory() {
    return new ReactiveScyllaRepositoryFactory(session, translator, converter, schemaCreator);
  }
}
