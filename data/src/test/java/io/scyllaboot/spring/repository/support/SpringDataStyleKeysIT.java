package io.scyllaboot.spring.repository.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.Row;
import io.scyllaboot.driver.testing.CassandraNodeExtension;
import io.scyllaboot.spring.TestKeyspaceExtension;
import io.scyllaboot.spring.core.ScyllaTemplate;
import io.scyllaboot.spring.cql.CqlTemplate;
import io.scyllaboot.spring.cql.ScyllaExceptionTranslator;
import io.scyllaboot.spring.mapping.BasicMapId;
import io.scyllaboot.spring.mapping.MapId;
import io.scyllaboot.spring.mapping.NamingStrategy;
import io.scyllaboot.spring.mapping.Ordering;
import io.scyllaboot.spring.mapping.PrimaryKey;
import io.scyllaboot.spring.mapping.PrimaryKeyClass;
import io.scyllaboot.spring.mapping.PrimaryKeyColumn;
import io.scyllaboot.spring.mapping.PrimaryKeyType;
import io.scyllaboot.spring.mapping.ScyllaEntityConverter;
import io.scyllaboot.spring.mapping.ScyllaMappingContext;
import io.scyllaboot.spring.mapping.Table;
import io.scyllaboot.spring.repository.ScyllaRepository;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.Slice;
import org.springframework.data.domain.Sort;

/**
 * Composite keys in Spring Data Cassandra's two styles: a {@code @PrimaryKeyClass} of
 * {@code @PrimaryKeyColumn}s held by a {@code @PrimaryKey} property (classes with setters, as such
 * applications write them), and {@code @PrimaryKeyColumn}s on the entity with a {@code MapId} id.
 * Schema creation, repository CRUD, derived queries through {@code key.*}, the template.
 */
@ExtendWith(CassandraNodeExtension.class)
class SpringDataStyleKeysIT {
  @RegisterExtension
  static final TestKeyspaceExtension keyspace = new TestKeyspaceExtension("sdc_keys");

  private static CqlSession session;
  private static ScyllaTemplate template;
  private static Readings readings;
  private static Events events;

  @PrimaryKeyClass
  public static class ReadingKey {
    @PrimaryKeyColumn(name = "sensor", ordinal = 0, type = PrimaryKeyType.PARTITIONED)
    private String sensorId;

    @PrimaryKeyColumn(ordinal = 1, type = PrimaryKeyType.PARTITIONED)
    private int day;

    @PrimaryKeyColumn(name = "taken_at", ordinal = 2, ordering = Ordering.DESCENDING)
    private Instant at;

    public ReadingKey() {}

    ReadingKey(String sensorId, int day, Instant at) {
      this.sensorId = sensorId;
      this.day = day;
      this.at = at;
    }

    public String getSensorId() {
      return sensorId;
    }

    public void setSensorId(String sensorId) {
      this.sensorId = sensorId;
    }

    public int getDay() {
      return day;
    }

    public void setDay(int day) {
      this.day = day;
    }

    public Instant getAt() {
      return at;
    }

    public void setAt(Instant at) {
      this.at = at;
    }

    @Override
    public boolean equals(Object other) {
      return other instanceof ReadingKey that
          && Objects.equals(sensorId, that.sensorId)
          && day == that.day
          && Objects.equals(at, that.at);
    }

    @Override
    public int hashCode() {
      return Objects.hash(sensorId, day, at);
    }
  }

  @Table("readings")
  public static class Reading {
    @PrimaryKey private ReadingKey key;
    private double celsius;

    public Reading() {}

    Reading(ReadingKey key, double celsius) {
      this.key = key;
      this.celsius = celsius;
    }

    public ReadingKey getKey() {
      return key;
    }

    public void setKey(ReadingKey key) {
      this.key = key;
    }

    public double getCelsius() {
      return celsius;
    }

    public void setCelsius(double celsius) {
      this.celsius = celsius;
    }
  }

  public interface Readings extends ScyllaRepository<Reading, ReadingKey> {
    List<Reading> findByKeySensorIdAndKeyDay(String sensorId, int day);

    List<Reading> findByKeySensorIdAndKeyDayAndKeyAtAfter(String sensorId, int day, Instant at);

    List<Reading> findByKeySensorIdAndKeyDay(String sensorId, int day, Sort sort);
  }

  @Table("events")
  public record Event(
      @PrimaryKeyColumn(name = "tenant", ordinal = 0, type = PrimaryKeyType.PARTITIONED)
          String tenantId,
      @PrimaryKeyColumn(ordinal = 1) int seq,
      String what) {}

  public interface Events extends ScyllaRepository<Event, MapId> {
    List<Event> findByTenantId(String tenantId);

    Slice<Event> findByTenantId(String tenantId, Pageable page);
  }

  private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

  @BeforeAll
  static void connect() {
    session = keyspace.session();
    ScyllaMappingContext context = new ScyllaMappingContext(NamingStrategy.SNAKE_CASE);
    ScyllaEntityConverter converter = new ScyllaEntityConverter(context);
    template =
        new ScyllaTemplate(new CqlTemplate(session, new ScyllaExceptionTranslator()), converter);
    ScyllaRepositoryFactory factory =
        new ScyllaRepositoryFactory(template, new SchemaCreator(session, context));
    readings = factory.getRepository(Readings.class);
    events = factory.getRepository(Events.class);
  }

  @BeforeEach
  void empty() {
    readings.deleteAll();
    events.deleteAll();
  }

