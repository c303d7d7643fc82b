package io.scyllaboot.driver.internal.session;

import io.scyllaboot.driver.api.cql.BatchStatement;
import io.scyllaboot.driver.api.cql.SimpleStatement;
import io.scyllaboot.driver.api.cql.Statement;
import io.scyllaboot.driver.internal.cql.DefaultBoundStatement;
import io.scyllaboot.driver.internal.cql.RoutingKey;
import java.util.StringJoiner;
import org.jspecify.annotations.Nullable;

/** What a request listener is told about a statement: its CQL (no values) and its keyspace. */
final class StatementTexts {
  private StatementTexts() {}

  static String query(Statement<?> statement) {
    if (statement instanceof SimpleStatement simple) {
      return simple.query();
    }
    if (statement instanceof DefaultBoundStatement bound) {
      return bound.prepared().query();
    }
    StringJoiner queries = new StringJoiner("; ");
    for (Statement<?> child : ((BatchStatement) statement).statements()) {
      queries.add(query(child));
    }
    return queries.toString();
  }

  /** The keyspace of the table a bound statement writes or reads, else the session's. */
  static @Nullable String keyspace(Statement<?> statement, @Nullable String sessionKeyspace) {
    if (statement instanceof BatchStatement batch && !batch.statements().isEmpty()) {
      return keyspace(batch.statements().get(0), sessionKeyspace);
    }
    if (statement instanceof DefaultBoundStatement bound) {
      String keyspace = RoutingKey.keyspace(bound);
      if (keyspace == null) {
        keyspace = bound.prepared().keyspace();
      }
      if (keyspace != null) {
        return keyspace;
      }
    }
    return sessionKeyspace;
  }
}
