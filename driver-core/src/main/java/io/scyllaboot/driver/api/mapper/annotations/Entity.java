package io.scyllaboot.driver.api.mapper.annotations;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A class whose instances are rows of a table: its properties (a getter each, set through a setter
 * or the field) are columns, named in snake case ({@code createdDate} is {@code created_date})
 * unless {@link CqlName} says otherwise; the table is the class name in snake case, or its
 * {@code @CqlName}. A public no-argument constructor (or any no-argument one) makes the instances.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE})
public @interface Entity {}
