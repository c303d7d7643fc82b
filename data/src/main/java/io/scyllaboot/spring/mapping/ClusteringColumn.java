package io.scyllaboot.spring.mapping;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** A clustering column: its position among the clustering columns and its order on disk. */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({
  ElementType.FIELD,
  ElementType.METHOD,
  ElementType.ANNOTATION_TYPE,
  ElementType.RECORD_COMPONENT
})
public @interface ClusteringColumn {
  /** The position of this column among the clustering columns, from 0. */
  int value() default 0;

  /** The clustering order. */
  Ordering ordering() default Ordering.ASC;

  /** Clustering orders. */
  enum Ordering {
    ASC,
    DESC
  }
}
