package io.scyllaboot.driver.internal.session;

import io.scyllaboot.driver.api.error.UnsupportedStatementException;

/**
 * Recognizes {@code USE keyspace}: the session runs it on every connection ({@link
 * KeyspaceSwitch}); everywhere else (a pinned connection, PREPARE, a batch) it is refused, as it
 * would switch only the connection it happened to run on, so that later statements would run in one
 * keyspace or the other depending on the connection they land on.
 */
final class UseStatements {
  private UseStatements() {}

  /**
   * @throws UnsupportedStatementException if the query is a USE statement
   */
  static void refuse(String query) {
    if (isUse(query)) {
      throw new UnsupportedStatementException(
          "'"
              + (query.length() > 60 ? query.substring(0, 57) + "..." : query.strip())
              + "' is refused here: it would switch only one of the session's connections. Run it"
              + " with session.execute(..), build the session with withKeyspace(...) (scylla.keyspace"
              + " in Spring Boot), or qualify table names (keyspace.table)");
    }
  }

  /** Whether the first keyword, after blanks and comments, is USE. Cheap: no allocation. */
  static boolean isUse(String query) {
    int i = skipBlanksAndComments(query, 0);
    if (i + 3 > query.length() || !query.regionMatches(true, i, "use", 0, 3)) {
      return false;
    }
    if (i + 3 == query.length()) {
      return true;
    }
    char after = query.charAt(i + 3);
    return Character.isWhitespace(after) || after == '"' || after == '/' || after == '-';
  }

  private static int skipBlanksAndComments(String query, int from) {
    int i = from;
    int length = query.length();
    while (i < length) {
      char c = query.charAt(i);
      if (Character.isWhitespace(c)) {
        i++;
      } else if ((c == '-' || c == '/') && i + 1 < length && query.charAt(i + 1) == c) {
        int end = query.indexOf('\n', i);
        i = end < 0 ? length : end + 1;
      } else if (c == '/' && i + 1 < length && query.charAt(i + 1) == '*') {
        int end = query.indexOf("*/", i + 2);
        i = end < 0 ? length : end + 2;
      } else {
        return i;
      }
    }
    return i;
  }
}
