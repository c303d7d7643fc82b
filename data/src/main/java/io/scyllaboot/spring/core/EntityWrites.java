package io.scyllaboot.spring.core;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.AsyncResultSet;
import io.scyllaboot.driver.api.cql.BoundStatement;
import io.scyllaboot.driver.api.cql.ExecutionInfo;
import io.scyllaboot.driver.api.cql.PreparedStatement;
import io.scyllaboot.driver.api.cql.ResultSet;
import io.scyllaboot.driver.api.cql.Row;
import io.scyllaboot.driver.api.cql.StatementOptions;
import io.scyllaboot.spring.core.mapping.event.AfterDeleteEvent;
import io.scyllaboot.spring.core.mapping.event.AfterSaveEvent;
import io.scyllaboot.spring.core.mapping.event.BeforeDeleteEvent;
import io.scyllaboot.spring.core.mapping.event.BeforeSaveEvent;
import io.scyllaboot.spring.cql.ScyllaExceptionTranslator;
import io.scyllaboot.spring.mapping.ScyllaPersistentEntity;
import io.scyllaboot.spring.mapping.ScyllaPersistentProperty;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.function.Function;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.OptimisticLockingFailureException;

/**
 * Runs entity writes: prepares the statement (through the driver's cache), runs the callbacks and
 * publishes the events around it, and turns a failed version condition into an {@link
 * OptimisticLockingFailureException}.
 */
final class EntityWrites {
  private final CqlSession session;
  private final ScyllaExceptionTranslator translator;
  private final EntityLifecycle lifecycle;

  EntityWrites(
      CqlSession session, ScyllaExceptionTranslator translator, EntityLifecycle lifecycle) {
    this.session = session;
    this.translator = translator;
    this.lifecycle = lifecycle;
  }

  /**
   * A write about to run.
   *
   * @param conflict what went wrong if a version condition fails, or null when not versioned
   * @param save whether it is an insert or update (callbacks and save events), else a delete
   * @param undo puts the version back on a mutable entity when the write is refused, so that a
   *     stale copy stays stale (and a retry with it fails again)
   */
  record Write<T>(
      EntityCql<T> statements,
      T entity,
      String cql,
      Object[] values,
      StatementOptions options,
      @Nullable String conflict,
      boolean save,
      Runnable undo) {}

  private static final Runnable NOTHING = () -> {};

  /** Restores the version of {@code original} if {@code written} is the same (mutable) object. */
  private static <T> Runnable restore(
      ScyllaPersistentEntity<T> meta, T original, T written, @Nullable Object version) {
    if (original != written) {
      return NOTHING;
    }
    return () ->
        meta.getPropertyAccessor(original).setProperty(meta.getRequiredVersionProperty(), version);
  }

  <T> Write<T> insert(EntityCql<T> cql, T entity, InsertOptions options, boolean checkVersion) {
    return insertOf(
        cql, lifecycle.beforeConvert(entity, cql.entity().getTableName()), options, checkVersion);
  }

  /** The insert of an entity its before-convert callbacks have already seen. */
  static <T> Write<T> insertOf(
      EntityCql<T> cql, T converted, InsertOptions options, boolean checkVersion) {
    ScyllaPersistentEntity<T> meta = cql.entity();
    T source = converted;
    boolean versioned = checkVersion && cql.version() != null;
    Runnable undo = NOTHING;
    if (versioned) {
      T unversioned = source;
      Object previous = Versions.current(meta, unversioned);
      source = Versions.initial(meta, unversioned);
      undo = restore(meta, unversioned, source, previous);
    }
    Integer ttl = seconds(options.getTtl());
    String conflict =
        versioned
            ? "Cannot insert "
                + describe(cql, source)
                + " with version "
                + Versions.current(meta, source)
                + ": a row with this key exists already"
            : null;
    return new Write<>(
        cql,
        source,
        cql.insert(ttl != null, options.isIfNotExists() || versioned),
        cql.insertValues(source, options.isInsertNulls(), ttl),
        options.getStatementOptions(),
        conflict,
        true,
        undo);
  }

  <T> Write<T> update(EntityCql<T> cql, T entity, UpdateOptions options, boolean checkVersion) {
    return updateOf(
        cql, lifecycle.beforeConvert(entity, cql.entity().getTableName()), options, checkVersion);
  }

