package io.scyllaboot.driver.internal.metadata;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import java.util.stream.Collectors;

/**
 * Which keyspaces the schema metadata holds, in the DataStax driver's notation and with its rules
 * ({@code advanced.metadata.schema.refreshed-keyspaces}): entries are trimmed; a name includes that
 * keyspace and {@code !name} excludes it; {@code /regex/} and {@code !/regex/} include or exclude
 * the names the expression finds a match in (anywhere in the name, unless anchored). A name
 * included wins over everything, then a name excluded. Past those: with neither kind of regex, a
 * keyspace is not held; with exclusions only, it is held unless one matches; with inclusions, it is
 * held when one matches and no exclusion does. An empty list holds every keyspace. A list without
 * regexes is read with {@code WHERE keyspace_name IN (..)} of its names.
 */
public final class KeyspaceFilter {
  private final Set<String> included = new TreeSet<>();
  private final Set<String> excluded = new TreeSet<>();
  private final List<Pattern> includedPatterns = new ArrayList<>();
  private final List<Pattern> excludedPatterns = new ArrayList<>();

  private KeyspaceFilter() {}

  /**
   * @throws IllegalArgumentException naming an entry that is blank or a regular expression that
   *     does not compile
   */
  public static KeyspaceFilter of(List<String> entries) {
    KeyspaceFilter filter = new KeyspaceFilter();
    for (String raw : entries) {
      String entry = raw == null ? null : raw.trim();
      if (entry == null || entry.isBlank()) {
        throw new IllegalArgumentException(
            "schema keyspaces must be keyspace names, !names, /regex/ or !/regex/, got " + entries);
      }
      boolean exclude = entry.startsWith("!");
      String rest = exclude ? entry.substring(1).trim() : entry;
      if (rest.length() > 1 && rest.startsWith("/") && rest.endsWith("/")) {
        Pattern pattern;
        try {
          pattern = Pattern.compile(rest.substring(1, rest.length() - 1));
        } catch (PatternSyntaxException e) {
          throw new IllegalArgumentException(
              "schema keyspaces: " + entry + " is not a valid regular expression", e);
        }
        (exclude ? filter.excludedPatterns : filter.includedPatterns).add(pattern);
      } else if (rest.isBlank()) {
        throw new IllegalArgumentException("schema keyspaces: " + entry + " names no keyspace");
      } else {
        (exclude ? filter.excluded : filter.included).add(rest);
      }
    }
    filter.excluded.removeAll(filter.included); // a name both included and excluded is included
    return filter;
  }

  public boolean accepts(String keyspace) {
    if (acceptsAll() || included.contains(keyspace)) {
      return true;
    }
    if (excluded.contains(keyspace)) {
      return false;
    }
    if (includedPatterns.isEmpty()) {
      return !excludedPatterns.isEmpty() && !anyFinds(excludedPatterns, keyspace);
    }
    return anyFinds(includedPatterns, keyspace) && !anyFinds(excludedPatterns, keyspace);
  }

  private static boolean anyFinds(List<Pattern> patterns, String keyspace) {
    for (Pattern pattern : patterns) {
      if (pattern.matcher(keyspace).find()) {
        return true;
      }
    }
    return false;
  }

  /** The names to read with {@code IN}, for a list without regexes; else empty (read all). */
  public Set<String> readOnly() {
    return includedPatterns.isEmpty() && excludedPatterns.isEmpty() ? included : Set.of();
  }

  /** Whether every keyspace the server has is kept. */
  public boolean acceptsAll() {
    return included.isEmpty()
        && excluded.isEmpty()
        && includedPatterns.isEmpty()
        && excludedPatterns.isEmpty();
  }

  @Override
  public String toString() {
    List<String> entries = new ArrayList<>(included);
    includedPatterns.forEach(p -> entries.add("/" + p.pattern() + "/"));
    excluded.forEach(name -> entries.add("!" + name));
    excludedPatterns.forEach(p -> entries.add("!/" + p.pattern() + "/"));
    return entries.stream().collect(Collectors.joining(", ", "[", "]"));
  }
}
