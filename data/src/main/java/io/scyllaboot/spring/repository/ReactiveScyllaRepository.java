package io.scyllaboot.spring.repository;

import org.springframework.data.repository.NoRepositoryBean;
import org.springframework.data.repository.reactive.ReactiveCrudRepository;

/**
 * The reactive repository interface to extend (needs reactor-core): the CRUD methods of {@link
 * ScyllaRepository} as {@code Mono}/{@code Flux}, on the driver's asynchronous API. {@code
 * findAll()} and {@code Flux} query methods fetch pages as the subscriber requests rows. Query
 * methods are derived or {@link Query}-annotated as for blocking repositories and return {@code
 * Flux<T>}, {@code Mono<T>}, {@code Mono<Slice<T>>}, {@code Mono<Long>}, {@code Mono<Boolean>} or
 * {@code Mono<Void>}.
 *
 * @param <T> the entity type, annotated {@link io.scyllaboot.spring.mapping.Table}
 * @param <ID> the primary key type
 */
@NoRepositoryBean
public interface ReactiveScyllaRepository<T, ID> extends ReactiveCrudRepository<T, ID> {}
