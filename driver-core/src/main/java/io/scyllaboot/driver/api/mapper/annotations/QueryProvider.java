package io.scyllaboot.driver.api.mapper.annotations;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A method implemented by a class of the application: {@link #providerClass()} is built once per
 * DAO from the mapper context and one entity helper per {@link #entityHelpers()} class, and its
 * method of the same name (or {@link #providerMethod()}) is called with the same arguments.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD})
public @interface QueryProvider {
  Class<?> providerClass();

  Class<?>[] entityHelpers() default {};

  String providerMethod() default "";
}
