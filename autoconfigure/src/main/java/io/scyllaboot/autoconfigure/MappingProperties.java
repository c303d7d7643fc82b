package io.scyllaboot.autoconfigure;

import java.time.DateTimeException;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * {@code scylla.mapping.*}: how entities map to tables. The defaults are this project's; an
 * application migrated from Spring Data Cassandra sets {@code
 * naming-strategy=as-written-lower-case} and {@code local-date-time-zone=system} to keep reading
 * its existing tables as they are.
 */
public class MappingProperties {

  /**
   * How property and class names become column and table names when no annotation names them:
   * snake-case (orderDate is order_date) or as-written-lower-case (orderDate is orderdate, as
   * Spring Data Cassandra). A NamingStrategy bean of the application takes precedence.
   */
  private NamingStrategyName namingStrategy = NamingStrategyName.SNAKE_CASE;

  /**
   * Time zone in which a LocalDateTime property is the instant its timestamp column stores: UTC,
   * any zone id (e.g. Europe/Paris), or 'system' for the JVM's default zone, which is what Spring
   * Data Cassandra does.
   */
  private String localDateTimeZone = "UTC";

  /** The naming strategies that {@code scylla.mapping.naming-strategy} selects. */
  public enum NamingStrategyName {
    /** orderDate is order_date, the class SensorReading the table sensor_reading. */
    SNAKE_CASE,
    /** orderDate is orderdate, SensorReading is sensorreading: Spring Data Cassandra's names. */
    AS_WRITTEN_LOWER_CASE
  }

  public NamingStrategyName getNamingStrategy() {
    return namingStrategy;
  }

  public void setNamingStrategy(NamingStrategyName namingStrategy) {
    this.namingStrategy = namingStrategy;
  }

  public String getLocalDateTimeZone() {
    return localDateTimeZone;
  }

  public void setLocalDateTimeZone(String localDateTimeZone) {
    if (!"system".equalsIgnoreCase(localDateTimeZone)) {
      try {
        ZoneId.of(localDateTimeZone);
      } catch (DateTimeException | NullPointerException e) {
        throw new IllegalArgumentException(
            "must be 'system' (the JVM's default zone) or a zone id such as UTC or Europe/Paris");
      }
    }
    this.localDateTimeZone = localDateTimeZone;
  }

  /** The zone of LocalDateTime values, or null for the JVM's default zone at each conversion. */
  public ZoneId localDateTimeZoneId() {
    if ("system".equalsIgnoreCase(localDateTimeZone)) {
      return null;
    }
    ZoneId zone = ZoneId.of(localDateTimeZone);
    return zone.normalized() == ZoneOffset.UTC ? ZoneOffset.UTC : zone;
  }
}
