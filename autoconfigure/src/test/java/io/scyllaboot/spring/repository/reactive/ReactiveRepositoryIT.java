package io.scyllaboot.spring.repository.reactive;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.autoconfigure.health.ScyllaReactiveHealthIndicator;
import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.testing.CassandraNode;
import io.scyllaboot.driver.testing.CassandraNodeExtension;
import io.scyllaboot.spring.reactive.cql.ReactiveCqlTemplate;
import io.scyllaboot.spring.repository.CqlPageRequest;
import io.scyllaboot.spring.repository.it.Reading;
import io.scyllaboot.spring.repository.it.Reading.Location;
import io.scyllaboot.spring.repository.it.Reading.Status;
import io.scyllaboot.spring.repository.it.ReadingKey;
import java.time.Duration;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.ApplicationContext;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.Slice;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import reactor.core.publisher.Flux;
import reactor.test.StepVerifier;

/**
 * Reactive repositories, the reactive template and health indicator, auto-configured beside a
 * blocking repository, against the real node.
 */
@ExtendWith(CassandraNodeExtension.class)
@SpringBootTest(
    classes = ReactiveRepositoryIT.Application.class,
    properties = {
      "scylla.schema-action=create-if-not-exists",
      "scylla.keyspace-replication={'class': 'SimpleStrategy', 'replication_factor': 1}",
      "scylla.request.timeout=20s",
      "management.health.scylla.enabled=true"
    })
class ReactiveRepositoryIT {
  private static final String KEYSPACE = CassandraNode.uniqueKeyspace("reactive_repo");
  private static final Duration WAIT = Duration.ofSeconds(30);

  @SpringBootApplication
  static class Application {}

  @DynamicPropertySource
  static void scylla(DynamicPropertyRegistry registry) {
    registry.add("scylla.contact-points", () -> CassandraNode.HOST + ":" + CassandraNode.PORT);
    registry.add("scylla.keyspace", () -> KEYSPACE);
  }

  @AfterAll
  static void dropKeyspace() {
    try (CqlSession admin = CassandraNode.openSession()) {
      admin.execute("DROP KEYSPACE IF EXISTS " + KEYSPACE);
    }
  }

