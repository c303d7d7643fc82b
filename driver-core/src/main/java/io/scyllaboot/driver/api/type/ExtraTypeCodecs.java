package io.scyllaboot.driver.api.type;

import java.lang.reflect.Array;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * Ready-made {@link MappingCodec}s for the mappings the driver does not make itself, with the
 * DataStax driver's {@code ExtraTypeCodecs} names: register them with {@code
 * CqlSession.builder().addTypeCodecs(..)}. Where the DataStax driver takes a codec of the element
 * type ({@code listToArrayOf(TypeCodecs.TEXT)}), these take the element's Java class ({@code
 * listToArrayOf(String.class)}).
 */
public final class ExtraTypeCodecs {
  /** A {@code blob} read and bound as a {@code byte[]} (a copy of the value's bytes). */
  public static final MappingCodec<ByteBuffer, byte[]> BLOB_TO_ARRAY =
      of(
          ByteBuffer.class,
          byte[].class,
          buffer -> {
            byte[] bytes = new byte[buffer.remaining()];
            buffer.duplicate().get(bytes);
            return bytes;
          },
          ByteBuffer::wrap);

  /**
   * A {@code tuple<timestamp, text>} read and bound as a {@link ZonedDateTime}: the instant and the
   * zone's id, so the value reads back in its own zone.
   */
  public static final MappingCodec<TupleValue, ZonedDateTime> ZONED_TIMESTAMP_PERSISTED =
      of(
          TupleValue.class,
          ZonedDateTime.class,
          tuple ->
              ZonedDateTime.ofInstant(
                  tuple.get(0, Instant.class), ZoneId.of(tuple.get(1, String.class))),
          zoned -> TupleValue.of(zoned.toInstant(), zoned.getZone().getId()));

  /** A {@code timestamp} read as a {@link ZonedDateTime} in UTC. */
  public static final MappingCodec<Instant, ZonedDateTime> ZONED_TIMESTAMP_UTC =
      zonedTimestampAt(ZoneOffset.UTC);

  /** A {@code timestamp} read as a {@link ZonedDateTime} in the JVM's default zone. */
  public static final MappingCodec<Instant, ZonedDateTime> ZONED_TIMESTAMP_SYSTEM =
      zonedTimestampAt(ZoneId.systemDefault());

  /** A {@code timestamp} read as a {@link LocalDateTime} in UTC. */
  public static final MappingCodec<Instant, LocalDateTime> LOCAL_TIMESTAMP_UTC =
      localTimestampAt(ZoneOffset.UTC);

  /** A {@code timestamp} read as a {@link LocalDateTime} in the JVM's default zone. */
  public static final MappingCodec<Instant, LocalDateTime> LOCAL_TIMESTAMP_SYSTEM =
      localTimestampAt(ZoneId.systemDefault());

  /** A {@code timestamp} read and bound as milliseconds since the epoch. */
  public static final MappingCodec<Instant, Long> TIMESTAMP_MILLIS_SYSTEM =
      of(Instant.class, Long.class, Instant::toEpochMilli, Instant::ofEpochMilli);

  /** As {@link #TIMESTAMP_MILLIS_SYSTEM}: milliseconds since the epoch have no zone. */
  public static final MappingCodec<Instant, Long> TIMESTAMP_MILLIS_UTC = TIMESTAMP_MILLIS_SYSTEM;

  /** A {@code list<boolean>} read and bound as a {@code boolean[]}. */
  public static final MappingCodec<List<Boolean>, boolean[]> BOOLEAN_LIST_TO_ARRAY =
      listToPrimitiveArray(boolean[].class);

  /** A {@code list<tinyint>} read and bound as a {@code byte[]}. */
  public static final MappingCodec<List<Byte>, byte[]> BYTE_LIST_TO_ARRAY =
      listToPrimitiveArray(byte[].class);

  /** A {@code list<smallint>} read and bound as a {@code short[]}. */
  public static final MappingCodec<List<Short>, short[]> SHORT_LIST_TO_ARRAY =
      listToPrimitiveArray(short[].class);

  /** A {@code list<int>} read and bound as an {@code int[]}. */
  public static final MappingCodec<List<Integer>, int[]> INT_LIST_TO_ARRAY =
      listToPrimitiveArray(int[].class);

  /** A {@code list<bigint>} read and bound as a {@code long[]}. */
  public static final MappingCodec<List<Long>, long[]> LONG_LIST_TO_ARRAY =
      listToPrimitiveArray(long[].class);

  /** A {@code list<float>} read and bound as a {@code float[]}. */
  public static final MappingCodec<List<Float>, float[]> FLOAT_LIST_TO_ARRAY =
      listToPrimitiveArray(float[].class);

  /** A {@code list<double>} read and bound as a {@code double[]}. */
  public static final MappingCodec<List<Double>, double[]> DOUBLE_LIST_TO_ARRAY =
      listToPrimitiveArray(double[].class);

  private ExtraTypeCodecs() {}

  /** A {@code timestamp} read as a {@link ZonedDateTime} in the given zone. */
  public static MappingCodec<Instant, ZonedDateTime> zonedTimestampAt(ZoneId zone) {
    return of(
        Instant.class,
        ZonedDateTime.class,
        instant -> instant.atZone(zone),
        ZonedDateTime::toInstant);
  }