  /** The update of an entity its before-convert callbacks have already seen. */
  static <T> Write<T> updateOf(
      EntityCql<T> cql, T converted, UpdateOptions options, boolean checkVersion) {
    if (!cql.hasRegularColumns()) {
      // Nothing to SET: writing the key is an insert.
      return insertOf(cql, converted, InsertOptions.builder().build(), checkVersion);
    }
    ScyllaPersistentEntity<T> meta = cql.entity();
    T source = converted;
    boolean versioned = checkVersion && cql.version() != null;
    Object expected = null;
    String conflict = null;
    Runnable undo = NOTHING;
    if (versioned) {
      T current = source;
      expected = Versions.current(meta, current);
      source = Versions.next(meta, current, expected);
      undo = restore(meta, current, source, expected);
      conflict =
          "Cannot update "
              + describe(cql, source)
              + " to version "
              + Versions.current(meta, source)
              + ": the stored version is not "
              + expected;
    }
    Integer ttl = seconds(options.getTtl());
    WriteCondition custom = cql.ifCondition(options);
    return new Write<>(
        cql,
        source,
        cql.update(ttl != null, options.isIfExists() && !versioned, versioned, custom),
        cql.updateValues(source, ttl, expected, versioned, custom),
        options.getStatementOptions(),
        conflict,
        true,
        undo);
  }

  static <T> Write<T> delete(
      EntityCql<T> cql, T entity, DeleteOptions options, boolean checkVersion) {
    ScyllaPersistentEntity<T> meta = cql.entity();
    boolean versioned = checkVersion && cql.version() != null;
    Object expected = versioned ? Versions.current(meta, entity) : null;
    String conflict =
        versioned
            ? "Cannot delete " + describe(cql, entity) + ": the stored version is not " + expected
            : null;
    WriteCondition custom = options.getIfCondition();
    return new Write<>(
        cql,
        entity,
        cql.delete(options.isIfExists() && !versioned, versioned, custom),
        cql.deleteValues(entity, expected, versioned, custom),
        options.getStatementOptions(),
        conflict,
        false,
        NOTHING);
  }

  private static <T> String describe(EntityCql<T> cql, T entity) {
    return cql.entity().getType().getSimpleName() + " with key " + cql.describeKey(entity);
  }

  private static @Nullable Integer seconds(@Nullable Duration ttl) {
    return ttl == null ? null : Math.toIntExact(ttl.getSeconds());
  }

  BoundStatement bind(Write<?> write) {
    try {
      return bound(write, session.prepare(write.cql()));
    } catch (RuntimeException e) {
      throw translator.toRuntime("prepare", write.cql(), e);
    }
  }

  static BoundStatement bound(Write<?> write, PreparedStatement prepared) {
    BoundStatement statement = prepared.bind(write.values());
    return write.options().equals(StatementOptions.DEFAULTS)
        ? statement
        : statement.withOptions(write.options());
  }

  /** Publishes the before-save event and runs the before-save callbacks. */
  private <T> T beforeSave(Write<T> write, BoundStatement statement) {
    String table = write.statements().entity().getTableName();
    if (!write.save()) {
      lifecycle.publish(
          new BeforeDeleteEvent<>(
              write.entity(), write.statements().entity().getType(), table, statement));
      return write.entity();
    }
    if (lifecycle.publishes()) {
      lifecycle.publish(new BeforeSaveEvent<>(write.entity(), table, statement));
    }
    return lifecycle.beforeSave(write.entity(), table, statement);
  }

  private <T> EntityWriteResult<T> finish(
      Write<T> write, T entity, boolean applied, List<Row> rows, ExecutionInfo info) {
    EntityWriteResult<T> result = checked(write, entity, applied, rows, info);
    String table = write.statements().entity().getTableName();
    if (write.save()) {
      lifecycle.publish(new AfterSaveEvent<>(entity, table));
    } else {
      lifecycle.publish(
          new AfterDeleteEvent<>(entity, write.statements().entity().getType(), table));
    }
    return result;
  }

