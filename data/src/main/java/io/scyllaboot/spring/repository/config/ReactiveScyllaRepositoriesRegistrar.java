package io.scyllaboot.spring.repository.config;

import java.lang.annotation.Annotation;
import org.springframework.data.repository.config.RepositoryBeanDefinitionRegistrarSupport;
import org.springframework.data.repository.config.RepositoryConfigurationExtension;

/** Registers the repositories of {@link EnableReactiveScyllaRepositories}. */
class ReactiveScyllaRepositoriesRegistrar extends RepositoryBeanDefinitionRegistrarSupport {
  @Override
  protected Class<? extends Annotation> getAnnotation() {
    return EnableReactiveScyllaRepositories.class;
  }

  @Override
  protected RepositoryConfigurationExtension getExtension() {
    return new ReactiveScyllaRepositoryConfigurationExtension();
  }
}
