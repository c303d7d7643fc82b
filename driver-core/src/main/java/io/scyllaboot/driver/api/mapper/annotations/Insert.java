package io.scyllaboot.driver.api.mapper.annotations;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Inserts the entity given as first parameter. Returns nothing, {@code boolean} (applied), {@code
 * ResultSet}, the entity or {@code Optional} (the existing row when {@code IF NOT EXISTS} was not
 * applied), or a {@code CompletionStage} of those.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD})
public @interface Insert {
  boolean ifNotExists() default false;

  /** A TTL: a number of seconds, or a named marker bound from a parameter. */
  String ttl() default "";

  /** A write time: microseconds, or a named marker bound from a parameter. */
  String timestamp() default "";

  io.scyllaboot.driver.api.mapper.entity.saving.NullSavingStrategy nullSavingStrategy() default
      io.scyllaboot.driver.api.mapper.entity.saving.NullSavingStrategy.DO_NOT_SET;
}
