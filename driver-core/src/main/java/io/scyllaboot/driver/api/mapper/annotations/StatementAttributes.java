package io.scyllaboot.driver.api.mapper.annotations;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Options of the statement a DAO method runs (unset ones keep the session's defaults). A last
 * parameter of type {@code Function<BoundStatement, BoundStatement>} (or {@code UnaryOperator}) is
 * applied to the bound statement after them, for options known only at run time.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD})
public @interface StatementAttributes {
  /** An execution profile declared on the session builder. */
  String executionProfileName() default "";

  /** Rows per page; unset when {@link Integer#MIN_VALUE}. */
  int pageSize() default Integer.MIN_VALUE;

  /** Whether the statement is idempotent: empty, or one value. */
  boolean[] idempotence() default {};

  /** A consistency level's name ({@code "LOCAL_QUORUM"}). */
  String consistencyLevel() default "";

  /** A serial consistency level's name ({@code "LOCAL_SERIAL"}). */
  String serialConsistencyLevel() default "";

  /**
   * A time-out: ISO-8601 ({@code "PT5S"}) or a number with a unit ({@code "500ms"}, {@code "5s"}).
   */
  String timeout() default "";
}
