package io.scyllaboot.driver.internal.protocol.message;

import io.scyllaboot.driver.api.cql.ColumnDefinition;
import io.scyllaboot.driver.api.cql.ColumnDefinitions;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;

/**
 * Immutable column definitions; the name index is built on the first lookup by name, so that rows
 * read by position never pay for it. Publication of the index is a benign race: it is rebuilt
 * identically if two threads race.
 */
public final class DefaultColumnDefinitions implements ColumnDefinitions {
  public static final DefaultColumnDefinitions EMPTY =
      new DefaultColumnDefinitions(new ColumnDefinition[0]);

  private final ColumnDefinition[] columns;
  private volatile Map<String, Integer> indexByName;

  public DefaultColumnDefinitions(ColumnDefinition[] columns) {
    this.columns = columns;
  }

  @Override
  public int size() {
    return columns.length;
  }

  @Override
  public ColumnDefinition get(int index) {
    return columns[index];
  }

  @Override
  public int indexOf(String name) {
    Map<String, Integer> index = indexByName;
    if (index == null) {
      index = buildIndex();
      indexByName = index;
    }
    Integer found;
    if (name.length() > 1 && name.charAt(0) == '"' && name.charAt(name.length() - 1) == '"') {
      found = index.get(name.substring(1, name.length() - 1));
    } else {
      found = index.get(name);
      if (found == null) {
        found = index.get(name.toLowerCase(Locale.ROOT));
      }
    }
    return found == null ? -1 : found;
  }

  private Map<String, Integer> buildIndex() {
    Map<String, Integer> index = new HashMap<>(columns.length * 2);
    for (int i = columns.length - 1; i >= 0; i--) {
      index.put(columns[i].name(), i);
    }
    return index;
  }

  @Override
  public Iterator<ColumnDefinition> iterator() {
    return Arrays.asList(columns).iterator();
  }

  @Override
  public String toString() {
    return Arrays.toString(columns);
  }
}
