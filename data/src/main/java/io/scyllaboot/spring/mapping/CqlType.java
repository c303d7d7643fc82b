package io.scyllaboot.spring.mapping;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The CQL type of a property's column, when the one that follows from the Java type does not fit,
 * as Spring Data Cassandra's {@code @CassandraType} (same attributes). Writes convert the value to
 * the Java type the driver binds for it (a {@code String} to a {@code uuid}, an {@code enum} to an
 * {@code int} as its ordinal, a {@code long} to an {@code int}), reads convert back to the
 * property's type, and schema creation declares the column with it.
 *
 * <p>A {@link Name#LIST}, {@link Name#SET} or {@link Name#MAP} takes its element (key and value)
 * types from {@link #typeArguments()}, else from the Java type; a {@link Name#TUPLE} takes its
 * components from {@link #typeArguments()}; a {@link Name#UDT} (also as a type argument) is {@link
 * #userTypeName()}, e.g. for a raw {@code UdtValue} property, whose type schema creation does not
 * create (a schema script does).
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({
  ElementType.FIELD,
  ElementType.METHOD,
  ElementType.ANNOTATION_TYPE,
  ElementType.RECORD_COMPONENT
})
public @interface CqlType {
  /** The CQL type of the column. */
  Name type();

  /**
   * The element type of a list or set, the key and value types of a map, the components of a tuple;
   * empty to take those of a collection from the Java type.
   */
  Name[] typeArguments() default {};

  /** The name of the user-defined type, for {@link Name#UDT} (as the type or a type argument). */
  String userTypeName() default "";

  /** The CQL types, named as Spring Data Cassandra's {@code CassandraType.Name}. */
  enum Name {
    ASCII,
    BIGINT,
    BLOB,
    BOOLEAN,
    COUNTER,
    DATE,
    DECIMAL,
    DOUBLE,
    DURATION,
    FLOAT,
    INET,
    INT,
    SMALLINT,
    TEXT,
    TIME,
    TIMESTAMP,
    TIMEUUID,
    TINYINT,
    UUID,
    VARCHAR,
    VARINT,
    LIST,
    SET,
    MAP,
    TUPLE,
    UDT,
    /**
     * Accepted for Spring Data Cassandra's names; schema creation asks for {@link VectorType}
     * instead, which gives the dimensions.
     */
    VECTOR;

    /** Whether this is a list, set or map. */
    public boolean isCollection() {
      return this == LIST || this == SET || this == MAP;
    }
  }
}
