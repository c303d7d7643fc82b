package io.scyllaboot.spring.repository;

import org.reactivestreams.Publisher;
import org.springframework.data.repository.NoRepositoryBean;
import org.springframework.data.repository.reactive.ReactiveCrudRepository;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The reactive repository interface to extend (needs reactor-core): the CRUD methods of {@link
 * ScyllaRepository} as {@code Mono}/{@code Flux}, on the driver's asynchronous API, written through
 * the reactive entity template ({@code @Version}, reactive auditing, callbacks and events apply as
 * for blocking repositories). {@code findAll()} and {@code Flux} query methods fetch pages as the
 * subscriber requests rows. Query methods are derived or {@link Query}-annotated as for blocking
 * repositories and return {@code Flux<T>}, {@code Mono<T>}, {@code Mono<Slice<T>>}, {@code
 * Mono<Long>}, {@code Mono<Boolean>} or {@code Mono<Void>}; their {@code Mono}/{@code Flux}
 * parameters are resolved first (a {@code Flux} to a list).
 *
 * @param <T> the entity type, annotated {@link io.scyllaboot.spring.mapping.Table}
 * @param <ID> the primary key type
 */
@NoRepositoryBean
public interface ReactiveScyllaRepository<T, ID> extends ReactiveCrudRepository<T, ID> {

  /**
   * Inserts an entity (the whole row, nulls included), never updating: for a versioned entity
   * {@code IF NOT EXISTS}, signalling {@code OptimisticLockingFailureException} if the row exists.
   */
  <S extends T> Mono<S> insert(S entity);

  /** Inserts each entity as {@link #insert(Object)} does; emits them in order. */
  <S extends T> Flux<S> insert(Iterable<S> entities);

  /** Inserts each entity as {@link #insert(Object)} does; emits them in order. */
  <S extends T> Flux<S> insert(Publisher<S> entities);
}
