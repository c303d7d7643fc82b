package io.scyllaboot.driver.api.type;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Maps an application type ({@code O}, the outer type) to a Java type the driver binds and reads
 * natively ({@code I}, the inner type), for columns of the inner type's CQL type: an enum stored as
 * its name, a value object stored as a tuple, a string stored as an int. Registered on the session
 * builder ({@code CqlSession.builder().addTypeCodecs(..)}), a codec is used where the value itself
 * does not fit: binding a value of the outer type to a marker that does not take it, and {@code
 * row.get(column, O.class)} (or {@code getString}) on a column read natively as the inner type.
 * Values the driver maps itself never reach a codec, so registering one costs nothing on them.
 *
 * <p>The shape is the DataStax driver's {@code MappingCodec}: a subclass names both types and
 * implements {@link #innerToOuter} and {@link #outerToInner}. Implementations must be thread-safe;
 * an exception they throw on binding becomes the bind's {@code InvalidBindValueException}.
 *
 * @param <I> the type the driver maps natively (for example {@code Integer}, {@code String}, {@code
 *     TupleValue}, {@code UdtValue})
 * @param <O> the application's type
 */
public abstract class MappingCodec<I, O> {
  private final Class<I> innerJavaType;
  private final Class<O> outerJavaType;
  private final @Nullable DataType cqlType;

  protected MappingCodec(Class<I> innerJavaType, Class<O> outerJavaType) {
    this.innerJavaType = Objects.requireNonNull(innerJavaType, "inner Java type");
    this.outerJavaType = Objects.requireNonNull(outerJavaType, "outer Java type");
    this.cqlType = null;
  }

  /**
   * A codec over one of the driver's own codecs (the DataStax driver's constructor): {@code
   * session.codecRegistry().codecFor(DataTypes.tupleOf(DataTypes.INT, DataTypes.INT))} names the
   * inner Java type ({@code TupleValue}) and the CQL type {@link #getCqlType()} returns.
   */
  @SuppressWarnings("unchecked")
  protected MappingCodec(TypeCodec<I> innerCodec, GenericType<O> outerJavaType) {
    this.innerJavaType = (Class<I>) innerCodec.getJavaType().rawType();
    this.outerJavaType = (Class<O>) outerJavaType.rawType();
    this.cqlType = innerCodec.getCqlType();
  }

  /**
   * The CQL type of the inner codec this codec was built over, or null for a codec built from two
   * Java types (which maps values of any CQL type its inner Java type reads). Subclasses may narrow
   * the return type, as DataStax driver codecs do ({@code (DataType.TupleType)
   * super.getCqlType()}).
   */
  public @Nullable DataType getCqlType() {
    return cqlType;
  }

  /** The type the driver binds and reads natively. */
  public final Class<I> innerJavaType() {
    return innerJavaType;
  }

  /** The application's type. */
  public final Class<O> outerJavaType() {
    return outerJavaType;
  }

  /** The application's value of a value read; {@code value} is null for a null cell. */
  protected abstract O innerToOuter(I value);

  /** The value to bind for an application's value (never called with null). */
  protected abstract I outerToInner(O value);

  /** {@link #innerToOuter} for the driver, which calls it from another package. */
  public final O toOuter(Object inner) {
    return innerToOuter(innerJavaType.cast(inner));
  }

  /** {@link #outerToInner} for the driver. */
  public final I toInner(Object outer) {
    return outerToInner(outerJavaType.cast(outer));
  }

  /** An enum stored as its constant's name (a text column). */
  public static <E extends Enum<E>> MappingCodec<String, E> enumNamesOf(Class<E> enumType) {
    return new MappingCodec<>(String.class, enumType) {
      @Override
      protected E innerToOuter(String value) {
        return value == null ? null : Enum.valueOf(enumType, value);
      }

      @Override
      protected String outerToInner(E value) {
        return value.name();
      }
    };
  }

  /** An enum stored as its constant's ordinal (an int column). */
  public static <E extends Enum<E>> MappingCodec<Integer, E> enumOrdinalsOf(Class<E> enumType) {
    E[] constants = enumType.getEnumConstants();
    return new MappingCodec<>(Integer.class, enumType) {
      @Override
      protected E innerToOuter(Integer value) {
        return value == null ? null : constants[value];
      }

      @Override
      protected Integer outerToInner(E value) {
        return value.ordinal();
      }
    };
  }

  @Override
  public String toString() {
    return getClass().getName()
        + "["
        + innerJavaType.getName()
        + " <-> "
        + outerJavaType.getName()
        + "]";
  }
}
