package io.scyllaboot.driver.api.type;

import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * A Java type with its type arguments, for reading a column as a generic type ({@code
 * row.get("tags", GenericType.listOf(String.class))}, {@code row.get("ip",
 * GenericType.optionalOf(InetAddress.class))}): the DataStax driver's {@code GenericType}. A list,
 * set or map of classes reads as {@code getList}, {@code getSet} and {@code getMap} do; any other
 * type reads as its raw class, natively or through a registered {@link MappingCodec}. Capture any
 * type with an anonymous subclass: {@code new GenericType<List<String>>() {}}.
 *
 * @param <T> the type
 */
public class GenericType<T> {
  public static final GenericType<Boolean> BOOLEAN = of(Boolean.class);
  public static final GenericType<Byte> BYTE = of(Byte.class);
  public static final GenericType<Short> SHORT = of(Short.class);
  public static final GenericType<Integer> INTEGER = of(Integer.class);
  public static final GenericType<Long> LONG = of(Long.class);
  public static final GenericType<Float> FLOAT = of(Float.class);
  public static final GenericType<Double> DOUBLE = of(Double.class);
  public static final GenericType<String> STRING = of(String.class);
  public static final GenericType<BigInteger> BIG_INTEGER = of(BigInteger.class);
  public static final GenericType<BigDecimal> BIG_DECIMAL = of(BigDecimal.class);
  public static final GenericType<UUID> UUID = of(java.util.UUID.class);
  public static final GenericType<Instant> INSTANT = of(Instant.class);
  public static final GenericType<LocalDate> LOCAL_DATE = of(LocalDate.class);
  public static final GenericType<LocalTime> LOCAL_TIME = of(LocalTime.class);
  public static final GenericType<ByteBuffer> BYTE_BUFFER = of(ByteBuffer.class);
  public static final GenericType<InetAddress> INET_ADDRESS = of(InetAddress.class);
  public static final GenericType<CqlDuration> CQL_DURATION = of(CqlDuration.class);
  public static final GenericType<TupleValue> TUPLE_VALUE = of(TupleValue.class);
  public static final GenericType<UdtValue> UDT_VALUE = of(UdtValue.class);

  private final Type type;

  /** Captures the type argument of an anonymous subclass: {@code new GenericType<X<Y>>() {}}. */
  protected GenericType() {
    if (!(getClass().getGenericSuperclass() instanceof ParameterizedType captured)) {
      throw new IllegalStateException(
          "a GenericType subclass must name its type: new GenericType<List<String>>() {}");
    }
    this.type = captured.getActualTypeArguments()[0];
  }

  private GenericType(Type type) {
    this.type = type;
  }

  /** The type of a class. */
  public static <T> GenericType<T> of(Class<T> type) {
    return new GenericType<>(type);
  }

  /** {@code List<E>}. */
  public static <E> GenericType<List<E>> listOf(Class<E> elementType) {
    return parameterized(List.class, elementType);
  }

  /** {@code Set<E>}. */
  public static <E> GenericType<Set<E>> setOf(Class<E> elementType) {
    return parameterized(Set.class, elementType);
  }

  /** {@code Map<K, V>}. */
  public static <K, V> GenericType<Map<K, V>> mapOf(Class<K> keyType, Class<V> valueType) {
    return parameterized(Map.class, keyType, valueType);
  }

  /** {@code Optional<T>} (read through {@link ExtraTypeCodecs#optionalOf}). */
  public static <T> GenericType<Optional<T>> optionalOf(Class<T> elementType) {
    return parameterized(Optional.class, elementType);
  }

  /** The Java type, with its type arguments. */
  public Type type() {
    return type;
  }

  /** The type's class, without its type arguments. */
  public Class<?> rawType() {
    Type raw = type instanceof ParameterizedType parameterized ? parameterized.getRawType() : type;
    if (raw instanceof Class<?> rawClass) {
      return rawClass;
    }
    throw new IllegalStateException(type.getTypeName() + " has no class");
  }

  /**
   * The type arguments when every one is a class ({@code [String]} for {@code List<String>}); empty
   * for a class, or when an argument is itself generic.
   */
  public Class<?>[] classArguments() {
    if (!(type instanceof ParameterizedType parameterized)) {
      return new Class<?>[0];
    }
    Type[] arguments = parameterized.getActualTypeArguments();
    Class<?>[] classes = new Class<?>[arguments.length];
    for (int i = 0; i < arguments.length; i++) {
      if (!(arguments[i] instanceof Class<?> argument)) {
        return new Class<?>[0];
      }
      classes[i] = argument;
    }
    return classes;
  }

  @SuppressWarnings("unchecked")
  private static <T> GenericType<T> parameterized(Class<?> raw, Class<?>... arguments) {
    for (Class<?> argument : arguments) {
      Objects.requireNonNull(argument, "type argument");
    }
    return (GenericType<T>) new GenericType<>(new Parameterized(raw, arguments));
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof GenericType<?> that && type.equals(that.type);
  }

  @Override
  public int hashCode() {
    return type.hashCode();
  }

  @Override
  public String toString() {
    return type.getTypeName();
  }

  /** A generic type built from classes (the JDK has no public factory for one). */
  private record Parameterized(Class<?> raw, Class<?>[] arguments) implements ParameterizedType {
    @Override
    public Type[] getActualTypeArguments() {
      return arguments.clone();
    }

    @Override
    public Type getRawType() {
      return raw;
    }

    @Override
    public @Nullable Type getOwnerType() {
      return null;
    }

    @Override
    public String getTypeName() {
      StringBuilder name = new StringBuilder(raw.getName()).append('<');
      for (int i = 0; i < arguments.length; i++) {
        name.append(i == 0 ? "" : ", ").append(arguments[i].getTypeName());
      }
      return name.append('>').toString();
    }

    // Equal to the JDK's own ParameterizedType of the same type, as its equals expects.
    @Override
    public boolean equals(Object other) {
      return other instanceof ParameterizedType that
          && that.getOwnerType() == null
          && raw.equals(that.getRawType())
          && java.util.Arrays.equals(arguments, that.getActualTypeArguments());
    }

    @Override
    public int hashCode() {
      return java.util.Arrays.hashCode(arguments) ^ raw.hashCode();
    }
  }
}
