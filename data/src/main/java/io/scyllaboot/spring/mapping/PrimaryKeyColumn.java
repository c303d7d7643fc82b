package io.scyllaboot.spring.mapping;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.core.annotation.AliasFor;

/**
 * A primary key column in Spring Data Cassandra's style: on a property of a {@link PrimaryKeyClass}
 * (the key of an entity's {@link PrimaryKey} property), or directly on an entity's properties
 * (whose repository then takes a {@link MapId} or a key record as its id). The same as {@link
 * PartitionKey} ({@link PrimaryKeyType#PARTITIONED}) or {@link ClusteringColumn} ({@link
 * PrimaryKeyType#CLUSTERED}, the default) with a column name.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({
  ElementType.FIELD,
  ElementType.METHOD,
  ElementType.ANNOTATION_TYPE,
  ElementType.RECORD_COMPONENT
})
public @interface PrimaryKeyColumn {
  /** The column name; empty for the naming strategy's name of the property. */
  @AliasFor("name")
  String value() default "";

  /** The column name; empty for the naming strategy's name of the property. */
  @AliasFor("value")
  String name() default "";

  /**
   * The position among the partition key columns or among the clustering columns (columns of equal
   * ordinal keep their declaration order).
   */
  int ordinal() default Integer.MIN_VALUE;

  /** Partition key or clustering column (the default, as in Spring Data Cassandra). */
  PrimaryKeyType type() default PrimaryKeyType.CLUSTERED;

  /** The clustering order; ignored for a partition key column. */
  Ordering ordering() default Ordering.ASCENDING;

  /** Accepted for Spring Data Cassandra's annotations; names are used as written. */
  boolean forceQuote() default false;
}
