package io.scyllaboot.spring.mapping;

import java.util.Locale;
import java.util.Set;

/**
 * CQL identifiers as statements write them. A name is kept as the server stores it (its "internal"
 * form, e.g. {@code order} or {@code OrderDate}); {@link #cql(String)} quotes it when CQL could not
 * read it bare: a reserved word, upper-case letters, or characters other than letters, digits and
 * underscores.
 */
public final class CqlIdentifiers {

  /*
   * Cassandra's reserved keywords (its reserved_keywords.txt, 5.0 and trunk), which no unquoted
   * identifier may be. Quoting a lower-case name changes nothing, so the list errs on the side of
   * more words.
   */
  private static final Set<String> RESERVED =
      Set.of(
          "add",
          "allow",
          "alter",
          "and",
          "apply",
          "asc",
          "authorize",
          "batch",
          "begin",
          "by",
          "check",
          "columnfamily",
          "constraint",
          "create",
          "delete",
          "desc",
          "describe",
          "drop",
          "entries",
          "execute",
          "from",
          "full",
          "grant",
          "if",
          "in",
          "index",
          "infinity",
          "insert",
          "into",
          "is",
          "keyspace",
          "length",
          "limit",
          "materialized",
          "modify",
          "nan",
          "norecursive",
          "not",
          "null",
          "of",
          "on",
          "or",
          "order",
          "primary",
          "rename",
          "revoke",
          "schema",
          "select",
          "set",
          "table",
          "to",
          "token",
          "truncate",
          "unlogged",
          "update",
          "use",
          "using",
          "view",
          "where",
          "with");

  private CqlIdentifiers() {}

  /** The name as CQL text: bare when CQL reads it back unchanged, else double-quoted. */
  public static String cql(String internal) {
    if (isBare(internal)) {
      return internal;
    }
    return '"' + internal.replace("\"", "\"\"") + '"';
  }

  /**
   * The name the server stores for an identifier written in CQL: a quoted one as quoted, any other
   * lower-cased (as the server folds it). Index names and {@code @CqlType(userTypeName)} are read
   * this way, as Spring Data Cassandra reads them; table and column names by {@link
   * #declared(String)}.
   */
  public static String internal(String cql) {
    if (isQuoted(cql)) {
      return unquote(cql);
    }
    return cql.toLowerCase(Locale.ROOT);
  }

  private static boolean isQuoted(String name) {
    return name.length() > 1 && name.charAt(0) == '"' && name.charAt(name.length() - 1) == '"';
  }

  private static String unquote(String quoted) {
    return quoted.substring(1, quoted.length() - 1).replace("\"\"", "\"");
  }

  /**
   * The name the server stores for a table, keyspace, user-defined type or column named in a
   * mapping annotation: a quoted one without its quotes, any other exactly as written. Spring Data
   * Cassandra (3.4.2 and later) reads these names so: {@code @Table("OrderHistory")} is the table
   * {@code "OrderHistory"}, not {@code orderhistory}, and a migrated application must find the
   * table it created.
   */
  public static String declared(String name) {
    if (isQuoted(name)) {
      return unquote(name);
    }
    return name;
  }

  /** Whether a name is a reserved word of CQL (it must be quoted). */
  public static boolean isReserved(String name) {
    return RESERVED.contains(name.toLowerCase(Locale.ROOT));
  }

  private static boolean isBare(String name) {
    if (name.isEmpty() || RESERVED.contains(name)) {
      return false;
    }
    char first = name.charAt(0);
    if (first < 'a' || first > 'z') {
      return false;
    }
    for (int i = 1; i < name.length(); i++) {
      char c = name.charAt(i);
      if (!(c >= 'a' && c <= 'z') && !(c >= '0' && c <= '9') && c != '_') {
        return false;
      }
    }
    return true;
  }
}
