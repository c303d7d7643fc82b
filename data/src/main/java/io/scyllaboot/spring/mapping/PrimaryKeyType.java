package io.scyllaboot.spring.mapping;

/** The role of a {@link PrimaryKeyColumn}: partition key or clustering column. */
public enum PrimaryKeyType {
  /** A column of the partition key. */
  PARTITIONED,
  /** A clustering column. */
  CLUSTERED
}
