package io.scyllaboot.autoconfigure.observation;

import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * The operation and table of a CQL text, read from its first words. CQL statements name one table
 * at most (no joins), so the first table named is the table. The table is kept as written, keyspace
 * prefix and quotes included, as OpenTelemetry asks of names parsed from query text.
 */
record CqlSummary(String operation, @Nullable String table) {
  /** What a text that does not start with a word gives. */
  static final CqlSummary UNKNOWN_OPERATION = new CqlSummary("UNKNOWN", null);

  static CqlSummary of(String query) {
    String text = query.strip();
    if (text.contains("; ")) {
      return new CqlSummary("BATCH", null); // the driver joins a batch's queries with "; "
    }
    Words words = new Words(text);
    String first = words.next();
    if (first == null) {
      return UNKNOWN_OPERATION;
    }
    String operation = first.toUpperCase(Locale.ROOT);
    String table =
        switch (operation) {
          case "SELECT", "DELETE" -> words.after("FROM");
          case "INSERT" -> words.after("INTO");
          case "UPDATE" -> words.next();
          case "TRUNCATE" -> words.nextSkipping("TABLE");
          default -> null;
        };
    return new CqlSummary(operation, table);
  }

  /** The words of a CQL text; a quoted identifier or a dotted name is one word. */
  private static final class Words {
    private final String text;
    private int position;

    Words(String text) {
      this.text = text;
    }

    @Nullable String next() {
      int length = text.length();
      while (position < length && !isWordChar(text.charAt(position))) {
        position++;
      }
      int start = position;
      boolean quoted = false;
      while (position < length) {
        char c = text.charAt(position);
        if (c == '"') {
          quoted = !quoted;
        } else if (!quoted && !isWordChar(c)) {
          break;
        }
        position++;
      }
      return position == start ? null : text.substring(start, position);
    }

    /** The word after the first {@code keyword} (case-insensitive), or null. */
    @Nullable String after(String keyword) {
      for (String word = next(); word != null; word = next()) {
        if (word.equalsIgnoreCase(keyword)) {
          return next();
        }
      }
      return null;
    }

    @Nullable String nextSkipping(String optionalKeyword) {
      String word = next();
      return word != null && word.equalsIgnoreCase(optionalKeyword) ? next() : word;
    }

    private static boolean isWordChar(char c) {
      return Character.isLetterOrDigit(c) || c == '_' || c == '.' || c == '"';
    }
  }
}
