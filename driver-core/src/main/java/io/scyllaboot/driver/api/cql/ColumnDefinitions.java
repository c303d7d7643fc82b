package io.scyllaboot.driver.api.cql;

/**
 * The columns of a result or the bind markers of a prepared statement, in order. Lookups by name
 * are case-sensitive for quoted identifiers and otherwise case-insensitive, as in CQL: {@code
 * "userId"} with quotes matches exactly, {@code userid} matches a lower-case column. Immutable and
 * thread-safe.
 */
public interface ColumnDefinitions extends Iterable<ColumnDefinition> {

  int size();

  /**
   * The column at this index.
   *
   * @throws IndexOutOfBoundsException if {@code index} is not in {@code [0, size())}
   */
  ColumnDefinition get(int index);

  /** The index of the first column with this name, or -1 if there is none. */
  int indexOf(String name);

  /** Whether a column has this name. */
  default boolean contains(String name) {
    return indexOf(name) >= 0;
  }
}
