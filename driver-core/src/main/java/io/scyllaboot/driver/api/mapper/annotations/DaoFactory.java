package io.scyllaboot.driver.api.mapper.annotations;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A mapper method returning a {@link Dao} interface; parameters annotated {@link DaoKeyspace} or
 * {@link DaoTable} choose the keyspace and table of its entities. Each distinct set of arguments
 * gets one DAO, kept by the mapper.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD})
public @interface DaoFactory {}
