package io.scyllaboot.spring.config;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.context.annotation.Import;

/**
 * Turns on auditing of entities written through the template and repositories, as {@code
 * EnableCassandraAuditing} does: {@code @CreatedDate} and {@code @CreatedBy} are set when the
 * entity is new (see {@link io.scyllaboot.spring.core.ScyllaIsNewStrategy}), {@code
 * LastModifiedDate} and {@code @LastModifiedBy} on every write.
 */
@Inherited
@Documented
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Import(ScyllaAuditingRegistrar.class)
public @interface EnableScyllaAuditing {

  /** The bean name of the {@code AuditorAware} that supplies {@code @CreatedBy}/{@code By}. */
  String auditorAwareRef() default "";

  /** Whether dates are set (default true). */
  boolean setDates() default true;

  /** Whether a new entity's modification properties are set too (default true). */
  boolean modifyOnCreate() default true;

  /** The bean name of the {@code DateTimeProvider} for the dates (default: now). */
  String dateTimeProviderRef() default "";
}
