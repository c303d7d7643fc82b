package io.scyllaboot.spring.mapping;

import io.scyllaboot.driver.api.cql.Row;
import java.util.List;
import java.util.Set;
import org.springframework.core.convert.converter.GenericConverter.ConvertiblePair;
import org.springframework.data.convert.CustomConversions;
import org.springframework.data.convert.ReadingConverter;
import org.springframework.data.convert.WritingConverter;
import org.springframework.data.mapping.model.SimpleTypeHolder;

/**
 * The application's own conversions between property types and the types the driver stores, the
 * counterpart of Spring Data Cassandra's {@code CassandraCustomConversions}. A converter annotated
 * {@link WritingConverter} turns a property type into a driver type ({@code Money} to {@code
 * String}, an enum to {@code Integer}); one annotated {@link ReadingConverter} turns the driver's
 * value back. A property type with a writing converter is stored as a column of the converter's
 * target type (also by schema creation), never mapped as a user-defined type. A converter from
 * {@code Row} reads whole rows (annotated or not, as in Spring Data Cassandra): entity reads of its
 * target type go through it.
 *
 * <p>Spring Data's default converters between {@code Date}, {@code Instant} and the {@code
 * java.time} local types are left out: these are stored as the driver's {@code timestamp}, {@code
 * date} and {@code time} values ({@code LocalDateTime} in the zone of {@link
 * ScyllaMappingContext#setLocalDateTimeZone}). The application's own converters between them are
 * kept and come first, as in Spring Data Cassandra ({@code LocalDateTimeZoneTest}).
 *
 * <p>With Spring Boot, declare a bean of this type and the auto-configuration's mapping uses it.
 * Without Boot, give it to {@link ScyllaMappingContext#ScyllaMappingContext(NamingStrategy,
 * ScyllaCustomConversions)}.
 */
public class ScyllaCustomConversions extends CustomConversions {

  /**
   * The driver's value types and no store-specific converters. {@link Row} counts as a store type
   * here, as in Spring Data Cassandra: a converter from it without {@link ReadingConverter} or
   * {@link WritingConverter} is then a reading converter (Spring Data Commons reads an unannotated
   * converter whose source is a store type), never silently ignored.
   */
  private static final StoreConversions STORE_CONVERSIONS =
      StoreConversions.of(
          new SimpleTypeHolder(Set.of(Row.class), ScyllaMappingContext.SIMPLE_TYPES), List.of());

  /*
   * Spring Data's default JSR-310 converters would convert LocalDateTime and Date through the
   * system time zone; the entity converter maps these types itself, so Spring Data's conversions
   * between them are left out (the filter spares user converters).
   */
  private static final Set<Class<?>> BUILT_IN =
      Set.of(
          java.util.Date.class,
          java.time.Instant.class,
          java.time.LocalDateTime.class,
          java.time.LocalDate.class,
          java.time.LocalTime.class);

  /** Conversions with these converters ({@code Converter}, {@code ConverterFactory}...). */
  public ScyllaCustomConversions(List<?> converters) {
    super(new ConverterConfiguration(STORE_CONVERSIONS, converters, pair -> !builtIn(pair)));
  }

  private static boolean builtIn(ConvertiblePair pair) {
    return BUILT_IN.contains(pair.getSourceType()) && BUILT_IN.contains(pair.getTargetType());
  }
}
