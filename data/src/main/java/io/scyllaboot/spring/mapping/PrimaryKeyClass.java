package io.scyllaboot.spring.mapping;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A composite primary key in Spring Data Cassandra's style: a class (or record) whose properties
 * are {@link PrimaryKeyColumn}s, used by an entity as its {@link PrimaryKey} property and by its
 * repository as the id type. Its columns are columns of the entity's table (the key is not a
 * user-defined type). Give it {@code equals} and {@code hashCode} (a record has them).
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface PrimaryKeyClass {}
