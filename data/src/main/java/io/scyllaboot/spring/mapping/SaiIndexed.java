package io.scyllaboot.spring.mapping;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A storage-attached index (SAI) on the column, created by schema creation after its table: {@code
 * CREATE CUSTOM INDEX IF NOT EXISTS ... USING 'StorageAttachedIndex' WITH OPTIONS = {...}}. On a
 * {@link VectorType vector} column it serves {@code ORDER BY ... ANN OF} (vector search) with
 * {@link #similarityFunction()}; on another column it serves equality and range predicates.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({
  ElementType.FIELD,
  ElementType.METHOD,
  ElementType.ANNOTATION_TYPE,
  ElementType.RECORD_COMPONENT
})
public @interface SaiIndexed {
  /** The index name; empty for {@code <table>_<column>_idx}. */
  String name() default "";

  /** The similarity function of a vector index (ignored on other columns). */
  SimilarityFunction similarityFunction() default SimilarityFunction.COSINE;

  /**
   * Further index options as {@code "key=value"}, e.g. {@code "case_sensitive=false"}, {@code
   * "normalize=true"} on a text column.
   */
  String[] options() default {};
}
