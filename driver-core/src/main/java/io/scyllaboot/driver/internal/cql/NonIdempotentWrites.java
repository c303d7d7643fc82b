package io.scyllaboot.driver.internal.cql;

import io.scyllaboot.driver.api.cql.BatchStatement;
import io.scyllaboot.driver.api.cql.SimpleStatement;
import io.scyllaboot.driver.api.cql.Statement;
import java.util.regex.Pattern;

/**
 * Writes that must never run twice whatever the session's idempotence default says: a conditional
 * write (LWT: {@code IF}, {@code IF [NOT] EXISTS}), whose second run sees {@code [applied]=false},
 * and an update that reads the value it writes (a counter {@code n = n + 1}, a list append or
 * prepend, a set or map addition or removal), whose second run applies it again. Only a statement
 * that says so itself ({@code withIdempotent(true)}) is run twice.
 *
 * <p>Read from the query text, as the server would parse it (quoted literals and names skipped); a
 * doubt counts as non-idempotent, which costs only a speculation or a retry.
 */
public final class NonIdempotentWrites {
  // A word IF outside quotes: the condition of an INSERT, UPDATE, DELETE or a batch's statement.
  private static final Pattern CONDITION = Pattern.compile("(?i)\\bIF\\b");
  // A column assigned from itself: "c = c + ?", "c = c - {1}", "l = [1] + l" (names may be quoted).
  private static final Pattern SELF_UPDATE =
      Pattern.compile(
          "(?i)(\"(?:[^\"]|\"\")+\"|\\b[a-z_][a-z0-9_]*)\\s*=\\s*(?:\\1\\s*[-+]|[^=]*?[-+]\\s*\\1(?![a-z0-9_\"]))");

  private NonIdempotentWrites() {}

  /** Whether the statement, or one of a batch's, is a conditional or self-updating write. */
  public static boolean of(Statement<?> statement) {
    if (statement instanceof DefaultBoundStatement bound) {
      return bound.prepared().isNonIdempotentWrite();
    }
    if (statement instanceof SimpleStatement simple) {
      return inText(simple.query());
    }
    if (statement instanceof BatchStatement batch) {
      if (batch.type() == BatchStatement.BatchType.COUNTER) {
        return true;
      }
      for (Statement<?> inner : batch.statements()) {
        if (of(inner)) {
          return true;
        }
      }
    }
    return false;
  }

  /** Whether CQL text is a conditional or self-updating write. */
  public static boolean inText(String cql) {
    String keyword = firstWord(cql);
    if (!keyword.equals("INSERT")
        && !keyword.equals("UPDATE")
        && !keyword.equals("DELETE")
        && !keyword.equals("BEGIN")) {
      return false; // reads, DDL: nothing applies twice
    }
    String code = withoutStringLiterals(cql);
    return CONDITION.matcher(code).find() || SELF_UPDATE.matcher(code).find();
  }

  private static String firstWord(String cql) {
    int start = 0;
    while (start < cql.length() && !Character.isLetter(cql.charAt(start))) {
      start++;
    }
    int end = start;
    while (end < cql.length() && Character.isLetter(cql.charAt(end))) {
      end++;
    }
    return cql.substring(start, end).toUpperCase(java.util.Locale.ROOT);
  }

  /** The text with every '...' and $$...$$ literal blanked, so a value never looks like code. */
  private static String withoutStringLiterals(String cql) {
    if (cql.indexOf('\'') < 0 && !cql.contains("$$")) {
      return cql;
    }
    StringBuilder code = new StringBuilder(cql.length());
    int i = 0;
    while (i < cql.length()) {
      char c = cql.charAt(i);
      if (c == '\'') {
        int end = i + 1;
        while (end < cql.length()) {
          if (cql.charAt(end) == '\'') {
            if (end + 1 < cql.length() && cql.charAt(end + 1) == '\'') {
              end += 2; // an escaped quote
              continue;
            }
            break;
          }
          end++;
        }
        code.append("''");
        i = end + 1;
      } else if (c == '$' && cql.startsWith("$$", i)) {
        int end = cql.indexOf("$$", i + 2);
        code.append("''");
        i = end < 0 ? cql.length() : end + 2;
      } else {
        code.append(c);
        i++;
      }
    }
    return code.toString();
  }
}
