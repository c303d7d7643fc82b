package io.scyllaboot.spring.mapping;

import java.util.Locale;

/**
 * How Java names become CQL names when no annotation names them: property names become column and
 * UDT field names, simple class names table and type names. The result is the name as the server
 * stores it; statements quote it when it needs quoting ({@link CqlIdentifiers}).
 */
@FunctionalInterface
public interface NamingStrategy {

  /** camelCase to snake_case: {@code readingTime} becomes {@code reading_time} (the default). */
  NamingStrategy SNAKE_CASE =
      name -> {
        StringBuilder out = new StringBuilder(name.length() + 4);
        for (int i = 0; i < name.length(); i++) {
          char c = name.charAt(i);
          if (Character.isUpperCase(c)) {
            if (i > 0 && !Character.isUpperCase(name.charAt(i - 1))) {
              out.append('_');
            }
            out.append(Character.toLowerCase(c));
          } else {
            out.append(c);
          }
        }
        return out.toString().toLowerCase(Locale.ROOT);
      };

  /**
   * The name as written in Java, lower-cased: {@code orderDate} becomes {@code orderdate}, the
   * class {@code SensorReading} the table {@code sensorreading}. Spring Data Cassandra's default
   * (its names go through CQL unquoted, which folds them to lower case).
   */
  NamingStrategy AS_WRITTEN_LOWER_CASE = name -> name.toLowerCase(Locale.ROOT);

  /**
   * The name as written in Java, lower-cased.
   *
   * @deprecated the same as {@link #AS_WRITTEN_LOWER_CASE}, whose name says what it does
   */
  @Deprecated NamingStrategy AS_IS = AS_WRITTEN_LOWER_CASE;

  String apply(String javaName);
}
