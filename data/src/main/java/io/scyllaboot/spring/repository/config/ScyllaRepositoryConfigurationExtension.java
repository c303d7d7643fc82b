package io.scyllaboot.spring.repository.config;

import io.scyllaboot.spring.mapping.Table;
import io.scyllaboot.spring.repository.ScyllaRepository;
import io.scyllaboot.spring.repository.support.ScyllaRepositoryFactoryBean;
import java.lang.annotation.Annotation;
import java.util.Collection;
import java.util.List;
import org.springframework.data.repository.config.RepositoryConfigurationExtensionSupport;
import org.springframework.data.repository.core.RepositoryMetadata;

/** Which interfaces are Scylla repositories, and their factory bean. */
public class ScyllaRepositoryConfigurationExtension
    extends RepositoryConfigurationExtensionSupport {
  @Override
  public String getModuleName() {
    return "Scylla";
  }

  @Override
  protected String getModulePrefix() {
    return "scylla";
  }

  @Override
  public String getRepositoryFactoryBeanClassName() {
    return ScyllaRepositoryFactoryBean.class.getName();
  }

  @Override
  protected Collection<Class<? extends Annotation>> getIdentifyingAnnotations() {
    return List.of(Table.class);
  }

  @Override
  protected Collection<Class<?>> getIdentifyingTypes() {
    return List.of(ScyllaRepository.class);
  }

  /** Reactive repositories are left to the reactive extension rather than refused. */
  @Override
  protected boolean useRepositoryConfiguration(RepositoryMetadata metadata) {
    return !metadata.isReactiveRepository();
  }
}
