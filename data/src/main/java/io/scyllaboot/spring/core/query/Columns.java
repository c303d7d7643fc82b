package io.scyllaboot.spring.core.query;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The columns a query selects (or a delete removes), by property or column name, as Spring Data
 * Cassandra's {@code Columns}. Empty means every column of the entity (a whole-row delete).
 * Immutable.
 */
public final class Columns {
  private static final Columns EMPTY = new Columns(List.of());
  private final List<String> names;

  private Columns(List<String> names) {
    this.names = names;
  }

  /** Every column. */
  public static Columns empty() {
    return EMPTY;
  }

  /** These properties or columns, in this order. */
  public static Columns from(String... names) {
    return EMPTY.include(names);
  }

  /** These columns and those named here. */
  public Columns include(String... more) {
    List<String> all = new ArrayList<>(names);
    for (String name : more) {
      Objects.requireNonNull(name, "column name");
      if (name.isBlank()) {
        throw new IllegalArgumentException("a column name must not be blank");
      }
      if (!all.contains(name)) {
        all.add(name);
      }
    }
    return new Columns(List.copyOf(all));
  }

  /** The property or column names, in order. */
  public List<String> names() {
    return names;
  }

  public boolean isEmpty() {
    return names.isEmpty();
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof Columns that && names.equals(that.names);
  }

  @Override
  public int hashCode() {
    return names.hashCode();
  }

  @Override
  public String toString() {
    return names.isEmpty() ? "*" : String.join(", ", names);
  }
}
