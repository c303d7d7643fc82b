package io.scyllaboot.samples.sensors;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.testing.CassandraNode;
import io.scyllaboot.test.WithLocalScyllaNode;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntToDoubleFunction;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/** The "similar days" endpoints over HTTP against the real node: vector search in the sample. */
@WithLocalScyllaNode(reuse = true) // the node may be a CI script's
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class SimilarDaysIT {
  private static final String KEYSPACE = CassandraNode.uniqueKeyspace("similar");
  private static final HttpClient HTTP = HttpClient.newHttpClient();
  private static final ObjectMapper JSON = new ObjectMapper();

  @LocalServerPort int port;

  @DynamicPropertySource
  static void scylla(DynamicPropertyRegistry registry) {
    registry.add("scylla.keyspace", () -> KEYSPACE);
    registry.add("scylla.request.consistency", () -> "LOCAL_ONE");
    registry.add("scylla.request.timeout", () -> "30s"); // DDL and index writes on a loaded node
  }

  @AfterAll
  static void dropKeyspace() {
    try (CqlSession admin =
        CqlSession.builder()
            .addContactPoint(CassandraNode.address())
            .withRequestTimeout(java.time.Duration.ofSeconds(30))
            .build()) {
      admin.execute("DROP KEYSPACE IF EXISTS " + KEYSPACE);
    }
  }

  private HttpResponse<String> call(String method, String path, String json) throws Exception {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create("http://localhost:" + port + path))
            .header("Content-Type", "application/json");
    request.method(
        method,
        json == null
            ? HttpRequest.BodyPublishers.noBody()
            : HttpRequest.BodyPublishers.ofString(json));
    return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  private static String hourly(IntToDoubleFunction shape) throws Exception {
    List<Double> values = new ArrayList<>();
    for (int hour = 0; hour < DailyProfile.HOURS; hour++) {
      values.add(shape.applyAsDouble(hour));
    }
    return JSON.writeValueAsString(java.util.Map.of("hourly", values));
  }

  @Test
  void should_find_the_days_of_most_similar_shape_with_their_scores() throws Exception {
    // A warm afternoon, the same shape twice as warm (cosine: identical), a flatter day, a cold
    // afternoon (the opposite shape).
    IntToDoubleFunction afternoon = hour -> 20 + 5 * Math.sin(Math.PI * hour / 24);
    assertThat(call("PUT", "/sensors/t-1/profiles/2026-06-01", hourly(afternoon)).statusCode())
        .isEqualTo(200);
    assertThat(
            call(
                    "PUT",
                    "/sensors/t-2/profiles/2026-06-03",
                    hourly(hour -> 2 * afternoon.applyAsDouble(hour)))
                .statusCode())
        .isEqualTo(200);
    assertThat(
            call("PUT", "/sensors/t-3/profiles/2026-06-02", hourly(hour -> 20 + (hour % 2)))
                .statusCode())
        .isEqualTo(200);
    assertThat(
            call(
                    "PUT",
                    "/sensors/t-4/profiles/2026-06-02",
                    hourly(hour -> -20 - 5 * Math.sin(Math.PI * hour / 24)))
                .statusCode())
        .isEqualTo(200);

    HttpResponse<String> response =
        call("GET", "/sensors/t-1/profiles/2026-06-01/similar?limit=3", null);

    assertThat(response.statusCode()).isEqualTo(200);
    JsonNode similar = JSON.readTree(response.body()).get("similar");
    assertThat(similar).hasSize(3); // t-1's own day left out
    assertThat(similar.get(0).get("sensorId").asString()).isEqualTo("t-2");
    assertThat(similar.get(0).get("day").asString()).isEqualTo("2026-06-03");
    assertThat(similar.get(0).get("score").asDouble()).isCloseTo(1.0, within());
    assertThat(similar.get(1).get("sensorId").asString()).isEqualTo("t-3");
    assertThat(similar.get(2).get("sensorId").asString()).isEqualTo("t-4");
    // The opposite shape: cosine -1, the server's similarity (1 + cos) / 2 = 0.
    assertThat(similar.get(2).get("score").asDouble()).isCloseTo(0.0, within());
  }

  private static org.assertj.core.data.Offset<Double> within() {
    return org.assertj.core.data.Offset.offset(1e-5);
  }

  @Test
  void should_refuse_a_profile_of_the_wrong_length_and_answer_404_for_a_missing_day()
      throws Exception {
    HttpResponse<String> shortDay =
        call("PUT", "/sensors/t-9/profiles/2026-06-01", "{\"hourly\":[1.0, 2.0]}");
    assertThat(shortDay.statusCode()).isEqualTo(400);
    assertThat(shortDay.body()).contains("24 hourly values; this one has 2");

    assertThat(call("GET", "/sensors/t-9/profiles/2026-01-01/similar", null).statusCode())
        .isEqualTo(404);
    assertThat(call("GET", "/sensors/t-9/profiles/2026-01-01/similar?limit=0", null).statusCode())
        .isEqualTo(400);
  }
}
