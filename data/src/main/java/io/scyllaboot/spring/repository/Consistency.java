package io.scyllaboot.spring.repository;

import io.scyllaboot.driver.api.ConsistencyLevel;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** The consistency level of a repository method's statements. */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Consistency {
  ConsistencyLevel value();
}
