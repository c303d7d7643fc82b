package io.scyllaboot.spring.repository;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The execution profile of a repository method's statements ({@code scylla.profiles.<name>.*}, or
 * {@code CqlSessionBuilder.withProfile}): its consistency, timeout, page size, idempotence, retry
 * and speculative policies apply where the method sets none ({@link Consistency} still wins for the
 * consistency). On the repository interface, for all of its query methods.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.TYPE})
public @interface UseProfile {
  /** The profile's name. */
  String value();
}
