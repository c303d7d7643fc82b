package io.scyllaboot.samples.reactive;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.testing.CassandraNode;
import io.scyllaboot.driver.testing.CassandraNodeExtension;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.MediaType;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;
import reactor.test.StepVerifier;

/** The reactive sample over HTTP, against the real node. */
@ExtendWith(CassandraNodeExtension.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ReactiveSensorsApplicationIT {
  private static final String KEYSPACE = CassandraNode.uniqueKeyspace("reactive_sample");
  private static final Instant NOON = Instant.parse("2026-03-01T12:00:00Z");

  @LocalServerPort int port;
  private WebTestClient http;

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

  @BeforeEach
  void client() {
    // Generous: the first request prepares its statement, on a machine shared with other builds.
    http =
        WebTestClient.bindToServer()
            .baseUrl("http://localhost:" + port)
            .responseTimeout(Duration.ofSeconds(30))
            .build();
  }

  @Test
  void should_record_readings_and_stream_a_day_of_them() {
    for (int i = 0; i < 3; i++) {
      http.post()
          .uri("/sensors/boiler/readings")
          .contentType(MediaType.APPLICATION_JSON)
          .bodyValue(Map.of("value", 20.5 + i, "at", NOON.plusSeconds(i).toString()))
          .exchange()
          .expectStatus()
          .isCreated()
          .expectBody()
          .jsonPath("$.sensorId")
          .isEqualTo("boiler")
          .jsonPath("$.day")
          .isEqualTo("2026-03-01");
    }
    http.get()
        .uri("/sensors/boiler/readings/count?day=2026-03-01")
        .exchange()
        .expectStatus()
        .isOk()
        .expectBody(Long.class)
        .isEqualTo(3L);
    StepVerifier.create(
            http.get()
                .uri("/sensors/boiler/readings?day=2026-03-01")
                .accept(MediaType.APPLICATION_NDJSON)
                .exchange()
                .expectStatus()
                .isOk()
                .returnResult(Reading.class)
                .getResponseBody()
                .map(Reading::value))
        .expectNext(22.5, 21.5, 20.5) // newest first
        .verifyComplete();
    http.get()
        .uri("/sensors/boiler/readings?day=" + LocalDate.of(2026, 3, 2))
        .accept(MediaType.APPLICATION_NDJSON)
        .exchange()
        .expectStatus()
        .isOk()
        .returnResult(Reading.class)
        .getResponseBody()
        .as(StepVerifier::create)
        .verifyComplete();
  }
}
