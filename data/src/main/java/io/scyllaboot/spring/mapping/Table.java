package io.scyllaboot.spring.mapping;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.data.annotation.Persistent;

/** Marks a class or record as stored in a table; the name defaults to the snake_case class name. */
@Documented
@Persistent
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Table {
  /** The table name; empty for the class name in snake_case. */
  String value() default "";

  /**
   * The keyspace of the table; empty for the session's keyspace. Statements name the table as
   * {@code keyspace.table}, and schema creation creates it (and its user-defined types) there.
   */
  String keyspace() default "";
}
