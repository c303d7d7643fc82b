package io.scyllaboot.readme.reactive;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.testing.CassandraNode;
import io.scyllaboot.driver.testing.CassandraNodeExtension;
import io.scyllaboot.spring.repository.CqlPageRequest;
import java.time.Instant;
import java.time.LocalDate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.data.domain.Slice;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import reactor.core.publisher.Flux;
import reactor.test.StepVerifier;

/** The manual's reactive example (docs/spring.md), as printed, against the real node. */
@ExtendWith(CassandraNodeExtension.class)
@SpringBootTest(
    classes = ReadmeReactiveIT.Application.class,
    properties = {
      "scylla.schema-action=create-if-not-exists",
      "scylla.keyspace-replication={'class': 'SimpleStrategy', 'replication_factor': 1}",
      "scylla.request.timeout=20s"
    })
class ReadmeReactiveIT {
  private static final String KEYSPACE = CassandraNode.uniqueKeyspace("readme_reactive");
  private static final LocalDate DAY = LocalDate.of(2026, 3, 1);
  private static final Instant NOON = Instant.parse("2026-03-01T12:00:00Z");

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

  @Autowired LiveReadingRepository repository;
  @Autowired LiveReadings live;

  @Test
  void should_run_the_readme_example() {
    Flux<Reading> three =
        Flux.range(0, 3).map(i -> new Reading("s1", DAY, NOON.plusSeconds(i), i * 1.5));
    StepVerifier.create(repository.saveAll(three).then(repository.countBySensorIdAndDay("s1", DAY)))
        .expectNext(3L)
        .verifyComplete();
    StepVerifier.create(repository.findBySensorIdAndDay("s1", DAY).map(Reading::value))
        .expectNext(3.0, 1.5, 0.0) // newest first
        .verifyComplete();
    Slice<Reading> first =
        repository.findBySensorIdAndDay("s1", DAY, CqlPageRequest.first(2)).block();
    assertThat(first.getContent()).hasSize(2);
    assertThat(first.hasNext()).isTrue();
    StepVerifier.create(live.values("s1", DAY)).expectNext(3.0, 1.5, 0.0).verifyComplete();
    StepVerifier.create(repository.findById(new ReadingKey("s1", DAY, NOON)))
        .expectNext(new Reading("s1", DAY, NOON, 0.0))
        .verifyComplete();
  }
}
