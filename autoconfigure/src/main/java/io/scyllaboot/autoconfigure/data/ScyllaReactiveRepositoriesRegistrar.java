package io.scyllaboot.autoconfigure.data;

import io.scyllaboot.spring.repository.config.EnableReactiveScyllaRepositories;
import io.scyllaboot.spring.repository.config.ReactiveScyllaRepositoryConfigurationExtension;
import java.lang.annotation.Annotation;
import org.springframework.boot.autoconfigure.data.AbstractRepositoryConfigurationSourceSupport;
import org.springframework.data.repository.config.RepositoryConfigurationExtension;

/** Registers reactive repositories found in the auto-configuration packages. */
class ScyllaReactiveRepositoriesRegistrar extends AbstractRepositoryConfigurationSourceSupport {
  @Override
  protected Class<? extends Annotation> getAnnotation() {
    return EnableReactiveScyllaRepositories.class;
  }

  @Override
  protected Class<?> getConfiguration() {
    return EnableReactiveScyllaRepositoriesConfiguration.class;
  }

  @Override
  protected RepositoryConfigurationExtension getRepositoryConfigurationExtension() {
    return new ReactiveScyllaRepositoryConfigurationExtension();
  }

  @EnableReactiveScyllaRepositories
  private static final class EnableReactiveScyllaRepositoriesConfiguration {}
}
