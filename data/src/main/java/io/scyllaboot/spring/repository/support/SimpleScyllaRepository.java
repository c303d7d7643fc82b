package io.scyllaboot.spring.repository.support;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.AsyncResultSet;
import io.scyllaboot.driver.api.cql.ResultSet;
import io.scyllaboot.driver.api.cql.Row;
import io.scyllaboot.spring.cql.ScyllaExceptionTranslator;
import io.scyllaboot.spring.mapping.ScyllaEntityConverter;
import io.scyllaboot.spring.repository.ScyllaRepository;
import io.scyllaboot.spring.repository.query.SliceQuery;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.function.Function;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.Slice;

/**
 * The CRUD methods of every repository: each is one prepared statement (through the driver's
 * cache), executed synchronously; the {@code ...All} methods send their statements concurrently, at
 * most {@value #MAX_IN_FLIGHT} in flight.
 */
public class SimpleScyllaRepository<T, ID> implements ScyllaRepository<T, ID> {
  /** How many statements the ...All methods keep in flight at most. */
  static final int MAX_IN_FLIGHT = 64;

  private final CqlSession session;
  private final ScyllaExceptionTranslator translator;
  private final ScyllaEntityConverter converter;
  private final EntityStatements<T, ID> statements;

  public SimpleScyllaRepository(
      CqlSession session,
      ScyllaExceptionTranslator translator,
      ScyllaEntityConverter converter,
      EntityStatements<T, ID> statements) {
    this.session = session;
    this.translator = translator;
    this.converter = converter;
    this.statements = statements;
  }

  private ResultSet run(String cql, Object[] values) {
    try {
      return session.execute(cql, values);
    } catch (RuntimeException e) {
      throw translator.toRuntime("repository", cql, e);
    }
  }

  /**
   * Runs one statement per value set, at most {@link #MAX_IN_FLIGHT} at a time (the caller waits
   * for a free slot), and returns the mapped results in order. Stops sending after a failure.
   */
  private <R> List<R> runAll(
      String cql, List<Object[]> values, Function<AsyncResultSet, R> mapper) {
    Semaphore window = new Semaphore(MAX_IN_FLIGHT);
    List<CompletableFuture<R>> calls = new ArrayList<>(values.size());
    try {
      for (Object[] each : values) {
        window.acquireUninterruptibly();
        CompletableFuture<R> call;
        try {
          call = session.executeAsync(cql, each).thenApply(mapper).toCompletableFuture();
        } catch (RuntimeException e) {
          window.release();
          throw e;
        }
        call.whenComplete((result, error) -> window.release());
        calls.add(call);
        if (call.isCompletedExceptionally()) {
          break;
        }
      }
      List<R> results = new ArrayList<>(calls.size());
      for (CompletableFuture<R> call : calls) {
        results.add(call.join());
      }
      return results;
    } catch (RuntimeException e) {
      throw translator.toRuntime("repository", cql, e);
    }
  }

  private T readOne(AsyncResultSet page) {
    try {
      Row row = page.one();
      return row == null ? null : converter.read(statements.entity(), row);
    } finally {
      page.close();
    }
  }

  @Override
  public <S extends T> S save(S entity) {
    Objects.requireNonNull(entity, "entity");
    run(statements.insert, statements.insertValues(entity)).close();
    return entity;
  }

  @Override
  public <S extends T> List<S> saveAll(Iterable<S> entities) {
    List<S> saved = new ArrayList<>();
    List<Object[]> values = new ArrayList<>();
    for (S entity : entities) {
      saved.add(entity);
      values.add(statements.insertValues(entity));
    }
    runAll(statements.insert, values, SimpleScyllaRepository::close);
    return saved;
  }

  @Override
  public Optional<T> findById(ID id) {
    Objects.requireNonNull(id, "id");
    try (ResultSet result = run(statements.selectByKey, statements.idValues(id))) {
      Row row = result.one();
      return row == null ? Optional.empty() : Optional.of(converter.read(statements.entity(), row));
    }
  }

  @Override
  public boolean existsById(ID id) {
    Objects.requireNonNull(id, "id");
    try (ResultSet result = run(statements.existsByKey, statements.idValues(id))) {
      return result.one() != null;
    }
  }

  @Override
  public List<T> findAll() {
    List<T> all = new ArrayList<>();
    try (ResultSet result = run(statements.selectAll, new Object[0])) {
      for (Row row : result) {
        all.add(converter.read(statements.entity(), row));
      }
    }
    return all;
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
    try {
      return SliceQuery.fetch(
          session,
          session.prepare(statements.selectAll).bind(),
          pageable,
          row -> converter.read(statements.entity(), row));
    } catch (RuntimeException e) {
      throw translator.toRuntime("repository", statements.selectAll, e);
    }
  }

  @Override
  public List<T> findAllById(Iterable<ID> ids) {
    List<Object[]> keys = new ArrayList<>();
    for (ID id : ids) {
      keys.add(statements.idValues(id));
    }
    List<T> found = new ArrayList<>();
    for (T entity : runAll(statements.selectByKey, keys, this::readOne)) {
      if (entity != null) {
        found.add(entity);
      }
    }
    return found;
  }

  @Override
  public long count() {
    try (ResultSet result = run(statements.count, new Object[0])) {
      return result.one().getLong(0);
    }
  }

  @Override
  public void deleteById(ID id) {
    Objects.requireNonNull(id, "id");
    run(statements.deleteByKey, statements.idValues(id)).close();
  }

  @Override
  public void delete(T entity) {
    Objects.requireNonNull(entity, "entity");
    run(statements.deleteByKey, statements.entityKeyValues(entity)).close();
  }

  @Override
  public void deleteAllById(Iterable<? extends ID> ids) {
    List<Object[]> keys = new ArrayList<>();
    for (ID id : ids) {
      keys.add(statements.idValues(id));
    }
    runAll(statements.deleteByKey, keys, SimpleScyllaRepository::close);
  }

  @Override
  public void deleteAll(Iterable<? extends T> entities) {
    List<Object[]> keys = new ArrayList<>();
    for (T entity : entities) {
      keys.add(statements.entityKeyValues(entity));
    }
    runAll(statements.deleteByKey, keys, SimpleScyllaRepository::close);
  }

  private static Boolean close(AsyncResultSet page) {
    page.close();
    return Boolean.TRUE;
  }

  @Override
  public void deleteAll() {
    run(statements.truncate, new Object[0]).close();
  }
}
