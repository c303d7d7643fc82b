package io.scyllaboot.autoconfigure.data;

import io.scyllaboot.autoconfigure.ScyllaProperties.RepositoryType;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.context.annotation.Conditional;

/** Matches when {@code scylla.repositories.type} is AUTO (the default) or {@link #value()}. */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Conditional(OnRepositoryType.class)
@interface ConditionalOnRepositoryType {
  RepositoryType value();
}
