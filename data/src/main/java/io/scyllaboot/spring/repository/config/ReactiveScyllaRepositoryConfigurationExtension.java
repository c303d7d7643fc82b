package io.scyllaboot.spring.repository.config;

import io.scyllaboot.spring.repository.ReactiveScyllaRepository;
import io.scyllaboot.spring.repository.support.ReactiveScyllaRepositoryFactoryBean;
import java.util.Collection;
import java.util.List;
import org.springframework.data.repository.core.RepositoryMetadata;

/**
 * Which interfaces are reactive Scylla repositories (those with reactive method signatures), and
 * their factory bean; the blocking extension takes the others.
 */
public class ReactiveScyllaRepositoryConfigurationExtension
    extends ScyllaRepositoryConfigurationExtension {
  @Override
  public String getModuleName() {
    return "Reactive Scylla";
  }

  @Override
  public String getRepositoryFactoryBeanClassName() {
    return ReactiveScyllaRepositoryFactoryBean.class.getName();
  }

  @Override
  protected Collection<Class<?>> getIdentifyingTypes() {
    return List.of(ReactiveScyllaRepository.class);
  }

  @Override
  protected boolean useRepositoryConfiguration(RepositoryMetadata metadata) {
    return metadata.isReactiveRepository();
  }
}
