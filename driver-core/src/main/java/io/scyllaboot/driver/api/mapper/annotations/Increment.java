package io.scyllaboot.driver.api.mapper.annotations;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Adds to counter columns: the first parameters are the full primary key of {@link
 * #entityClass()}'s table, in order, the others the amounts, each named after its counter's
 * property (by {@link CqlName} or the parameter's name; compiled without {@code -parameters}, a
 * table of one counter needs no name). {@code UPDATE t SET c = c + :c WHERE k = :k}.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD})
public @interface Increment {
  Class<?>[] entityClass();
}
