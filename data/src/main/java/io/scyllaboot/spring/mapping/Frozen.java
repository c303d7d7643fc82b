package io.scyllaboot.spring.mapping;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A frozen CQL value, as Spring Data Cassandra's {@code @Frozen}: on a collection property, schema
 * creation declares the column {@code frozen<list<...>>} (written and read whole; it may then be a
 * key column). Also accepted on type arguments ({@code List<@Frozen Address>}): elements of a
 * collection that are collections, user-defined types or tuples are always frozen, as CQL needs
 * them, and so are user-defined type and tuple columns.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({
  ElementType.FIELD,
  ElementType.METHOD,
  ElementType.ANNOTATION_TYPE,
  ElementType.RECORD_COMPONENT,
  ElementType.TYPE_USE
})
public @interface Frozen {}
