package io.scyllaboot.driver.internal.session;

import io.scyllaboot.driver.api.cql.BatchStatement;
import io.scyllaboot.driver.api.cql.BoundStatement;
import io.scyllaboot.driver.api.cql.SimpleStatement;
import io.scyllaboot.driver.api.cql.Statement;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Logs the CQL of every statement a session executes, at DEBUG under the logger {@value #NAME}
 * (templates, repositories and direct session calls all pass here). Bound values are never logged:
 * they may be secrets. With DEBUG off a request costs one level check.
 */
final class CqlRequestLog {
  static final String NAME = "io.scyllaboot.driver.cql";
  private static final Logger LOG = LoggerFactory.getLogger(NAME);

  private CqlRequestLog() {}

  static void executing(Statement<?> statement) {
    if (LOG.isDebugEnabled()) {
      LOG.debug("Executing CQL [{}]", cql(statement));
    }
  }

  /** The statement's CQL with placeholders, never its values. */
  static String cql(Statement<?> statement) {
    if (statement instanceof SimpleStatement simple) {
      return simple.query();
    }
    if (statement instanceof BoundStatement bound) {
      return bound.preparedStatement().query();
    }
    BatchStatement batch = (BatchStatement) statement;
    StringBuilder cql = new StringBuilder("BEGIN ");
    if (batch.type() != BatchStatement.BatchType.LOGGED) {
      cql.append(batch.type()).append(' ');
    }
    cql.append("BATCH ");
    for (Statement<?> child : batch.statements()) {
      cql.append(cql(child)).append("; ");
    }
    return cql.append("APPLY BATCH").toString();
  }
}
