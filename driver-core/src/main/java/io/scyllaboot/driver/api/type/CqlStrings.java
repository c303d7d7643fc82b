package io.scyllaboot.driver.api.type;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Quoting as CQL writes it, for a {@link TypeCodec}'s {@code format} and {@code parse}: a string
 * literal in single quotes (a quote inside doubled), a case-sensitive name in double quotes.
 */
public final class CqlStrings {
  private CqlStrings() {}

  /** {@code it's} is {@code 'it''s'}. */
  public static String quote(String value) {
    return enclose(value, '\'');
  }

  /** {@code 'it''s'} is {@code it's}; a value not in single quotes is returned as it is. */
  public static @Nullable String unquote(@Nullable String value) {
    return isQuoted(value) ? unenclose(value, '\'') : value;
  }

  /** Whether the value starts and ends with a single quote. */
  public static boolean isQuoted(@Nullable String value) {
    return isEnclosed(value, '\'');
  }

  /** {@code My"Table} is {@code "My""Table"}. */
  public static String doubleQuote(String value) {
    return enclose(value, '"');
  }

  /** {@code "My""Table"} is {@code My"Table}; a value not in double quotes is returned as it is. */
  public static @Nullable String unDoubleQuote(@Nullable String value) {
    return isDoubleQuoted(value) ? unenclose(value, '"') : value;
  }

  /** Whether the value starts and ends with a double quote. */
  public static boolean isDoubleQuoted(@Nullable String value) {
    return isEnclosed(value, '"');
  }

  private static String enclose(String value, char quote) {
    String q = String.valueOf(quote);
    return q + Objects.requireNonNull(value, "value").replace(q, q + q) + q;
  }

  private static String unenclose(String value, char quote) {
    String q = String.valueOf(quote);
    return value.substring(1, value.length() - 1).replace(q + q, q);
  }

  private static boolean isEnclosed(@Nullable String value, char quote) {
    return value != null
        && value.length() >= 2
        && value.charAt(0) == quote
        && value.charAt(value.length() - 1) == quote;
  }
}
