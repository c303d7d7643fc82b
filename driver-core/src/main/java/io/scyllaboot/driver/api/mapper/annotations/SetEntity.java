package io.scyllaboot.driver.api.mapper.annotations;

import io.scyllaboot.driver.api.mapper.entity.saving.NullSavingStrategy;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Binds an entity's properties to a statement the application prepared itself: the parameters are
 * the entity and a {@code BoundStatement} (in either order), and the method returns the bound
 * statement with the values (statements are immutable: a {@code void} method is refused).
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD})
public @interface SetEntity {
  NullSavingStrategy nullSavingStrategy() default NullSavingStrategy.DO_NOT_SET;

  /** Whether a property whose column the statement has no marker for is skipped (else an error). */
  boolean lenient() default false;
}
