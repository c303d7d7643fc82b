package io.scyllaboot.spring.mapping;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.data.annotation.Persistent;

/**
 * Maps a class or record to a CQL {@code tuple<...>} (instead of a user-defined type), as Spring
 * Data Cassandra's {@code @Tuple}: each property is annotated {@link Element} with its position,
 * and a property of this type is a {@code frozen<tuple<...>>} column (or collection element) whose
 * components are the properties' CQL types in element order.
 */
@Documented
@Persistent
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Tuple {}
