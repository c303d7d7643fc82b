package io.scyllaboot.spring.mapping;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Stores a {@code float[]}, {@code List<Float>} or Spring Data {@link
 * org.springframework.data.domain.Vector} property as a {@code vector<float, n>} column (Cassandra
 * 5.0, ScyllaDB 2025.3) of {@link #dimensions()} elements; schema creation creates it so. A {@code
 * float[]} or {@code Vector} property is read without a boxed {@code Float} per element. Without
 * this annotation a {@code float[]} or {@code List<Float>} is a {@code list<float>}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({
  ElementType.FIELD,
  ElementType.METHOD,
  ElementType.ANNOTATION_TYPE,
  ElementType.RECORD_COMPONENT
})
public @interface VectorType {
  /** The number of elements n of the {@code vector<float, n>}. */
  int dimensions();
}