  /** A {@code timestamp} read as a {@link LocalDateTime} in the given zone. */
  public static MappingCodec<Instant, LocalDateTime> localTimestampAt(ZoneId zone) {
    return of(
        Instant.class,
        LocalDateTime.class,
        instant -> LocalDateTime.ofInstant(instant, zone),
        local -> local.atZone(zone).toInstant());
  }

  /** As {@link #TIMESTAMP_MILLIS_SYSTEM}: milliseconds since the epoch have no zone. */
  public static MappingCodec<Instant, Long> timestampMillisAt(ZoneId zone) {
    return TIMESTAMP_MILLIS_SYSTEM;
  }

  /**
   * A list read and bound as an array of its elements' class ({@code listToArrayOf(String.class)}
   * for a {@code list<text>} as a {@code String[]}).
   */
  public static <E> MappingCodec<List<E>, E[]> listToArrayOf(Class<E> elementType) {
    @SuppressWarnings("unchecked")
    Class<E[]> arrayType = (Class<E[]>) Array.newInstance(elementType, 0).getClass();
    return of(
        listType(),
        arrayType,
        list -> list.toArray(arrayType.cast(Array.newInstance(elementType, list.size()))),
        Arrays::asList);
  }

  /**
   * A column of the element's type read and bound as an {@link Optional}: a null cell reads as
   * {@code Optional.empty()}, which binds as null ({@code optionalOf(InetAddress.class)} for an
   * {@code inet} column).
   */
  public static <T> MappingCodec<T, Optional<T>> optionalOf(Class<T> elementType) {
    @SuppressWarnings("unchecked")
    Class<Optional<T>> optional = (Class<Optional<T>>) (Class<?>) Optional.class;
    return new MappingCodec<>(elementType, optional) {
      @Override
      protected Optional<T> innerToOuter(@Nullable T value) {
        return Optional.ofNullable(value);
      }

      @Override
      protected @Nullable T outerToInner(Optional<T> value) {
        return value.orElse(null);
      }
    };
  }

  /**
   * A text column holding JSON, read and bound as {@code javaType} with a default Jackson 2 {@code
   * ObjectMapper} ({@code com.fasterxml.jackson.core:jackson-databind}, which the application
   * provides: the driver depends on it optionally). A value that is not JSON of the type fails the
   * read with an {@code IllegalArgumentException} naming the type, never the text.
   */
  public static <T> MappingCodec<String, T> json(Class<T> javaType) {
    return json(javaType, new com.fasterxml.jackson.databind.ObjectMapper());
  }

  /** As {@link #json(Class)}, with the application's mapper (its modules, its settings). */
  public static <T> MappingCodec<String, T> json(
      Class<T> javaType, com.fasterxml.jackson.databind.ObjectMapper mapper) {
    return new JacksonJsonCodec<>(javaType, mapper);
  }

  /** As {@link MappingCodec#enumNamesOf}. */
  public static <E extends Enum<E>> MappingCodec<String, E> enumNamesOf(Class<E> enumType) {
    return MappingCodec.enumNamesOf(enumType);
  }

  /** As {@link MappingCodec#enumOrdinalsOf}. */
  public static <E extends Enum<E>> MappingCodec<Integer, E> enumOrdinalsOf(Class<E> enumType) {
    return MappingCodec.enumOrdinalsOf(enumType);
  }

  private static <A> MappingCodec<List<Object>, A> listToPrimitiveArrayRaw(Class<A> arrayType) {
    return of(
        listType(),
        arrayType,
        list -> {
          Object array = Array.newInstance(arrayType.getComponentType(), list.size());
          for (int i = 0; i < list.size(); i++) {
            // A null element has no primitive: Array.set fails, and so does the read.
            Array.set(array, i, list.get(i));
          }
          return arrayType.cast(array);
        },
        array -> {
          int length = Array.getLength(array);
          List<Object> list = new ArrayList<>(length);
          for (int i = 0; i < length; i++) {
            list.add(Array.get(array, i));
          }
          return list;
        });
  }

  @SuppressWarnings("unchecked")
  private static <E, A> MappingCodec<List<E>, A> listToPrimitiveArray(Class<A> arrayType) {
    return (MappingCodec<List<E>, A>) (MappingCodec<?, A>) listToPrimitiveArrayRaw(arrayType);
  }

  @SuppressWarnings("unchecked")
  private static <E> Class<List<E>> listType() {
    return (Class<List<E>>) (Class<?>) List.class;
  }

  /** A codec of two functions; null reads as null, and null is never bound through it. */
  private static <I, O> MappingCodec<I, O> of(
      Class<I> inner, Class<O> outer, Function<I, O> toOuter, Function<O, I> toInner) {
    return new MappingCodec<>(inner, outer) {
      @Override
      protected @Nullable O innerToOuter(@Nullable I value) {
        return value == null ? null : toOuter.apply(value);
      }

      @Override
      protected I outerToInner(O value) {
        return toInner.apply(value);
      }
    };
  }
}
