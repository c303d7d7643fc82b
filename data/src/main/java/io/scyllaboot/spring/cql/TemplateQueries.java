package io.scyllaboot.spring.cql;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.AsyncResultSet;
import io.scyllaboot.driver.api.cql.PreparedStatement;
import io.scyllaboot.driver.api.cql.ResultSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * How the templates send a CQL string: prepared through the session's statement cache, with or
 * without values, so that a repeated query costs the node no parsing and sends only its id. Only
 * data statements are prepared without values; a schema statement or anything else runs once and is
 * sent as is, rather than filling the cache.
 */
final class TemplateQueries {
  private static final String[] PREPARED_KEYWORDS = {"SELECT", "INSERT", "UPDATE", "DELETE"};

  private TemplateQueries() {}

  static ResultSet execute(CqlSession session, String cql, Object[] args) {
    if (args.length > 0 || !isDataStatement(cql)) {
      return session.execute(cql, args);
    }
    return session.execute(session.prepare(cql).bind());
  }

  static CompletionStage<AsyncResultSet> executeAsync(
      CqlSession session, String cql, Object[] args) {
    if (args.length > 0 || !isDataStatement(cql)) {
      return session.executeAsync(cql, args);
    }
    CompletableFuture<PreparedStatement> preparing =
        session.prepareAsync(cql).toCompletableFuture();
    if (preparing.isDone() && !preparing.isCompletedExceptionally()) {
      return session.executeAsync(preparing.join().bind()); // cached: no continuation
    }
    return preparing.thenCompose(
        session.inCallerContext(prepared -> session.executeAsync(prepared.bind())));
  }

  /** Whether the statement starts with SELECT, INSERT, UPDATE or DELETE (any case). */
  static boolean isDataStatement(String cql) {
    int start = 0;
    while (start < cql.length() && Character.isWhitespace(cql.charAt(start))) {
      start++;
    }
    for (String keyword : PREPARED_KEYWORDS) {
      int end = start + keyword.length();
      if (cql.regionMatches(true, start, keyword, 0, keyword.length())
          && (end == cql.length() || !Character.isLetterOrDigit(cql.charAt(end)))) {
        return true;
      }
    }
    return false;
  }
}
