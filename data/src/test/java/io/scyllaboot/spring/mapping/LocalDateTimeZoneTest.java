package io.scyllaboot.spring.mapping;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.driver.api.cql.Row;
import java.lang.reflect.Proxy;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.TimeZone;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;
import org.springframework.core.convert.converter.Converter;
import org.springframework.data.convert.ReadingConverter;
import org.springframework.data.convert.WritingConverter;

/**
 * LocalDateTime to timestamp on a JVM whose default zone is not UTC (set here, restored after): UTC
 * by default, the JVM's zone as Spring Data Cassandra on demand, and user converters first.
 */
@Isolated // the JVM's default time zone is global
class LocalDateTimeZoneTest {
  private static final LocalDateTime NOON = LocalDateTime.of(2026, 7, 1, 12, 0);
  private TimeZone jvmZone;

  @Table
  record Meeting(@PartitionKey UUID id, LocalDateTime startsAt) {}

  @BeforeEach
  void paris() {
    jvmZone = TimeZone.getDefault();
    TimeZone.setDefault(TimeZone.getTimeZone("Europe/Paris")); // UTC+2 in July
  }

  @AfterEach
  void restore() {
    TimeZone.setDefault(jvmZone);
  }

  private static Object written(ScyllaMappingContext context) {
    ScyllaEntityConverter converter = new ScyllaEntityConverter(context);
    return converter.write(entity(context), new Meeting(new UUID(0, 1), NOON)).get("starts_at");
  }

  private static LocalDateTime read(ScyllaMappingContext context, Instant stored) {
    Map<String, Object> columns = Map.of("id", new UUID(0, 1), "starts_at", stored);
    Row row =
        (Row)
            Proxy.newProxyInstance(
                Row.class.getClassLoader(),
                new Class<?>[] {Row.class},
                (proxy, method, args) -> columns.get((String) args[0]));
    return new ScyllaEntityConverter(context).read(entity(context), row).startsAt();
  }

  @SuppressWarnings("unchecked")
  private static ScyllaPersistentEntity<Meeting> entity(ScyllaMappingContext context) {
    return (ScyllaPersistentEntity<Meeting>) context.getRequiredPersistentEntity(Meeting.class);
  }

  @Test
  void should_store_local_date_times_as_utc_by_default_whatever_the_jvm_zone() {
    ScyllaMappingContext context = new ScyllaMappingContext();
    assertThat(written(context)).isEqualTo(Instant.parse("2026-07-01T12:00:00Z"));
    assertThat(read(context, Instant.parse("2026-07-01T12:00:00Z"))).isEqualTo(NOON);
  }

  @Test
  void should_store_local_date_times_in_the_jvm_zone_as_spring_data_cassandra_when_asked() {
    ScyllaMappingContext context = new ScyllaMappingContext();
    context.setLocalDateTimeZone(null);
    assertThat(written(context)).isEqualTo(Instant.parse("2026-07-01T10:00:00Z"));
    assertThat(read(context, Instant.parse("2026-07-01T10:00:00Z"))).isEqualTo(NOON);
    context.setLocalDateTimeZone(ZoneId.of("Asia/Tokyo"));
    assertThat(written(context)).isEqualTo(Instant.parse("2026-07-01T03:00:00Z"));
  }

  @WritingConverter
  static final class LocalDateTimeAtMinusOne implements Converter<LocalDateTime, Instant> {
    @Override
    public Instant convert(LocalDateTime source) {
      return source.toInstant(ZoneOffset.ofHours(-1));
    }
  }

  @ReadingConverter
  static final class InstantAtMinusOne implements Converter<Instant, LocalDateTime> {
    @Override
    public LocalDateTime convert(Instant source) {
      return LocalDateTime.ofInstant(source, ZoneOffset.ofHours(-1));
    }
  }

  @WritingConverter
  static final class LocalDateTimeToDateAtMinusOne implements Converter<LocalDateTime, Date> {
    @Override
    public Date convert(LocalDateTime source) {
      return Date.from(source.toInstant(ZoneOffset.ofHours(-1)));
    }
  }

  @Test
  void should_let_the_applications_converters_to_date_win_for_local_date_times() {
    ScyllaMappingContext context =
        new ScyllaMappingContext(
            NamingStrategy.SNAKE_CASE,
            new ScyllaCustomConversions(List.of(new LocalDateTimeToDateAtMinusOne())));
    assertThat(written(context)).isEqualTo(Instant.parse("2026-07-01T13:00:00Z"));
  }

  @Test
  void should_let_the_applications_converters_win_for_local_date_times() {
    ScyllaMappingContext context =
        new ScyllaMappingContext(
            NamingStrategy.SNAKE_CASE,
            new ScyllaCustomConversions(
                List.of(new LocalDateTimeAtMinusOne(), new InstantAtMinusOne())));
    assertThat(written(context)).isEqualTo(Instant.parse("2026-07-01T13:00:00Z"));
    assertThat(read(context, Instant.parse("2026-07-01T13:00:00Z"))).isEqualTo(NOON);
  }
}
