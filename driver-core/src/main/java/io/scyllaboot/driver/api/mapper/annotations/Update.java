package io.scyllaboot.driver.api.mapper.annotations;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Updates the row of the entity given as first parameter (its full primary key set) with its other
 * properties. Returns nothing, {@code boolean} (applied), {@code ResultSet} or a {@code
 * CompletionStage} of those.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD})
public @interface Update {
  boolean ifExists() default false;

  /** An IF condition (without the keyword), its named markers bound from parameters. */
  String customIfClause() default "";

  /** A TTL: a number of seconds, or a named marker bound from a parameter. */
  String ttl() default "";

  io.scyllaboot.driver.api.mapper.entity.saving.NullSavingStrategy nullSavingStrategy() default
      io.scyllaboot.driver.api.mapper.entity.saving.NullSavingStrategy.DO_NOT_SET;
}
