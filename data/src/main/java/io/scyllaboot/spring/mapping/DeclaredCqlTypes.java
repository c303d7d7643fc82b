package io.scyllaboot.spring.mapping;

import io.scyllaboot.driver.api.type.CqlDuration;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.UUID;
import java.util.function.UnaryOperator;
import org.springframework.core.convert.ConversionException;
import org.springframework.core.convert.ConversionService;

/**
 * Writes the values of {@link CqlType} properties as the declared CQL type wants them: each value
 * (or collection element, map key and value) becomes the Java type the driver binds for that type.
 */
final class DeclaredCqlTypes {
  private final ConversionService conversionService;
  // The entity converter's own conversion (enums as names, Date as Instant, UDT objects as maps).
  private final UnaryOperator<Object> defaultWrite;

  DeclaredCqlTypes(ConversionService conversionService, UnaryOperator<Object> defaultWrite) {
    this.conversionService = conversionService;
    this.defaultWrite = defaultWrite;
  }

  /** The Java type the driver reads and binds for a non-composite CQL type; null for others. */
  static Class<?> javaType(CqlType.Name name) {
    return switch (name) {
      case ASCII, TEXT, VARCHAR -> String.class;
      case BIGINT, COUNTER -> Long.class;
      case BLOB -> ByteBuffer.class;
      case BOOLEAN -> Boolean.class;
      case DATE -> LocalDate.class;
      case DECIMAL -> BigDecimal.class;
      case DOUBLE -> Double.class;
      case DURATION -> CqlDuration.class;
      case FLOAT -> Float.class;
      case INET -> InetAddress.class;
      case INT -> Integer.class;
      case SMALLINT -> Short.class;
      case TIME -> LocalTime.class;
      case TIMESTAMP -> Instant.class;
      case TIMEUUID, UUID -> UUID.class;
      case TINYINT -> Byte.class;
      case VARINT -> BigInteger.class;
      case LIST, SET, MAP, TUPLE, UDT, VECTOR -> null;
    };
  }

  /**
   * The value of the property as its {@link CqlType} is bound.
   *
   * @throws IllegalArgumentException naming the property and the types when the value cannot be
   *     converted
   */
  Object write(ScyllaPersistentProperty property, CqlType declared, Object value) {
    if (value == null) {
      return null;
    }
    CqlType.Name[] arguments = declared.typeArguments();
    switch (declared.type()) {
      case LIST, SET -> {
        if (!(value instanceof Collection<?> elements)) {
          return defaultWrite.apply(value);
        }
        Collection<Object> converted =
            declared.type() == CqlType.Name.SET
                ? new LinkedHashSet<>(elements.size() * 2)
                : new ArrayList<>(elements.size());
        for (Object element : elements) {
          converted.add(
              arguments.length == 0
                  ? defaultWrite.apply(element)
                  : element(property, arguments[0], element));
        }
        return converted;
      }
      case MAP -> {
        if (arguments.length < 2 || !(value instanceof Map<?, ?> map)) {
          return defaultWrite.apply(value);
        }
        Map<Object, Object> converted = new LinkedHashMap<>(map.size() * 2);
        map.forEach(
            (k, v) ->
                converted.put(
                    element(property, arguments[0], k), element(property, arguments[1], v)));
        return converted;
      }
      case TUPLE, UDT, VECTOR -> {
        return defaultWrite.apply(value);
      }
      default -> {
        return simple(property, declared.type(), value);
      }
    }
  }

  private Object element(ScyllaPersistentProperty property, CqlType.Name type, Object value) {
    return javaType(type) == null ? defaultWrite.apply(value) : simple(property, type, value);
  }

  private Object simple(ScyllaPersistentProperty property, CqlType.Name type, Object value) {
    if (value == null) {
      return null;
    }
    Class<?> target = javaType(type);
    if (target.isInstance(value)) {
      return value;
    }
    // An enum stored as a number is its ordinal, as Spring Data Cassandra stores it.
    Object written =
        value instanceof Enum<?> constant && Number.class.isAssignableFrom(target)
            ? (Object) constant.ordinal()
            : defaultWrite.apply(value);
    if (target.isInstance(written)) {
      return written;
    }
    if (written != null && conversionService.canConvert(written.getClass(), target)) {
      try {
        return conversionService.convert(written, target);
      } catch (ConversionException failed) {
        throw cannotWrite(property, type, value, failed);
      }
    }
    throw cannotWrite(property, type, value, null);
  }

  private static IllegalArgumentException cannotWrite(
      ScyllaPersistentProperty property, CqlType.Name type, Object value, Exception cause) {
    return new IllegalArgumentException(
        "Cannot write "
            + property.getOwner().getType().getSimpleName()
            + "."
            + property.getName()
            + " as its @CqlType "
            + type
            + ": no conversion of the "
            + value.getClass().getName()
            + " value to "
            + javaType(type).getName()
            + (cause == null ? "" : " (" + cause.getMessage() + ")")
            + "; declare a @WritingConverter in ScyllaCustomConversions",
        cause);
  }
}