  private static Map<String, String> keyColumns(String table) {
    Map<String, String> kinds = new HashMap<>();
    for (Row row :
        session.execute(
            "SELECT column_name, kind, position, clustering_order FROM system_schema.columns"
                + " WHERE keyspace_name = ? AND table_name = ?",
            keyspace.name(),
            table)) {
      kinds.put(
          row.getString("column_name"),
          row.getString("kind")
              + " "
              + row.getInt("position")
              + " "
              + row.getString("clustering_order"));
    }
    return kinds;
  }

  @Test
  void should_create_the_table_with_the_key_class_columns_as_its_primary_key() {
    assertThat(keyColumns("readings"))
        .containsEntry("sensor", "partition_key 0 none")
        .containsEntry("day", "partition_key 1 none")
        .containsEntry("taken_at", "clustering 0 desc")
        .containsEntry("celsius", "regular -1 none")
        .doesNotContainKey("key");
    assertThat(keyColumns("events"))
        .containsEntry("tenant", "partition_key 0 none")
        .containsEntry("seq", "clustering 0 asc");
  }

  @Test
  void should_save_find_and_delete_by_a_primary_key_class() {
    ReadingKey first = new ReadingKey("s1", 20260101, T0);
    ReadingKey second = new ReadingKey("s1", 20260101, T0.plusSeconds(60));
    readings.saveAll(List.of(new Reading(first, 20.5), new Reading(second, 21.0)));

    Reading found = readings.findById(first).orElseThrow();
    assertThat(found.getKey()).isEqualTo(first);
    assertThat(found.getCelsius()).isEqualTo(20.5);
    assertThat(readings.existsById(second)).isTrue();
    assertThat(readings.findAllById(List.of(first, second))).hasSize(2);
    // Clustering order DESC: the latest first.
    assertThat(readings.findByKeySensorIdAndKeyDay("s1", 20260101))
        .extracting(r -> r.getKey().getAt())
        .containsExactly(T0.plusSeconds(60), T0);
    assertThat(readings.findByKeySensorIdAndKeyDay("s1", 20260101, Sort.by("key.at").ascending()))
        .extracting(r -> r.getKey().getAt())
        .containsExactly(T0, T0.plusSeconds(60));
    assertThat(readings.findByKeySensorIdAndKeyDayAndKeyAtAfter("s1", 20260101, T0))
        .extracting(Reading::getCelsius)
        .containsExactly(21.0);

    readings.deleteById(first);
    assertThat(readings.findById(first)).isEmpty();
    readings.delete(readings.findById(second).orElseThrow());
    assertThat(readings.count()).isZero();
  }

  @Test
  void should_write_and_read_a_primary_key_class_entity_through_the_template() {
    ReadingKey key = new ReadingKey("s2", 20260102, T0);
    template.insert(new Reading(key, 5.0));

    assertThat(template.selectOneById(key, Reading.class).getCelsius()).isEqualTo(5.0);
    Reading read =
        template.selectOne(
            "SELECT * FROM readings WHERE sensor = ? AND day = ?", Reading.class, "s2", 20260102);
    assertThat(read.getKey()).isEqualTo(key);
    Row row = session.execute("SELECT sensor, day, taken_at, celsius FROM readings").one();
    assertThat(row.getString("sensor")).isEqualTo("s2");
    assertThat(row.getInstant("taken_at")).isEqualTo(T0);
    read.setCelsius(6.0);
    template.update(read);
    assertThat(template.selectOneById(key, Reading.class).getCelsius()).isEqualTo(6.0);
    assertThat(template.deleteById(key, Reading.class)).isTrue();
    assertThat(template.exists(key, Reading.class)).isFalse();
  }

  @Test
  void should_save_find_and_delete_by_a_map_id() {
    events.saveAll(List.of(new Event("t1", 1, "created"), new Event("t1", 2, "paid")));
    MapId paid = BasicMapId.id("tenantId", "t1").with("seq", 2);

    assertThat(events.findById(paid)).contains(new Event("t1", 2, "paid"));
    assertThat(events.existsById(BasicMapId.id("tenantId", "t1").with("seq", 3))).isFalse();
    assertThat(events.findAllById(List.of(paid, BasicMapId.id("tenantId", "t1").with("seq", 1))))
        .hasSize(2);
    assertThat(events.findByTenantId("t1")).extracting(Event::seq).containsExactly(1, 2);
    // Column names work as keys too.
    assertThat(events.findById(BasicMapId.id("tenant", "t1").with("seq", 1))).isPresent();

    events.deleteById(paid);
    assertThat(events.findByTenantId("t1")).extracting(Event::seq).containsExactly(1);
  }

  @Test
  void should_refuse_a_map_id_that_lacks_a_key_property() {
    assertThatThrownBy(() -> events.findById(BasicMapId.id("tenantId", "t1")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'seq'")
        .hasMessageContaining("[tenantId, seq]");
  }

  @Test
  void should_number_a_slice_as_the_page_requested() {
    for (int seq = 0; seq < 5; seq++) {
      events.save(new Event("t2", seq, "e" + seq));
    }
    Slice<Event> second = events.findByTenantId("t2", PageRequest.of(1, 2));
    assertThat(second.getNumber()).isEqualTo(1);
    assertThat(second.getContent()).extracting(Event::seq).containsExactly(2, 3);
    assertThat(second.hasNext()).isTrue();
    Slice<Event> third = events.findAll(PageRequest.of(2, 2));
    assertThat(third.getNumber()).isEqualTo(2);
    assertThat(third.getContent()).hasSize(1);
    assertThat(third.hasNext()).isFalse();
  }
}
