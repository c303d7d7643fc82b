package io.scyllaboot.autoconfigure.data;

import io.scyllaboot.autoconfigure.ScyllaProperties.RepositoryType;
import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.spring.repository.ReactiveScyllaRepository;
import io.scyllaboot.spring.repository.support.ReactiveScyllaRepositoryFactoryBean;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Import;
import reactor.core.publisher.Flux;

/**
 * Enables reactive Scylla repositories in the application's packages when Reactor is on the
 * classpath, like {@code @EnableReactiveScyllaRepositories} would; off with {@code
 * scylla.repositories.enabled=false} or {@code scylla.repositories.type=imperative|none}, and backs
 * off when the application enables them itself.
 */
@AutoConfiguration(after = ScyllaDataAutoConfiguration.class)
@ConditionalOnClass({CqlSession.class, ReactiveScyllaRepository.class, Flux.class})
@ConditionalOnBean(CqlSession.class)
@ConditionalOnBooleanProperty(name = "scylla.repositories.enabled", matchIfMissing = true)
@ConditionalOnRepositoryType(RepositoryType.REACTIVE)
@ConditionalOnMissingBean(ReactiveScyllaRepositoryFactoryBean.class)
@Import(ScyllaReactiveRepositoriesRegistrar.class)
public final class ScyllaReactiveRepositoriesAutoConfiguration {}
