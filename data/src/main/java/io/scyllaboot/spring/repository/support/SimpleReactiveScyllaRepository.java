package io.scyllaboot.spring.repository.support;

import io.scyllaboot.spring.core.EntityWriteResult;
import io.scyllaboot.spring.core.InsertOptions;
import io.scyllaboot.spring.mapping.ScyllaEntityConverter;
import io.scyllaboot.spring.reactive.ReactiveScyllaOperations;
import io.scyllaboot.spring.reactive.ReactiveScyllaTemplate;
import io.scyllaboot.spring.reactive.cql.ReactiveCqlTemplate;
import io.scyllaboot.spring.repository.ReactiveScyllaRepository;
import java.util.Objects;
import java.util.function.Function;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The CRUD methods of every reactive repository, run through the reactive entity template (so
 * versions, reactive callbacks, auditing and events apply, as for blocking repositories) without
 * blocking. The {@code ...All} methods keep at most {@value #MAX_IN_FLIGHT} statements in flight
 * and emit in their input's order.
 *
 * <p>A base class of {@code @EnableReactiveScyllaRepositories(repositoryBaseClass)} extends it and
 * has a constructor {@code (ScyllaEntityInformation, ReactiveScyllaOperations)}, as Spring Data
 * Cassandra's {@code SimpleReactiveCassandraRepository(CassandraEntityInformation,
 * ReactiveCassandraOperations)}.
 */
public class SimpleReactiveScyllaRepository<T, ID> implements ReactiveScyllaRepository<T, ID> {
  /** How many statements the ...All methods keep in flight at most. */
  static final int MAX_IN_FLIGHT = 64;

  /** As Spring Data's repositories save: the whole row, nulls included. */
  private static final InsertOptions INSERT_NULLS =
      InsertOptions.builder().insertNulls(true).build();

  private final ReactiveScyllaOperations template;
  private final EntityStatements<T, ID> statements;
  private final ScyllaEntityInformation<T, ID> information;
  private final Class<T> type;

  public SimpleReactiveScyllaRepository(
      ReactiveScyllaTemplate template, EntityStatements<T, ID> statements) {
    this(new ScyllaEntityInformation<>(statements), template);
  }

  /** The constructor a repository base class calls: the entity and the operations to run on. */
  public SimpleReactiveScyllaRepository(
      ScyllaEntityInformation<T, ID> information, ReactiveScyllaOperations operations) {
    this.template = Objects.requireNonNull(operations, "operations");
    this.information = Objects.requireNonNull(information, "information");
    this.statements = information.statements();
    this.type = statements.entity().getType();
  }

  /** A repository on its own entity template (without callbacks or events). */
  public SimpleReactiveScyllaRepository(
      ReactiveCqlTemplate template,
      ScyllaEntityConverter converter,
      EntityStatements<T, ID> statements) {
    this(new ReactiveScyllaTemplate(template, converter), statements);
  }

  /** Whether save() updates (a versioned entity that is not new) rather than inserts. */
  private boolean updates(T entity) {
    return statements.entity().hasVersionProperty() && !information.isNew(entity);
  }

  @Override
  public <S extends T> Mono<S> save(S entity) {
    Objects.requireNonNull(entity, "entity");
    return updates(entity) ? template.update(entity) : insert(entity);
  }

  @Override
  public <S extends T> Flux<S> saveAll(Iterable<S> entities) {
    return saveAll(Flux.fromIterable(entities));
  }

  @Override
  public <S extends T> Flux<S> saveAll(Publisher<S> entities) {
    return inOrder(entities, this::save);
  }

  /** One write per entity, at most {@link #MAX_IN_FLIGHT} at a time, emitted in input order. */
  private static <S> Flux<S> inOrder(Publisher<S> entities, Function<S, Mono<S>> write) {
    return Flux.from(entities).flatMapSequential(write, MAX_IN_FLIGHT);
  }

  @Override
  public <S extends T> Mono<S> insert(S entity) {
    Objects.requireNonNull(entity, "entity");
    return template.insert(entity, INSERT_NULLS).map(EntityWriteResult::getEntity);
  }

  @Override
  public <S extends T> Flux<S> insert(Iterable<S> entities) {
    return insert(Flux.fromIterable(entities));
  }

  @Override
  public <S extends T> Flux<S> insert(Publisher<S> entities) {
    return inOrder(entities, this::insert);
  }

  @Override
  public Mono<T> findById(ID id) {
    Objects.requireNonNull(id, "id");
    return template.selectOneById(id, type);
  }

  @Override
  public Mono<T> findById(Publisher<ID> id) {
    return Mono.from(id).flatMap(this::findById);
  }

  @Override
  public Mono<Boolean> existsById(ID id) {
    Objects.requireNonNull(id, "id");
    return template.exists(id, type);
  }

  @Override
  public Mono<Boolean> existsById(Publisher<ID> id) {
    return Mono.from(id).flatMap(this::existsById);
  }

  @Override
  public Flux<T> findAll() {
    return template.select(statements.selectAll, type);
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
    return template.count(type);
  }

  @Override
  public Mono<Void> deleteById(ID id) {
    Objects.requireNonNull(id, "id");
    return template.deleteById(id, type).then();
  }

  @Override
  public Mono<Void> deleteById(Publisher<ID> id) {
    return Mono.from(id).flatMap(this::deleteById);
  }

  @Override
  public Mono<Void> delete(T entity) {
    Objects.requireNonNull(entity, "entity");
    return template.delete(entity).then();
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
    return template.truncate(type);
  }
}
