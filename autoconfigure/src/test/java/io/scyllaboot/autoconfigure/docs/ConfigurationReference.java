package io.scyllaboot.autoconfigure.docs;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Renders the configuration reference of docs/configuration.md from the configuration metadata the
 * build writes ({@code META-INF/spring-configuration-metadata.json}: the properties classes'
 * javadoc, merged with {@code additional-spring-configuration-metadata.json}), and splices it
 * between the page's markers, so the page lists exactly the keys an IDE completes.
 */
final class ConfigurationReference {
  static final String BEGIN =
      "<!-- begin configuration reference: generated from the configuration metadata by"
          + " ConfigurationReferenceTest, do not edit by hand -->";
  static final String END = "<!-- end configuration reference -->";

  private ConfigurationReference() {}

  /** The table: one row per property, by name; types shortened, enum values listed. */
  static String render(Map<String, Object> metadata, ClassLoader classes) {
    List<Map<String, Object>> properties = new ArrayList<>(list(metadata.get("properties")));
    properties.sort(Comparator.comparing(p -> (String) p.get("name")));
    StringBuilder table = new StringBuilder();
    table.append("| property | type | default | description |\n|---|---|---|---|\n");
    for (Map<String, Object> property : properties) {
      String type = (String) property.getOrDefault("type", "");
      table
          .append("| `")
          .append(property.get("name"))
          .append("` | ")
          .append(type(type, classes))
          .append(" | ")
          .append(defaultValue(property.get("defaultValue")))
          .append(" | ")
          .append(cell(description(property)))
          .append(" |\n");
    }
    return table.toString();
  }

  /** The page with everything between the markers replaced by the table. */
  static String splice(String page, String table) {
    int begin = page.indexOf(BEGIN);
    int end = page.indexOf(END);
    if (begin < 0 || end < begin) {
      throw new IllegalArgumentException(
          "docs/configuration.md lacks the markers " + BEGIN + " ... " + END);
    }
    return page.substring(0, begin + BEGIN.length()) + "\n" + table + page.substring(end);
  }

  private static String type(String type, ClassLoader classes) {
    // java.util.List<java.lang.String> -> List<String>; ScyllaProperties$Compression -> Compression
    String simple = type.replaceAll("[a-z][a-z0-9_]*\\.", "").replaceAll("[A-Za-z0-9_]+\\$", "");
    String shown = "`" + simple + "`";
    try {
      Class<?> enumType = Class.forName(type.replaceAll("<.*", ""), false, classes);
      if (enumType.isEnum()) {
        return shown
            + ": "
            + Arrays.stream(enumType.getEnumConstants())
                .map(
                    c ->
                        "`" + ((Enum<?>) c).name().toLowerCase(Locale.ROOT).replace('_', '-') + "`")
                .collect(Collectors.joining(", "));
      }
    } catch (ClassNotFoundException | LinkageError e) {
      // not a class of ours (java.util.List<...> and the like): the name is enough
    }
    return shown;
  }

  private static String defaultValue(Object value) {
    if (value == null) {
      return "none";
    }
    if (value instanceof List<?> values) {
      return values.isEmpty()
          ? "empty"
          : values.stream().map(v -> "`" + v + "`").collect(Collectors.joining(", "));
    }
    return "`" + value + "`";
  }

  private static String description(Map<String, Object> property) {
    String description = (String) property.getOrDefault("description", "");
    Object deprecation = property.get("deprecation");
    if (deprecation instanceof Map<?, ?> deprecated) {
      Object replacement = deprecated.get("replacement");
      description =
          "Deprecated"
              + (replacement != null ? ": use `" + replacement + "`" : "")
              + ". "
              + description;
    }
    return description;
  }

  /** One table cell: no line breaks, pipes escaped. */
  private static String cell(String text) {
    return text.strip().replaceAll("\\s*\\R\\s*", " ").replace("|", "\\|");
  }

  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> list(Object value) {
    return value == null ? List.of() : (List<Map<String, Object>>) value;
  }
}
