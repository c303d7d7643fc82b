package io.scyllaboot.spring.core;

import io.scyllaboot.driver.api.cql.BatchStatement;
import io.scyllaboot.driver.api.cql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;
import org.springframework.dao.OptimisticLockingFailureException;

/** Collects entity writes into one batch of bound statements; not thread-safe, run once. */
final class DefaultScyllaBatchOperations implements ScyllaBatchOperations {
  private final ScyllaTemplate template;
  private final BatchStatement.BatchType type;
  private final List<Statement<?>> statements = new ArrayList<>();
  private final List<EntityWrites.Write<?>> versioned = new ArrayList<>();
  private Long timestamp;
  // Off as in Spring Data Cassandra's batches; withVersionChecks() turns it on.
  private boolean checkVersions;
  private boolean executed;

  DefaultScyllaBatchOperations(ScyllaTemplate template, BatchStatement.BatchType type) {
    this.template = template;
    this.type = Objects.requireNonNull(type, "batch type");
  }

  private void checkNotExecuted() {
    if (executed) {
      throw new IllegalStateException("this batch was executed already; start a new one");
    }
  }

  private void add(EntityWrites.Write<?> write) {
    statements.add(template.bind(write));
    if (write.conflict() != null) {
      versioned.add(write);
    }
  }

  @Override
  public ScyllaBatchOperations insert(Object... entities) {
    return insert(List.of(entities), InsertOptions.empty());
  }

  @Override
  public ScyllaBatchOperations insert(Iterable<?> entities) {
    return insert(entities, InsertOptions.empty());
  }

  @Override
  public ScyllaBatchOperations insert(Iterable<?> entities, InsertOptions options) {
    checkNotExecuted();
    for (Object entity : entities) {
      add(template.batchInsert(entity, options, checkVersions));
    }
    return this;
  }

  @Override
  public ScyllaBatchOperations update(Object... entities) {
    return update(List.of(entities), UpdateOptions.empty());
  }

  @Override
  public ScyllaBatchOperations update(Iterable<?> entities) {
    return update(entities, UpdateOptions.empty());
  }

  @Override
  public ScyllaBatchOperations update(Iterable<?> entities, UpdateOptions options) {
    checkNotExecuted();
    for (Object entity : entities) {
      add(template.batchUpdate(entity, options, checkVersions));
    }
    return this;
  }

  @Override
  public ScyllaBatchOperations delete(Object... entities) {
    return delete(List.of(entities));
  }

  @Override
  public ScyllaBatchOperations delete(Iterable<?> entities) {
    checkNotExecuted();
    for (Object entity : entities) {
      add(template.batchDelete(entity, checkVersions));
    }
    return this;
  }

  @Override
  public ScyllaBatchOperations withVersionChecks() {
    checkNotExecuted();
    checkVersions = true;
    return this;
  }

  @Override
  public ScyllaBatchOperations withTimestamp(long micros) {
    checkNotExecuted();
    this.timestamp = micros;
    return this;
  }

  @Override
  public WriteResult execute() {
    checkNotExecuted();
    if (statements.isEmpty()) {
      throw new IllegalStateException("the batch is empty: add inserts, updates or deletes first");
    }
    executed = true;
    BatchStatement batch = BatchStatement.of(type, statements.toArray(new Statement<?>[0]));
    if (timestamp != null) {
      batch = batch.withTimestamp(timestamp);
    }
    WriteResult result;
    try {
      result = template.executeBatch(batch);
    } catch (RuntimeException e) {
      versioned.forEach(write -> write.undo().run());
      throw e;
    }
    if (!result.wasApplied() && !versioned.isEmpty()) {
      // A conditional batch is applied whole or not at all: every versioned entity stays as it was.
      versioned.forEach(write -> write.undo().run());
      throw new OptimisticLockingFailureException(
          "The batch was not applied: a version condition failed. "
              + versioned.stream()
                  .map(EntityWrites.Write::conflict)
                  .collect(Collectors.joining("; ")));
    }
    return result;
  }
}
