package io.scyllaboot.spring.mapping;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A secondary index on the column ({@code CREATE INDEX IF NOT EXISTS name ON table (column)}),
 * created by schema creation after its table. For Cassandra 5's storage-attached indexes use {@link
 * SaiIndexed}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({
  ElementType.FIELD,
  ElementType.METHOD,
  ElementType.ANNOTATION_TYPE,
  ElementType.RECORD_COMPONENT
})
public @interface Indexed {
  /** The index name; empty for {@code <table>_<column>_idx}. */
  String value() default "";
}
