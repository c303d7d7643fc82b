package io.scyllaboot.spring.core;

import io.scyllaboot.driver.api.cql.ExecutionInfo;
import io.scyllaboot.driver.api.cql.Row;
import java.util.List;

/**
 * The outcome of a write: whether it was applied (false only for a lightweight transaction whose
 * condition did not hold), the rows the server returned (for a failed condition: the current
 * values) and how it was executed.
 */
public class WriteResult {
  private final boolean applied;
  private final List<Row> rows;
  private final ExecutionInfo executionInfo;

  WriteResult(boolean applied, List<Row> rows, ExecutionInfo executionInfo) {
    this.applied = applied;
    this.rows = List.copyOf(rows);
    this.executionInfo = executionInfo;
  }

  /** Whether the write was applied; false only when an {@code IF} condition did not hold. */
  public boolean wasApplied() {
    return applied;
  }

  /** The rows of the response: for a lightweight transaction, {@code [applied]} and the row. */
  public List<Row> getRows() {
    return rows;
  }

  /** The coordinator, attempts, warnings and tracing id of the write. */
  public ExecutionInfo getExecutionInfo() {
    return executionInfo;
  }
}
