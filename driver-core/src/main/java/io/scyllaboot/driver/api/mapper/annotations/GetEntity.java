package io.scyllaboot.driver.api.mapper.annotations;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Reads entities from rows the application fetched itself: the one parameter is a {@code Row} (the
 * method returns the entity) or a {@code ResultSet} / {@code PagingIterable<Row>} (it returns a
 * {@code PagingIterable} or {@code Stream} of entities, read as iterated).
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD})
public @interface GetEntity {
  /** Whether a property whose column the row lacks is left as constructed (else an error). */
  boolean lenient() default false;
}
