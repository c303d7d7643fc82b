package io.scyllaboot.driver.api.mapper.annotations;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Selects entities. Without {@link #customWhereClause()}, the parameters are the first columns of
 * the primary key, in order (none: the whole table). Returns the entity (null when no row), {@code
 * Optional}, {@code PagingIterable}, {@code Stream} or a {@code CompletionStage} of the entity or
 * {@code Optional}.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD})
public @interface Select {
  /**
   * A WHERE clause (without the keyword), its named markers bound from parameters of those names
   * (or in order).
   */
  String customWhereClause() default "";

  /** A LIMIT: a number, or a named marker bound from a parameter. */
  String limit() default "";

  boolean allowFiltering() default false;
}
