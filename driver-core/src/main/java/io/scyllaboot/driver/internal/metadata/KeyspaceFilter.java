package io.scyllaboot.driver.internal.metadata;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import java.util.stream.Collectors;

/**
 * Which keyspaces the schema metadata holds, in the DataStax driver's notation ({@code
 * advanced.metadata.schema.refreshed-keyspaces}): a name includes it, {@code /regex/} includes the
 * names it matches, and either after {@code !} excludes. With no include, every keyspace not
 * excluded is kept; an empty list keeps every keyspace. A list of names only is read with {@code
 * WHERE keyspace_name IN (..)}; any other is applied to the rows read.
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
    for (String entry : entries) {
      if (entry == null || entry.isBlank()) {
        throw new IllegalArgumentException(
            "schema keyspaces must be keyspace names, !names, /regex/ or !/regex/, got " + entries);
      }
      boolean exclude = entry.startsWith("!");
      String rest = exclude ? entry.substring(1) : entry;
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
    return filter;
  }

  public boolean accepts(String keyspace) {
    if (excluded.contains(keyspace)
        || excludedPatterns.stream().anyMatch(p -> p.matcher(keyspace).matches())) {
      return false;
    }
    if (included.isEmpty() && includedPatterns.isEmpty()) {
      return true;
    }
    return included.contains(keyspace)
        || includedPatterns.stream().anyMatch(p -> p.matcher(keyspace).matches());
  }

  /** The names to read with {@code IN}, when the list is names only; else empty (read all). */
  public Set<String> readOnly() {
    return excluded.isEmpty() && includedPatterns.isEmpty() && excludedPatterns.isEmpty()
        ? included
        : Set.of();
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
