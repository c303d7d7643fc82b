package io.scyllaboot.spring.config;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.context.annotation.Import;

/**
 * Turns on auditing of entities written through the reactive template and reactive repositories, as
 * {@code EnableReactiveCassandraAuditing} does: {@code @CreatedDate}/{@code @CreatedBy} when the
 * entity is new, {@code @LastModifiedDate}/{@code @LastModifiedBy} on every write, the auditor from
 * a {@code ReactiveAuditorAware} bean (so it may come from the subscriber's context, e.g. Spring
 * Security's).
 */
@Inherited
@Documented
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Import(ReactiveScyllaAuditingRegistrar.class)
public @interface EnableReactiveScyllaAuditing {

  /** The bean name of the {@code ReactiveAuditorAware} (default: the one bean of that type). */
  String auditorAwareRef() default "";

  /** Whether dates are set (default true). */
  boolean setDates() default true;

  /** Whether a new entity's modification properties are set too (default true). */
  boolean modifyOnCreate() default true;

  /** The bean name of the {@code DateTimeProvider} for the dates (default: now). */
  String dateTimeProviderRef() default "";
}
