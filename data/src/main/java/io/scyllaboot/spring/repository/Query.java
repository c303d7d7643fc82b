package io.scyllaboot.spring.repository;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.data.annotation.QueryAnnotation;

/**
 * A repository method's CQL. Parameters bind positionally ({@code ?0}, {@code ?1} ... or plain
 * {@code ?} in order) or by name ({@code :name}, from the parameter name or {@code @Param}). A
 * {@code SELECT COUNT} returning a number is a count without {@link #count()}.
 */
@Documented
@QueryAnnotation
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
public @interface Query {
  String value();

  /**
   * Whether the CQL is a count: the method returns the first column of the single row as a {@code
   * long} (or {@code int}), e.g. {@code SELECT COUNT(*) FROM ...}.
   */
  boolean count() default false;

  /** Whether the method returns {@code true} when the CQL returns at least one row. */
  boolean exists() default false;

  /**
   * Whether the statement may be retried after a failure; {@link Idempotency#UNDEFINED} leaves the
   * session's default.
   */
  Idempotency idempotent() default Idempotency.UNDEFINED;

  /** Whether a query may safely be retried. */
  enum Idempotency {
    /** The session's default. */
    UNDEFINED,
    /** Retried after a failure: running it twice has the effect of running it once. */
    IDEMPOTENT,
    /** Never retried once sent. */
    NON_IDEMPOTENT
  }
}
