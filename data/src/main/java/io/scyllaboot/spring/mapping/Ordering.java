package io.scyllaboot.spring.mapping;

/** The on-disk order of a clustering {@link PrimaryKeyColumn}. */
public enum Ordering {
  ASCENDING,
  DESCENDING
}