  /**
   * The result of a write, before its after-save events.
   *
   * @throws OptimisticLockingFailureException when its version condition failed (the entity's
   *     version is put back first)
   */
  static <T> EntityWriteResult<T> checked(
      Write<T> write, T entity, boolean applied, List<Row> rows, ExecutionInfo info) {
    if (!applied && write.conflict() != null) {
      write.undo().run();
      throw new OptimisticLockingFailureException(write.conflict() + stored(write, rows));
    }
    return new EntityWriteResult<>(applied, rows, info, entity);
  }

  /** What the failed condition saw: the stored version, or that the row is gone. */
  private static String stored(Write<?> write, List<Row> rows) {
    ScyllaPersistentProperty version = write.statements().version();
    if (rows.isEmpty() || version == null) {
      return "";
    }
    Row row = rows.get(0);
    int index = row.columnDefinitions().indexOf(version.getColumnName());
    return index < 0 ? " (no such row)" : " (it is " + row.getObject(index) + ")";
  }

  <T> EntityWriteResult<T> execute(Write<T> write) {
    BoundStatement statement = bind(write);
    T entity = beforeSave(write, statement);
    try (ResultSet result = session.execute(statement)) {
      boolean applied = result.wasApplied();
      return finish(write, entity, applied, result.all(), result.executionInfo());
    } catch (RuntimeException e) {
      write.undo().run();
      throw translator.toRuntime(write.save() ? "write" : "delete", write.cql(), e);
    }
  }

  /** What a write's page said, copied off the page before the page is closed. */
  private record Outcome<T>(T entity, boolean applied, List<Row> rows, ExecutionInfo info) {}

  /**
   * Runs a write asynchronously: preparing, binding and failures all complete the future. The
   * callbacks and events run on {@code lifecycle}, never on the driver's I/O thread (the
   * before-save callbacks on the calling thread when the statement is prepared already).
   */
  <T> CompletableFuture<EntityWriteResult<T>> executeAsync(
      Supplier<Write<T>> writes, Executor lifecycle) {
    CompletableFuture<EntityWriteResult<T>> done;
    String cql = null;
    try {
      Write<T> write = writes.get();
      cql = write.cql();
      Function<PreparedStatement, CompletionStage<Outcome<T>>> send =
          prepared -> {
            BoundStatement statement = bound(write, prepared);
            T entity = beforeSave(write, statement);
            return session
                .executeAsync(statement)
                .thenApply(
                    page -> {
                      try {
                        return new Outcome<>(
                            entity,
                            page.wasApplied(),
                            ScyllaTemplate.rows(page),
                            page.executionInfo());
                      } finally {
                        page.close();
                      }
                    });
          };
      CompletableFuture<PreparedStatement> prepare =
          session.prepareAsync(write.cql()).toCompletableFuture();
      CompletableFuture<Outcome<T>> sent =
          prepare.isDone()
              ? prepare.thenCompose(send)
              : prepare.thenComposeAsync(session.inCallerContext(send), lifecycle);
      done =
          sent.thenApplyAsync(
              outcome ->
                  finish(
                      write, outcome.entity(), outcome.applied(), outcome.rows(), outcome.info()),
              lifecycle);
      done.whenComplete(
          (result, error) -> {
            if (error != null) {
              write.undo().run();
            }
          });
    } catch (RuntimeException e) {
      done = CompletableFuture.failedFuture(e);
    }
    return translated(done, "write", cql);
  }

  /** Runs one statement asynchronously, failures (also thrown before sending) translated. */
  CompletableFuture<AsyncResultSet> run(
      String cql, Supplier<CompletionStage<AsyncResultSet>> call) {
    CompletableFuture<AsyncResultSet> done;
    try {
      done = call.get().toCompletableFuture();
    } catch (RuntimeException e) {
      done = CompletableFuture.failedFuture(e);
    }
    return translated(done, "execute", cql);
  }

  private <R> CompletableFuture<R> translated(
      CompletableFuture<R> future, String task, @Nullable String cql) {
    CompletableFuture<R> result = new CompletableFuture<>();
    future.whenComplete(
        (value, error) -> {
          if (error == null) {
            result.complete(value);
          } else {
            Throwable cause =
                error instanceof java.util.concurrent.CompletionException
                        && error.getCause() != null
                    ? error.getCause()
                    : error;
            result.completeExceptionally(
                cause instanceof RuntimeException runtime
                    ? translator.toRuntime(task, cql, runtime)
                    : cause);
          }
        });
    return result;
  }
}
