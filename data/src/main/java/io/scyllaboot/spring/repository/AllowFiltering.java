package io.scyllaboot.spring.repository;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Lets a derived query restrict columns outside the primary key: the query gets {@code ALLOW
 * FILTERING} and may scan. Without it, such a method fails at start-up.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface AllowFiltering {}
