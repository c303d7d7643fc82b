package io.scyllaboot.spring.repository.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.testing.CassandraNode;
import io.scyllaboot.driver.testing.CassandraNodeExtension;
import io.scyllaboot.spring.repository.CqlPageRequest;
import io.scyllaboot.spring.repository.bad.FilteringRepository;
import io.scyllaboot.spring.repository.config.EnableScyllaRepositories;
import io.scyllaboot.spring.repository.it.Reading.Location;
import io.scyllaboot.spring.repository.it.Reading.Status;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.Slice;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** Repositories against the real node: every method shape, composite keys, paging, UDTs. */
@ExtendWith(CassandraNodeExtension.class)
@SpringBootTest(
    classes = RepositoryIT.Application.class,
    properties = {
      "scylla.schema-action=create-if-not-exists",
      "scylla.keyspace-replication={'class': 'SimpleStrategy', 'replication_factor': 1}",
      "scylla.request.timeout=20s"
    })
class RepositoryIT {
  private static final String KEYSPACE = CassandraNode.uniqueKeyspace("repo");

  @SpringBootApplication
  static class Application {}

  @DynamicPropertySource
  static void scylla(DynamicPropertyRegistry registry) {
    registry.add("scylla.contact-points", () -> CassandraNode.HOST + ":" + CassandraNode.PORT);
    registry.add("scylla.keyspace", () -> KEYSPACE);
  }

