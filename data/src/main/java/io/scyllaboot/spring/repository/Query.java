package io.scyllaboot.spring.repository;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.data.annotation.QueryAnnotation;

/**
 * A repository method's CQL. Parameters bind positionally ({@code ?0}, {@code ?1} ... or plain
 * {@code ?} in order) or by name ({@code :name}, from the parameter name or {@code @Param}).
 */
@Documented
@QueryAnnotation
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
public @interface Query {
  String value();
}
