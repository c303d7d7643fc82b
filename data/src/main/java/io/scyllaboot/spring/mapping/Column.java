package io.scyllaboot.spring.mapping;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A property's column: its name, when the naming strategy's does not fit, and whether it is a
 * {@code STATIC} column (one value per partition, shared by its rows), as Spring Data Cassandra's
 * {@code @Column(isStatic = true)}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({
  ElementType.FIELD,
  ElementType.METHOD,
  ElementType.ANNOTATION_TYPE,
  ElementType.RECORD_COMPONENT
})
public @interface Column {
  /**
   * The column name, read as CQL (folded to lower case unless double-quoted); empty for the naming
   * strategy's name of the property.
   */
  String value() default "";

  /**
   * Whether the column is {@code STATIC}: schema creation declares it so, which needs a clustering
   * column in the table and a column outside the primary key.
   */
  boolean isStatic() default false;
}
