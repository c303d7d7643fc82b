package io.scyllaboot.spring.mapping;

import java.util.Locale;

/** How Java names become CQL names when no annotation names them. */
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

  /** The name as written in Java, lower-cased (CQL folds unquoted names to lower case). */
  NamingStrategy AS_IS = name -> name.toLowerCase(Locale.ROOT);

  String apply(String javaName);
}
