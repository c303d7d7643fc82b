package io.scyllaboot.spring.mapping;

import io.scyllaboot.driver.api.type.CqlDuration;
import io.scyllaboot.driver.api.type.TupleValue;
import io.scyllaboot.driver.api.type.UdtValue;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.jspecify.annotations.Nullable;
import org.springframework.data.core.TypeInformation;
import org.springframework.data.domain.Vector;
import org.springframework.data.mapping.context.AbstractMappingContext;
import org.springframework.data.mapping.model.Property;
import org.springframework.data.mapping.model.SimpleTypeHolder;

/**
 * The mapping metadata of every entity, built once per type on Spring Data Commons' mapping
 * context. Types the driver reads and writes natively are simple types; any other class used as a
 * property is mapped as a user-defined type.
 */
public class ScyllaMappingContext
    extends AbstractMappingContext<ScyllaPersistentEntity<?>, ScyllaPersistentProperty> {

  /** The driver's own value types: stored as columns, never mapped as entities. */
  public static final SimpleTypeHolder SIMPLE_TYPES =
      new SimpleTypeHolder(
          Set.of(
              UUID.class,
              Instant.class,
              LocalDate.class,
              LocalTime.class,
              ByteBuffer.class,
              InetAddress.class,
              BigDecimal.class,
              BigInteger.class,
              CqlDuration.class,
              TupleValue.class,
              UdtValue.class,
              Vector.class),
          true);

  private final NamingStrategy naming;
  private final ScyllaCustomConversions conversions;
  private volatile @Nullable ZoneId localDateTimeZone = ZoneOffset.UTC;

  public ScyllaMappingContext() {
    this(NamingStrategy.SNAKE_CASE);
  }

  public ScyllaMappingContext(NamingStrategy naming) {
    this(naming, new ScyllaCustomConversions(List.of()));
  }

  /**
   * A mapping context whose entities may hold properties of types the custom conversions store
   * (those types become simple types: columns, not user-defined types).
   */
  public ScyllaMappingContext(NamingStrategy naming, ScyllaCustomConversions conversions) {
    this.naming = naming;
    this.conversions = conversions;
    setSimpleTypeHolder(conversions.getSimpleTypeHolder());
  }

  public NamingStrategy getNamingStrategy() {
    return naming;
  }

  /**
   * The zone in which a {@link java.time.LocalDateTime} is the instant a {@code timestamp} column
   * stores; null for the JVM's default zone at each conversion.
   */
  public @Nullable ZoneId getLocalDateTimeZone() {
    return localDateTimeZone;
  }

  /**
   * Sets the zone of {@code LocalDateTime} values: UTC by default, so the stored instant does not
   * depend on the machine; null for the JVM's default zone at each conversion, which is what Spring
   * Data Cassandra does (through Spring Data's JSR-310 converters), so that an application migrated
   * from it reads its existing rows unshifted. A converter of the application for {@code
   * LocalDateTime} comes first either way.
   */
  public void setLocalDateTimeZone(@Nullable ZoneId zone) {
    this.localDateTimeZone = zone;
  }

  /** The custom conversions the converter and schema creation apply. */
  public ScyllaCustomConversions getCustomConversions() {
    return conversions;
  }

  /**
   * Whether values of this type are stored as a column as they are or through a custom conversion
   * (else the type is mapped, as a user-defined type).
   */
  public boolean isSimpleType(Class<?> type) {
    return conversions.isSimpleType(type);
  }

  @Override
  protected <T> ScyllaPersistentEntity<?> createPersistentEntity(
      TypeInformation<T> typeInformation) {
    ScyllaPersistentEntity<T> entity = new ScyllaPersistentEntity<>(typeInformation, naming);
    entity.setKeyClassResolver(this::getRequiredPersistentEntity);
    return entity;
  }

  @Override
  protected ScyllaPersistentProperty createPersistentProperty(
      Property property, ScyllaPersistentEntity<?> owner, SimpleTypeHolder simpleTypeHolder) {
    return new ScyllaPersistentProperty(property, owner, simpleTypeHolder, naming);
  }
}