  @Autowired ReactiveReadingRepository readings;
  @Autowired BlockingReadingRepository blocking;
  @Autowired ReactiveCqlTemplate template;
  @Autowired ApplicationContext context;

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
    Flux<Reading> batch =
        Flux.concat(
            Flux.range(0, 25).map(seq -> reading("s1", 1, seq)),
            Flux.just(reading("s1", 2, 0), reading("s2", 1, 7)));
    StepVerifier.create(readings.deleteAll().thenMany(readings.saveAll(batch)).count())
        .expectNext(27L)
        .verifyComplete();
  }

  @Test
  void should_run_crud_and_share_the_table_with_a_blocking_repository() {
    StepVerifier.create(readings.count()).expectNext(27L).verifyComplete();
    StepVerifier.create(readings.findById(new ReadingKey("s1", 1, 3)))
        .expectNext(reading("s1", 1, 3))
        .verifyComplete();
    StepVerifier.create(readings.findById(new ReadingKey("s1", 1, 99))).verifyComplete();
    StepVerifier.create(readings.existsById(new ReadingKey("s2", 1, 7)))
        .expectNext(true)
        .verifyComplete();
    StepVerifier.create(
            readings.findAllById(List.of(new ReadingKey("s1", 1, 1), new ReadingKey("s2", 1, 7))))
        .expectNext(reading("s1", 1, 1), reading("s2", 1, 7))
        .verifyComplete();
    StepVerifier.create(
            readings
                .deleteById(new ReadingKey("s1", 1, 3))
                .then(readings.delete(reading("s1", 1, 4)))
                .then(readings.count()))
        .expectNext(25L)
        .verifyComplete();
    assertThat(blocking.count()).as("written reactively, read by the blocking one").isEqualTo(25);
    StepVerifier.create(readings.findAll().count()).expectNext(25L).verifyComplete();
  }

  @Test
  void should_derive_queries_and_stream_rows_on_demand() {
    StepVerifier.create(readings.findBySensorAndDay("s1", 1), 0)
        .thenRequest(2)
        .expectNext(reading("s1", 1, 24), reading("s1", 1, 23))
        .thenCancel()
        .verify(WAIT);
    StepVerifier.create(readings.findBySensorAndDay("s1", 1).map(Reading::seq))
        .expectNextSequence(IntStream.iterate(24, seq -> seq - 1).limit(25).boxed().toList())
        .verifyComplete();
    StepVerifier.create(readings.findBySensorAndDayAndSeqGreaterThan("s1", 1, 21).map(Reading::seq))
        .expectNext(24, 23, 22)
        .verifyComplete();
    StepVerifier.create(readings.findBySensorAndDayAndSeq("s1", 1, 5))
        .expectNext(reading("s1", 1, 5))
        .verifyComplete();
    StepVerifier.create(readings.findBySensorAndDayAndSeq("s1", 1, 500)).verifyComplete();
    StepVerifier.create(readings.findFirstBySensorAndDay("s1", 1).map(Reading::seq))
        .expectNext(24)
        .verifyComplete();
    StepVerifier.create(readings.countBySensorAndDay("s1", 1)).expectNext(25L).verifyComplete();
    StepVerifier.create(readings.existsBySensorAndDayAndSeq("s1", 1, 100))
        .expectNext(false)
        .verifyComplete();
    StepVerifier.create(readings.below("s1", 1, 2).map(Reading::seq))
        .expectNext(1, 0)
        .verifyComplete();
    StepVerifier.create(readings.countWithCql("s1", 1)).expectNext(25L).verifyComplete();
    StepVerifier.create(
            readings.deleteBySensorAndDay("s1", 1).then(readings.countBySensorAndDay("s1", 1)))
        .expectNext(0L)
        .verifyComplete();
  }

  @Test
  void should_page_slices_by_the_paging_state() {
    Slice<Reading> first =
        readings.findBySensorAndDay("s1", 1, CqlPageRequest.first(10)).block(WAIT);
    assertThat(first.getContent()).extracting(Reading::seq).startsWith(24, 23).hasSize(10);
    assertThat(first.hasNext()).isTrue();
    Pageable next = first.nextPageable();
    Slice<Reading> second = readings.findBySensorAndDay("s1", 1, next).block(WAIT);
    assertThat(second.getContent()).extracting(Reading::seq).startsWith(14).hasSize(10);
    Slice<Reading> third = readings.findBySensorAndDay("s1", 1, second.nextPageable()).block(WAIT);
    assertThat(third.getContent()).extracting(Reading::seq).containsExactly(4, 3, 2, 1, 0);
    assertThat(third.hasNext()).isFalse();
    Slice<Reading> thirdByNumber =
        readings
            .findBySensorAndDay("s1", 1, org.springframework.data.domain.PageRequest.of(2, 10))
            .block(WAIT);
    assertThat(thirdByNumber.getContent()).extracting(Reading::seq).startsWith(4);
  }

  @Test
  void should_configure_the_reactive_template_and_health_indicator() {
    StepVerifier.create(
            template.queryForObject(
                "SELECT COUNT(*) FROM readings WHERE sensor = ? AND day = ?", Long.class, "s1", 1))
        .expectNext(25L)
        .verifyComplete();
    Object indicator = context.getBean("scyllaHealthIndicator");
    assertThat(indicator).isInstanceOf(ScyllaReactiveHealthIndicator.class);
    StepVerifier.create(((ScyllaReactiveHealthIndicator) indicator).health())
        .assertNext(
            health -> {
              assertThat(health.getStatus())
                  .isEqualTo(org.springframework.boot.health.contributor.Status.UP);
              assertThat(health.getDetails()).containsEntry("nodesUp", 1L);
            })
        .verifyComplete();
  }
}
