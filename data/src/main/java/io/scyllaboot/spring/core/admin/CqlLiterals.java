package io.scyllaboot.spring.core.admin;

import io.scyllaboot.spring.mapping.CqlIdentifiers;
import java.util.Map;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * Option values as CQL literals: text quoted, numbers and booleans bare, maps as {@code {...}}; and
 * the checks every specification makes of names and types.
 */
final class CqlLiterals {
  private CqlLiterals() {}

  static String literal(Object value) {
    if (value instanceof Number || value instanceof Boolean) {
      return value.toString();
    }
    if (value instanceof Map<?, ?> map) {
      return map.entrySet().stream()
          .map(entry -> text(String.valueOf(entry.getKey())) + ": " + literal(entry.getValue()))
          .collect(Collectors.joining(", ", "{", "}"));
    }
    return text(String.valueOf(value));
  }

  static String text(String value) {
    return "'" + value.replace("'", "''") + "'";
  }

  /** {@code WITH a = 1 AND b = 'x'}, or nothing for no options; names are written as given. */
  static String options(Map<String, Object> options, String first) {
    StringBuilder cql = new StringBuilder();
    for (Map.Entry<String, Object> option : options.entrySet()) {
      cql.append(cql.isEmpty() ? first : " AND ")
          .append(option.getKey())
          .append(" = ")
          .append(literal(option.getValue()));
    }
    return cql.toString();
  }

  /** A table or view option name: letters, digits and underscores only (they are not quoted). */
  static String optionName(String name) {
    if (name.isEmpty() || !name.chars().allMatch(c -> Character.isLetterOrDigit(c) || c == '_')) {
      throw new IllegalArgumentException("not a table option name: '" + name + "'");
    }
    return name;
  }

  /** {@code keyspace.name}, each part quoted when CQL needs it. */
  static String qualified(String keyspace, String name) {
    return CqlIdentifiers.cql(keyspace) + "." + CqlIdentifiers.cql(name);
  }

  /**
   * The name, when it is not null or blank.
   *
   * @throws IllegalArgumentException with the message otherwise
   */
  static String requireName(@Nullable String name, String message) {
    if (name == null || name.isBlank()) {
      throw new IllegalArgumentException(message);
    }
    return name;
  }

  /**
   * A CQL type as written, trimmed; one statement's worth (no {@code ;}).
   *
   * @throws IllegalArgumentException naming what the type is for otherwise
   */
  static String requireType(@Nullable String type, String of) {
    if (type == null || type.isBlank() || type.contains(";")) {
      throw new IllegalArgumentException(of + " needs a CQL type, got '" + type + "'");
    }
    return type.trim();
  }
}
