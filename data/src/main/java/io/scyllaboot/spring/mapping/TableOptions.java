package io.scyllaboot.spring.mapping;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Table options of a {@link Table} entity that schema creation writes in its {@code CREATE TABLE
 * ... WITH}: a table that exists already is left as it is.
 */
@Documented
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface TableOptions {
  /** The table's {@code comment}; empty for none. */
  String comment() default "";

  /** The {@code default_time_to_live} in seconds; negative for the server's default (none). */
  int defaultTimeToLive() default -1;

  /**
   * The {@code compaction} map as {@code "key=value"} entries, e.g. {@code
   * "class=LeveledCompactionStrategy"}, {@code "sstable_size_in_mb=160"}; empty for the server's
   * default.
   */
  String[] compaction() default {};

  /**
   * Further options, each written as CQL after {@code WITH}, e.g. {@code "gc_grace_seconds = 3600"}
   * or {@code "caching = {'keys': 'ALL'}"}.
   */
  String[] options() default {};
}
