package io.scyllaboot.spring.mapping;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.core.annotation.AliasFor;
import org.springframework.data.annotation.Id;

/**
 * The entity's id, in Spring Data Cassandra's style: either a single column (the partition key, as
 * {@code @Id}, with an optional column name) or a property of a {@link PrimaryKeyClass} type, whose
 * {@link PrimaryKeyColumn}s are the table's key columns.
 */
@Id
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({
  ElementType.FIELD,
  ElementType.METHOD,
  ElementType.ANNOTATION_TYPE,
  ElementType.RECORD_COMPONENT
})
public @interface PrimaryKey {
  /** The column name of a single-column key; empty for the property's name. */
  @AliasFor("name")
  String value() default "";

  /** The column name of a single-column key; empty for the property's name. */
  @AliasFor("value")
  String name() default "";

  /** Accepted for Spring Data Cassandra's annotations; names are used as written. */
  boolean forceQuote() default false;
}
