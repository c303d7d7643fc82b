package io.scyllaboot.spring.mapping;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.core.annotation.AliasFor;

/**
 * An embedded object, as Spring Data Cassandra's {@code @Embedded}: the properties of the
 * property's class become columns of the entity's table (their names after {@link #prefix()}),
 * written and read with the row, and usable in queries as {@code address.city}. An embedded class
 * has no key columns of its own; it may embed others.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({
  ElementType.FIELD,
  ElementType.METHOD,
  ElementType.ANNOTATION_TYPE,
  ElementType.RECORD_COMPONENT
})
public @interface Embedded {
  /** What a row whose embedded columns are all null reads as. */
  OnEmpty onEmpty();

  /** Put before the column name of each embedded property, as written (e.g. {@code "home_"}). */
  String prefix() default "";

  /** What a row whose embedded columns are all null reads as. */
  enum OnEmpty {
    /** A null property. */
    USE_NULL,
    /** An instance whose properties are all null (or their primitive defaults). */
    USE_EMPTY
  }

  /** An embedded object read as null when its columns are all null. */
  @Documented
  @Retention(RetentionPolicy.RUNTIME)
  @Target({
    ElementType.FIELD,
    ElementType.METHOD,
    ElementType.ANNOTATION_TYPE,
    ElementType.RECORD_COMPONENT
  })
  @Embedded(onEmpty = OnEmpty.USE_NULL)
  @interface Nullable {
    /** The column name prefix. */
    @AliasFor(annotation = Embedded.class, attribute = "prefix")
    String prefix() default "";

    /** The column name prefix. */
    @AliasFor(annotation = Embedded.class, attribute = "prefix")
    String value() default "";
  }

  /** An embedded object read as an empty instance when its columns are all null. */
  @Documented
  @Retention(RetentionPolicy.RUNTIME)
  @Target({
    ElementType.FIELD,
    ElementType.METHOD,
    ElementType.ANNOTATION_TYPE,
    ElementType.RECORD_COMPONENT
  })
  @Embedded(onEmpty = OnEmpty.USE_EMPTY)
  @interface Empty {
    /** The column name prefix. */
    @AliasFor(annotation = Embedded.class, attribute = "prefix")
    String prefix() default "";

    /** The column name prefix. */
    @AliasFor(annotation = Embedded.class, attribute = "prefix")
    String value() default "";
  }
}
