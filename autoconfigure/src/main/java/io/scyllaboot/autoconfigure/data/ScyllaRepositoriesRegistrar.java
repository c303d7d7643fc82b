package io.scyllaboot.autoconfigure.data;

import io.scyllaboot.spring.repository.config.EnableScyllaRepositories;
import io.scyllaboot.spring.repository.config.ScyllaRepositoryConfigurationExtension;
import java.lang.annotation.Annotation;
import org.springframework.boot.autoconfigure.data.AbstractRepositoryConfigurationSourceSupport;
import org.springframework.data.repository.config.RepositoryConfigurationExtension;

/** Registers repositories found in the auto-configuration packages. */
class ScyllaRepositoriesRegistrar extends AbstractRepositoryConfigurationSourceSupport {
  @Override
  protected Class<? extends Annotation> getAnnotation() {
    return EnableScyllaRepositories.class;
  }

  @Override
  protected Class<?> getConfiguration() {
    return EnableScyllaRepositoriesConfiguration.class;
  }

  @Override
  protected RepositoryConfigurationExtension getRepositoryConfigurationExtension() {
    return new ScyllaRepositoryConfigurationExtension();
  }

  @EnableScyllaRepositories
  private static final class EnableScyllaRepositoriesConfiguration {}
}
