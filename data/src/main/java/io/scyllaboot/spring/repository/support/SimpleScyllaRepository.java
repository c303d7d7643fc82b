package io.scyllaboot.spring.repository.support;

import io.scyllaboot.driver.internal.util.DriverThreads;
import io.scyllaboot.spring.core.DeleteOptions;
import io.scyllaboot.spring.core.EntityWriteResult;
import io.scyllaboot.spring.core.InsertOptions;
import io.scyllaboot.spring.core.ScyllaOperations;
import io.scyllaboot.spring.core.ScyllaTemplate;
import io.scyllaboot.spring.core.UpdateOptions;
import io.scyllaboot.spring.cql.CqlTemplate;
import io.scyllaboot.spring.cql.RowMapper;
import io.scyllaboot.spring.repository.ScyllaRepository;
import io.scyllaboot.spring.repository.query.SliceQuery;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.Semaphore;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.Slice;

/**
 * The CRUD methods of every repository, run through the entity template (so versions, callbacks and
 * events apply); the {@code ...All} methods send their statements concurrently, at most {@value
 * #MAX_IN_FLIGHT} in flight.
 */
public class SimpleScyllaRepository<T, ID> implements ScyllaRepository<T, ID> {
  /** How many statements the ...All methods keep in flight at most. */
  static final int MAX_IN_FLIGHT = 64;

  /** As Spring Data's repositories save: the whole row, nulls included. */
  private static final InsertOptions INSERT_NULLS =
      InsertOptions.builder().insertNulls(true).build();

  private final ScyllaTemplate template;
  private final EntityStatements<T, ID> statements;
  private final ScyllaEntityInformation<T, ID> information;
  private final Class<T> type;

  /**
   * The constructor a repository base class
   * ({@code @EnableScyllaRepositories(repositoryBaseClass)}) calls, as a Spring Data Cassandra base
   * class calls {@code SimpleCassandraRepository}'s.
   *
   * @param operations the {@link ScyllaTemplate} the repositories write through
   */
  public SimpleScyllaRepository(
      ScyllaEntityInformation<T, ID> information, ScyllaOperations operations) {
    this(template(operations), information.statements());
  }

  private static ScyllaTemplate template(ScyllaOperations operations) {
    if (operations instanceof ScyllaTemplate template) {
      return template;
    }
    throw new IllegalArgumentException(
        "A repository runs on a ScyllaTemplate, not on a " + operations.getClass().getName());
  }

  public SimpleScyllaRepository(ScyllaTemplate template, EntityStatements<T, ID> statements) {
    this.template = Objects.requireNonNull(template, "template");
    this.statements = statements;
    this.information = new ScyllaEntityInformation<>(statements);
    this.type = statements.entity().getType();
  }

  /**
   * Runs one call per item, at most {@link #MAX_IN_FLIGHT} at a time, and returns the results in
   * order. Each call gets an executor that runs the template's callbacks and events on this (the
   * calling) thread, while it waits for a free slot or a result. Stops sending after a failure,
   * waits for the calls already sent, then rethrows the first failure (already translated by the
   * template). A call whose {@code key} an earlier call in flight has waits for it first: writes of
   * one key run in order, the last item wins, as with sequential saves (a write waiting for its
   * statement to be prepared would otherwise be overtaken by later ones that find it prepared).
   */
  private <I, R> List<R> runAll(
      String operation,
      Iterable<I> items,
      Function<I, List<Object>> key,
      BiFunction<I, Executor, CompletableFuture<R>> call) {
    // It waits for the calls it sends: on a driver I/O thread nothing would ever answer them.
    DriverThreads.checkNotDriverThread(operation);
    CallerThreadExecutor caller = new CallerThreadExecutor();
    Semaphore window = new Semaphore(MAX_IN_FLIGHT);
    List<CompletableFuture<R>> calls = new ArrayList<>();
    Map<List<Object>, CompletableFuture<R>> lastOfKey = new HashMap<>();
    RuntimeException failure = null;
    for (I item : items) {
      List<Object> itemKey = key.apply(item);
      CompletableFuture<R> earlier = lastOfKey.get(itemKey);
      if (earlier != null && caller.await(earlier).isCompletedExceptionally()) {
        break;
      }
      while (!window.tryAcquire()) {
        caller.runNext();
      }
      CompletableFuture<R> sent;
      try {
        sent = call.apply(item, caller);
      } catch (RuntimeException e) {
        window.release();
        failure = e;
        break;
      }
      sent.whenComplete(
          (result, error) -> {
            window.release();
            caller.wakeUp();
          });
      calls.add(sent);
      lastOfKey.put(itemKey, sent);
      if (sent.isCompletedExceptionally()) {
        break;
      }
    }
    List<R> results = new ArrayList<>(calls.size());
    for (CompletableFuture<R> sent : calls) {
      try {
        results.add(caller.await(sent).join());
      } catch (CompletionException e) {
        if (failure == null) {
          failure = e.getCause() instanceof RuntimeException cause ? cause : e;
        }
      }
    }
    if (failure != null) {
      throw failure;
    }
    return results;
  }

