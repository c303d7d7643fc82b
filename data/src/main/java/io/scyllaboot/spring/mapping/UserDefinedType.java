package io.scyllaboot.spring.mapping;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.data.annotation.Persistent;

/**
 * Names the user-defined type a class maps to, for mapping and schema creation. Without it, a class
 * used as a property (and not stored by a custom conversion) is still a user-defined type, named by
 * the naming strategy (snake_case class name).
 */
@Documented
@Persistent
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface UserDefinedType {
  /** The type name; empty for the class name in snake_case. */
  String value() default "";
}
