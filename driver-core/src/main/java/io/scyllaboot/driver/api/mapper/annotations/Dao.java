package io.scyllaboot.driver.api.mapper.annotations;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * An interface of query methods, each annotated {@link Select}, {@link Insert}, {@link Update},
 * {@link Delete}, {@link Query} or {@link QueryProvider}; default methods run as written. Its
 * statements are prepared once, on first use.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE})
public @interface Dao {}