  @BeforeAll
  static void createKeyspace() {
    CassandraNode.ensureRunning();
    try (CqlSession admin = admin()) {
      admin.execute(
          "CREATE KEYSPACE IF NOT EXISTS "
              + KEYSPACE
              + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
    }
  }

  private static CqlSession admin() {
    return CqlSession.builder()
        .addContactPoint(CassandraNode.address())
        .withRequestTimeout(Duration.ofSeconds(30))
        .build();
  }

  @AfterAll
  static void dropKeyspace() {
    try (CqlSession admin = admin()) {
      admin.execute("DROP KEYSPACE IF EXISTS " + KEYSPACE);
    }
  }

  @Autowired ReadingRepository readings;
  @Autowired DeviceRepository devices;
  @Autowired TripRepository trips;

  @Test
  void should_round_trip_collections_of_udts_and_enums_and_query_an_id_only_key() {
    Trip trip =
        new Trip(
            UUID.randomUUID(),
            List.of(new Location("paris", 3), new Location("lyon", 1)),
            Map.of("home", new Location("paris", 3)),
            Set.of(Status.FAULT, Status.OK),
            Map.of("lyon", Status.OK),
            new Date(1_772_360_130_123L),
            new byte[] {1, 2, 3},
            LocalDateTime.of(2026, 3, 1, 10, 15, 30));
    trips.save(trip);

    Trip found = trips.findOneById(trip.id()).orElseThrow();
    assertThat(found.stops()).isEqualTo(trip.stops());
    assertThat(found.byName()).isEqualTo(trip.byName());
    assertThat(found.statuses()).isEqualTo(trip.statuses());
    assertThat(found.statusByStop()).isEqualTo(trip.statusByStop());
    assertThat(found.startedAt()).isEqualTo(trip.startedAt());
    assertThat(found.payload()).containsExactly(1, 2, 3);
    assertThat(found.localStart()).isEqualTo(trip.localStart());
    assertThat(trips.findByIdIn(List.of(trip.id(), UUID.randomUUID()))).hasSize(1);
  }

  private static Reading reading(String sensor, int day, int seq) {
    return new Reading(
        sensor,
        day,
        seq,
        seq * 0.5,
        new Location("lab-" + sensor, seq % 3),
        seq % 5 == 0 ? Status.FAULT : Status.OK,
        List.of("t" + seq));
  }

  @BeforeEach
  void fill() {
    readings.deleteAll();
    List<Reading> batch = new ArrayList<>();
    for (int seq = 0; seq < 25; seq++) {
      batch.add(reading("s1", 1, seq));
    }
    batch.add(reading("s1", 2, 0));
    batch.add(reading("s2", 1, 7));
    readings.saveAll(batch);
  }

  @Test
  void should_run_crud_with_a_composite_key_and_a_udt() {
    assertThat(readings.count()).isEqualTo(27);
    Reading found = readings.findById(new ReadingKey("s1", 1, 3)).orElseThrow();
    assertThat(found).isEqualTo(reading("s1", 1, 3));
    assertThat(found.location()).isEqualTo(new Location("lab-s1", 0));
    assertThat(readings.existsById(new ReadingKey("s1", 1, 99))).isFalse();
    assertThat(
            readings.findAllById(List.of(new ReadingKey("s1", 1, 1), new ReadingKey("s2", 1, 7))))
        .hasSize(2);
    readings.deleteById(new ReadingKey("s1", 1, 3));
    assertThat(readings.findById(new ReadingKey("s1", 1, 3))).isEmpty();
    readings.delete(reading("s1", 1, 4));
    assertThat(readings.count()).isEqualTo(25);
    assertThat(readings.findAll()).hasSize(25);
  }

  @Test
  void should_map_classes_with_setters_and_skip_transient_fields() {
    Device device = new Device();
    device.setId(UUID.randomUUID());
    device.setDisplayName("Boiler room");
    device.setInstalledAt(Instant.now().truncatedTo(ChronoUnit.MILLIS));
    device.setNotStored("ignored");
    devices.save(device);
    Device read = devices.findById(device.getId()).orElseThrow();
    assertThat(read.getDisplayName()).isEqualTo("Boiler room");
    assertThat(read.getInstalledAt()).isEqualTo(device.getInstalledAt());
    assertThat(read.getNotStored()).isNull();
  }

  @Test
  void should_derive_queries_on_key_columns() {
    assertThat(readings.findBySensorAndDay("s1", 1))
        .hasSize(25)
        .first()
        .extracting(Reading::seq)
        .isEqualTo(24);
    assertThat(readings.findBySensorAndDayOrderBySeqAsc("s1", 1))
        .first()
        .extracting(Reading::seq)
        .isEqualTo(0);
    assertThat(readings.findBySensorAndDayAndSeqGreaterThan("s1", 1, 21))
        .extracting(Reading::seq)
        .containsExactly(24, 23, 22);
    assertThat(readings.findBySensorAndDayIn("s1", List.of(1, 2))).hasSize(26);
    assertThat(readings.findBySensorAndDayAndSeq("s1", 1, 5)).contains(reading("s1", 1, 5));
    assertThat(readings.findBySensorAndDayAndSeq("s1", 1, 500)).isEmpty();
    assertThat(readings.findFirstBySensorAndDay("s1", 1).seq()).isEqualTo(24);
    assertThat(readings.findTop3BySensorAndDay("s1", 1))
        .extracting(Reading::seq)
        .containsExactly(24, 23, 22);
    assertThat(readings.countBySensorAndDay("s1", 1)).isEqualTo(25);
    assertThat(readings.existsBySensorAndDayAndSeq("s1", 1, 0)).isTrue();
    assertThat(readings.existsBySensorAndDayAndSeq("s1", 1, 100)).isFalse();
    assertThat(readings.findBySensorAndDayAndSeqLessThan("s1", 1, 2))
        .extracting(Reading::seq)
        .containsExactly(1, 0);
    assertThat(readings.findByStatus(Status.FAULT))
        .extracting(Reading::seq)
        .contains(0, 5, 10, 15, 20);
    try (Stream<Reading> stream = readings.streamBySensorAndDay("s1", 1)) {
      assertThat(stream.mapToInt(Reading::seq).sum()).isEqualTo(300);
    }
    readings.deleteBySensorAndDay("s1", 2);
    assertThat(readings.countBySensorAndDay("s1", 2)).isZero();
  }

  @Test
  void should_run_annotated_queries_with_positional_and_named_parameters() {
    assertThat(readings.below("s1", 1, 3)).extracting(Reading::seq).containsExactly(2, 1, 0);
    assertThat(readings.named("s2", 1)).extracting(Reading::seq).containsExactly(7);
    assertThat(readings.countWithCql("s1", 1)).isEqualTo(25);
  }

  @Test
  void should_return_interface_dto_and_dynamic_projections() {
    assertThat(readings.findSeqAndValueBySensorAndDay("s2", 1))
        .singleElement()
        .satisfies(
            p -> {
              assertThat(p.getSeq()).isEqualTo(7);
              assertThat(p.getValue()).isEqualTo(3.5);
            });
    assertThat(readings.findMeasureBySensorAndDayAndSeq("s1", 1, 4))
        .contains(new ReadingRepository.Measure(4, 2.0));
    assertThat(readings.findMeasureBySensorAndDayAndSeq("s1", 1, 99)).isEmpty();
    assertThat(readings.findMeasuresBySensorAndDay("s1", 1, CqlPageRequest.first(2)).getContent())
        .containsExactly(
            new ReadingRepository.Measure(24, 12.0), new ReadingRepository.Measure(23, 11.5));
    assertThat(
            readings.findBySensorAndDayAndSeqGreaterThanEqual(
                "s1", 1, 23, ReadingRepository.Measure.class))
        .containsExactly(
            new ReadingRepository.Measure(24, 12.0), new ReadingRepository.Measure(23, 11.5));
    assertThat(readings.findBySensorAndDayAndSeqGreaterThanEqual("s1", 1, 24, Reading.class))
        .extracting(Reading::location)
        .containsExactly(new Location("lab-s1", 0));
  }

  @Test
  void should_page_through_slices_with_the_paging_state() {
    List<Integer> seen = new ArrayList<>();
    Slice<Reading> slice = readings.findBySensorAndDay("s1", 1, CqlPageRequest.first(10));
    int slices = 1;
    slice.forEach(r -> seen.add(r.seq()));
    while (slice.hasNext()) {
      Pageable next = slice.nextPageable();
      assertThat(next).isInstanceOf(CqlPageRequest.class);
      // The state survives being stored as a string, e.g. in an HTTP link.
      CqlPageRequest stored =
          CqlPageRequest.of(
              10,
              io.scyllaboot.driver.api.cql.PagingState.fromString(
                  ((CqlPageRequest) next).getPagingState().toString()));
      slice = readings.findBySensorAndDay("s1", 1, stored);
      slice.forEach(r -> seen.add(r.seq()));
      slices++;
    }
    assertThat(slices).isEqualTo(3);
    assertThat(seen).hasSize(25).doesNotHaveDuplicates();
    // A plain page request walks to its page.
    assertThat(readings.findBySensorAndDay("s1", 1, PageRequest.of(2, 10)).getContent())
        .extracting(Reading::seq)
        .containsExactly(4, 3, 2, 1, 0);
  }

  @Test
  void should_start_and_only_warn_by_default_for_a_derived_query_that_needs_filtering() {
    // Spring Data Cassandra starts such an application and fails when the query runs; so do we.
    badRepositoriesRunner()
        .run(
            context -> assertThat(context).hasNotFailed().hasSingleBean(FilteringRepository.class));
  }

  @Test
  void should_fail_at_start_up_for_a_derived_query_that_needs_filtering_when_asked_to() {
    badRepositoriesRunner()
        .withPropertyValues("scylla.repositories.derived-query-check=fail")
        .run(
            context ->
                assertThat(context)
                    .hasFailed()
                    .getFailure()
                    .hasStackTraceContaining("Repository method FilteringRepository.findByValue")
                    .hasStackTraceContaining("column 'value' is not part of the primary key")
                    .hasStackTraceContaining("@AllowFiltering"));
  }

  private static ApplicationContextRunner badRepositoriesRunner() {
    return new ApplicationContextRunner()
        .withConfiguration(
            AutoConfigurations.of(
                io.scyllaboot.autoconfigure.ScyllaAutoConfiguration.class,
                io.scyllaboot.autoconfigure.data.ScyllaDataAutoConfiguration.class))
        .withUserConfiguration(BadRepositories.class)
        .withPropertyValues(
            "scylla.contact-points=" + CassandraNode.HOST + ":" + CassandraNode.PORT,
            "scylla.keyspace=" + KEYSPACE);
  }

  @Configuration(proxyBeanMethods = false)
  @EnableScyllaRepositories(basePackageClasses = FilteringRepository.class)
  static class BadRepositories {}
}
