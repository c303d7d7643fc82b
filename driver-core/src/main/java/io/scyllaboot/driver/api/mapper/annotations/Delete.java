package io.scyllaboot.driver.api.mapper.annotations;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Deletes a row: by the entity given as first parameter, or by primary key values (then {@link
 * #entityClass()} names the entity). Returns nothing, {@code boolean} (applied), {@code ResultSet}
 * or a {@code CompletionStage} of those.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD})
public @interface Delete {
  Class<?>[] entityClass() default {};

  boolean ifExists() default false;

  /** An IF condition (without the keyword), its named markers bound from parameters. */
  String customIfClause() default "";

  /** A WHERE clause (without the keyword) instead of the primary key. */
  String customWhereClause() default "";
}