  // The key column values as written, which tell two writes of one row apart from other rows.
  private List<Object> entityKey(T entity) {
    return Arrays.asList(statements.entityKeyValues(entity));
  }

  @SuppressWarnings("unchecked")
  private List<Object> idKey(Object id) {
    return Arrays.asList(statements.idValues((ID) id));
  }

  /** Whether save() updates (a versioned entity that is not new) rather than inserts. */
  private boolean updates(T entity) {
    return statements.entity().hasVersionProperty() && !information.isNew(entity);
  }

  @Override
  public <S extends T> S save(S entity) {
    Objects.requireNonNull(entity, "entity");
    return updates(entity)
        ? template.update(entity)
        : template.insert(entity, INSERT_NULLS).getEntity();
  }

  @Override
  public <S extends T> List<S> saveAll(Iterable<S> entities) {
    return runAll(
        "saveAll",
        entities,
        this::entityKey,
        (entity, caller) ->
            (updates(entity)
                    ? template.updateAsync(entity, UpdateOptions.empty(), caller)
                    : template.insertAsync(entity, INSERT_NULLS, caller))
                .thenApply(EntityWriteResult::getEntity));
  }

  @Override
  public <S extends T> S insert(S entity) {
    Objects.requireNonNull(entity, "entity");
    return template.insert(entity, INSERT_NULLS).getEntity();
  }

  @Override
  public <S extends T> List<S> insert(Iterable<S> entities) {
    return runAll(
        "insert",
        entities,
        this::entityKey,
        (entity, caller) ->
            template
                .insertAsync(entity, INSERT_NULLS, caller)
                .thenApply(EntityWriteResult::getEntity));
  }

  @Override
  public Optional<T> findById(ID id) {
    Objects.requireNonNull(id, "id");
    return Optional.ofNullable(template.selectOneById(id, type));
  }

  @Override
  public boolean existsById(ID id) {
    Objects.requireNonNull(id, "id");
    return template.exists(id, type);
  }

  @Override
  public List<T> findAll() {
    return template.select(statements.selectAll, type);
  }

  @Override
  public Slice<T> findAll(Pageable pageable) {
    Objects.requireNonNull(pageable, "pageable");
    if (pageable.getSort().isSorted()) {
      throw new IllegalArgumentException(
          "findAll(Pageable) reads a whole table, which CQL cannot order: use a derived query on a"
              + " partition key with OrderBy on clustering columns instead of "
              + pageable.getSort());
    }
    DriverThreads.checkNotDriverThread("findAll");
    CqlTemplate cql = template.getCqlOperations();
    RowMapper<T> rows = template.rowMapper(type);
    try {
      return SliceQuery.fetch(
          cql.getSession(),
          cql.getSession().prepare(statements.selectAll).bind(),
          pageable,
          row -> rows.mapRow(row, 0));
    } catch (RuntimeException e) {
      throw cql.getExceptionTranslator().toRuntime("repository", statements.selectAll, e);
    }
  }

  @Override
  public List<T> findAllById(Iterable<ID> ids) {
    List<T> found = new ArrayList<>();
    for (T entity :
        runAll(
            "findAllById",
            ids,
            this::idKey,
            (id, caller) -> template.selectOneByIdAsync(id, type, caller))) {
      if (entity != null) {
        found.add(entity);
      }
    }
    return found;
  }

  @Override
  public long count() {
    return template.count(type);
  }

  @Override
  public void deleteById(ID id) {
    Objects.requireNonNull(id, "id");
    template.deleteById(id, type);
  }

  @Override
  public void delete(T entity) {
    Objects.requireNonNull(entity, "entity");
    template.delete(entity);
  }

  @Override
  public void deleteAllById(Iterable<? extends ID> ids) {
    runAll(
        "deleteAllById",
        ids,
        this::idKey,
        (id, caller) -> template.deleteByIdAsync(id, type, caller));
  }

  @Override
  public void deleteAll(Iterable<? extends T> entities) {
    runAll(
        "deleteAll",
        entities,
        this::entityKey,
        (entity, caller) -> template.deleteAsync(entity, DeleteOptions.empty(), caller));
  }

  @Override
  public void deleteAll() {
    template.truncate(type);
  }
}
