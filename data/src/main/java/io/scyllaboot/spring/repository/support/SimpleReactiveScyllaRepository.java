package io.scyllaboot.spring.repository.support;

import io.scyllaboot.driver.api.cql.Row;
import io.scyllaboot.spring.mapping.ScyllaEntityConverter;
import io.scyllaboot.spring.reactive.cql.ReactiveCqlTemplate;
import io.scyllaboot.spring.repository.ReactiveScyllaRepository;
import java.util.Objects;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The CRUD methods of every reactive repository: the statements of {@link EntityStatements}, each
 * prepared once through the driver's cache and run without blocking. The {@code ...All} methods
 * keep at most {@value #MAX_IN_FLIGHT} statements in flight and emit in their input's order.
 */
public class SimpleReactiveScyllaRepository<T, ID> implements ReactiveScyllaRepository<T, ID> {
  /** How many statements the ...All methods keep in flight at most. */
  static final int MAX_IN_FLIGHT = 64;

  private final ReactiveCqlTemplate template;
  private final ScyllaEntityConverter converter;
  private final EntityStatements<T, ID> statements;

  public SimpleReactiveScyllaRepository(
      ReactiveCqlTemplate template,
      ScyllaEntityConverter converter,
      EntityStatements<T, ID> statements) {
    this.template = template;
    this.converter = converter;
    this.statements = statements;
  }

  private T read(Row row, int rowNumber) {
    return converter.read(statements.entity(), row);
  }

  @Override
  public <S extends T> Mono<S> save(S entity) {
    Objects.requireNonNull(entity, "entity");
    return Mono.defer(() -> template.execute(statements.insert, statements.insertValues(entity)))
        .thenReturn(entity);
  }

  @Override
  public <S extends T> Flux<S> saveAll(Iterable<S> entities) {
    return saveAll(Flux.fromIterable(entities));
  }

  @Override
  public <S extends T> Flux<S> saveAll(Publisher<S> entities) {
    return Flux.from(entities).flatMapSequential(this::save, MAX_IN_FLIGHT);
  }

  @Override
  public Mono<T> findById(ID id) {
    Objects.requireNonNull(id, "id");
    return Flux.defer(
            () -> template.query(statements.selectByKey, this::read, statements.idValues(id)))
        .next();
  }

  @Override
  public Mono<T> findById(Publisher<ID> id) {
    return Mono.from(id).flatMap(this::findById);
  }

  @Override
  public Mono<Boolean> existsById(ID id) {
    Objects.requireNonNull(id, "id");
    return Flux.defer(
            () ->
                template.query(
                    statements.existsByKey, (row, n) -> Boolean.TRUE, statements.idValues(id)))
        .hasElements();
  }

  @Override
  public Mono<Boolean> existsById(Publisher<ID> id) {
    return Mono.from(id).flatMap(this::existsById);
  }

  @Override
  public Flux<T> findAll() {
    return template.query(statements.selectAll, this::read);
  }

  @Override
  public Flux<T> findAllById(Iterable<ID> ids) {
    return findAllById(Flux.fromIterable(ids));
  }

  @Override
  public Flux<T> findAllById(Publisher<ID> ids) {
    return Flux.from(ids).flatMapSequential(this::findById, MAX_IN_FLIGHT);
  }

  @Override
  public Mono<Long> count() {
    return template.queryForObject(statements.count, Long.class);
  }

  @Override
  public Mono<Void> deleteById(ID id) {
    Objects.requireNonNull(id, "id");
    return Mono.defer(() -> template.execute(statements.deleteByKey, statements.idValues(id)))
        .then();
  }

  @Override
  public Mono<Void> deleteById(Publisher<ID> id) {
    return Mono.from(id).flatMap(this::deleteById);
  }

  @Override
  public Mono<Void> delete(T entity) {
    Objects.requireNonNull(entity, "entity");
    return Mono.defer(
            () -> template.execute(statements.deleteByKey, statements.entityKeyValues(entity)))
        .then();
  }

  @Override
  public Mono<Void> deleteAllById(Iterable<? extends ID> ids) {
    return Flux.fromIterable(ids).flatMap(this::deleteById, MAX_IN_FLIGHT).then();
  }

  @Override
  public Mono<Void> deleteAll(Iterable<? extends T> entities) {
    return deleteAll(Flux.fromIterable(entities));
  }

  @Override
  public Mono<Void> deleteAll(Publisher<? extends T> entities) {
    return Flux.from(entities).flatMap(this::delete, MAX_IN_FLIGHT).then();
  }

  @Override
  public Mono<Void> deleteAll() {
    return template.execute(statements.truncate).then();
  }
}
