package io.scyllaboot.driver.api.cql;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * Several simple and bound statements applied as one BATCH. Immutable: {@link #add} returns a copy.
 * Children keep their values; their own per-statement options are ignored in favour of the batch's.
 */
public final class BatchStatement implements Statement<BatchStatement> {

  /** The kinds of batch. */
  public enum BatchType {
    /** Atomic, through the batch log. */
    LOGGED(0),
    /** Not atomic across partitions; cheaper. */
    UNLOGGED(1),
    /** Counter updates only. */
    COUNTER(2);

    private final int code;

    BatchType(int code) {
      this.code = code;
    }

    /** The protocol code of this kind. */
    public int code() {
      return code;
    }
  }

  private final BatchType type;
  private final List<Statement<?>> statements;
  private final StatementOptions options;

  private BatchStatement(BatchType type, List<Statement<?>> statements, StatementOptions options) {
    this.type = type;
    this.statements = statements;
    this.options = options;
  }

  /**
   * A batch of this kind.
   *
   * @throws IllegalArgumentException if a child is itself a batch
   */
  public static BatchStatement of(BatchType type, Statement<?>... statements) {
    return new BatchStatement(
        Objects.requireNonNull(type, "batch type"),
        checked(List.of(statements)),
        StatementOptions.DEFAULTS);
  }

  public static BatchStatement logged(Statement<?>... statements) {
    return of(BatchType.LOGGED, statements);
  }

  public static BatchStatement unlogged(Statement<?>... statements) {
    return of(BatchType.UNLOGGED, statements);
  }

  public static BatchStatement counter(Statement<?>... statements) {
    return of(BatchType.COUNTER, statements);
  }

  private static List<Statement<?>> checked(List<Statement<?>> statements) {
    for (Statement<?> statement : statements) {
      if (statement instanceof BatchStatement) {
        throw new IllegalArgumentException("a batch cannot contain another batch");
      }
    }
    return statements;
  }

  /** A copy with more statements at the end. */
  public BatchStatement add(Statement<?>... more) {
    List<Statement<?>> all = new ArrayList<>(statements);
    all.addAll(checked(List.of(more)));
    return new BatchStatement(type, Collections.unmodifiableList(all), options);
  }

  public BatchType type() {
    return type;
  }

  /** The children, in order. */
  public List<Statement<?>> statements() {
    return statements;
  }

  @Override
  public StatementOptions options() {
    return options;
  }

  @Override
  public BatchStatement withOptions(StatementOptions newOptions) {
    return new BatchStatement(type, statements, Objects.requireNonNull(newOptions, "options"));
  }

  @Override
  public String toString() {
    return "BatchStatement[" + type + ", " + statements.size() + " statements]";
  }
}
