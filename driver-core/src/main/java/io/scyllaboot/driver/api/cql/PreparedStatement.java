package io.scyllaboot.driver.api.cql;

import java.util.Map;

/**
 * A statement prepared on the cluster. Values are bound by position or by name and encoded as the
 * server's metadata says: callers pass plain Java values and never name CQL types. Thread-safe;
 * prepared statements are cached by the session, so preparing the same query twice returns the same
 * instance.
 */
public interface PreparedStatement {

  /** The CQL string as given to prepare. */
  String query();

  /** The bind markers, in order. */
  ColumnDefinitions variables();

  /** The columns of the rows it returns (empty for statements that return none). */
  ColumnDefinitions resultColumns();

  /**
   * Whether ScyllaDB marked this statement a lightweight transaction ({@code IF ...}); always false
   * on Apache Cassandra. Such statements go to their replicas in ring order, primary first, so that
   * contending transactions queue on one replica instead of failing each other.
   */
  boolean isLwt();

  /**
   * Binds positional values, one per marker. Each value must fit its marker's CQL type; {@code
   * null} writes a null and {@link Unset#VALUE} leaves the column untouched. With no values at all,
   * every marker is left unset, to be set one by one with {@link BoundStatement#set(String,
   * Object)}.
   *
   * @throws io.scyllaboot.driver.api.error.InvalidBindValueException if the count is wrong or a
   *     value does not fit its marker; the message names the marker, its CQL type and the Java type
   */
  BoundStatement bind(Object... values);

  /**
   * Binds values by marker name; markers not in the map are left unset.
   *
   * @throws io.scyllaboot.driver.api.error.InvalidBindValueException if a name is not a marker or a
   *     value does not fit its marker
   */
  BoundStatement bind(Map<String, ?> valuesByName);
}
