package io.scyllaboot.driver.api.mapper.entity.saving;

/** How a null property is written. */
public enum NullSavingStrategy {
  /** Left unset: the column keeps its value (and an insert writes no tombstone). */
  DO_NOT_SET,
  /** Written as null: the column's value is deleted. */
  SET_TO_NULL
}
