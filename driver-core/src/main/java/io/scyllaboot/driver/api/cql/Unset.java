package io.scyllaboot.driver.api.cql;

/**
 * Leaves a bind marker unset: the column is not written at all, unlike {@code null}, which writes a
 * tombstone. Pass {@link #VALUE} where a value is expected.
 */
public enum Unset {
  VALUE
}
