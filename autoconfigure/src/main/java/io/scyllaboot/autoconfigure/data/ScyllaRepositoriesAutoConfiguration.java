package io.scyllaboot.autoconfigure.data;

import io.scyllaboot.autoconfigure.ScyllaProperties.RepositoryType;
import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.spring.repository.ScyllaRepository;
import io.scyllaboot.spring.repository.support.ScyllaRepositoryFactoryBean;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Import;

/**
 * Enables Scylla repositories in the application's packages, like {@code @EnableScyllaRepositories}
 * would; off with {@code scylla.repositories.enabled=false} or {@code
 * scylla.repositories.type=reactive|none}, and backs off when the application enables them itself.
 */
@AutoConfiguration(after = ScyllaDataAutoConfiguration.class)
@ConditionalOnClass({CqlSession.class, ScyllaRepository.class})
@ConditionalOnBean(CqlSession.class)
@ConditionalOnBooleanProperty(name = "scylla.repositories.enabled", matchIfMissing = true)
@ConditionalOnRepositoryType(RepositoryType.IMPERATIVE)
@ConditionalOnMissingBean(ScyllaRepositoryFactoryBean.class)
@Import(ScyllaRepositoriesRegistrar.class)
public final class ScyllaRepositoriesAutoConfiguration {}
