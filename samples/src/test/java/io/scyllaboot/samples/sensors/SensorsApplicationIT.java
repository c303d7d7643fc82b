package io.scyllaboot.samples.sensors;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.autoconfigure.health.ScyllaHealthIndicator;
import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.testing.CassandraNode;
import io.scyllaboot.test.WithLocalScyllaNode;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Boots the sample against the real node and exercises every endpoint over HTTP. {@link
 * WithLocalScyllaNode} (the test-support module users get too) starts the local node if needed and
 * points the starter at it: no contact-point property.
 */
@WithLocalScyllaNode(reuse = true) // the node may be a CI script's
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class SensorsApplicationIT {
  private static final String KEYSPACE = CassandraNode.uniqueKeyspace("sensors");
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  @LocalServerPort int port;
  @Autowired ScyllaHealthIndicator scyllaHealth;

  @DynamicPropertySource
  static void scylla(DynamicPropertyRegistry registry) {
    registry.add("scylla.keyspace", () -> KEYSPACE);
    registry.add("scylla.request.consistency", () -> "LOCAL_ONE");
  }

  @AfterAll
  static void dropKeyspace() {
    // DDL on a loaded machine can take longer than the default 2 s.
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

  @Test
  void should_serve_sensors_readings_reports_and_actuator_endpoints() throws Exception {
    HttpResponse<String> put =
        call(
            "PUT",
            "/sensors/t-101",
            "{\"name\":\"Lab thermometer\",\"location\":{\"site\":\"lab\",\"floor\":2},\"kind\":\"TEMPERATURE\"}");
    assertThat(put.statusCode()).isEqualTo(200);
    assertThat(call("GET", "/sensors/t-101", null).body())
        .contains("\"name\":\"Lab thermometer\"")
        .contains("\"site\":\"lab\"")
        .contains("\"kind\":\"TEMPERATURE\"");
    assertThat(call("GET", "/sensors/nope", null).statusCode()).isEqualTo(404);

    // Every reading at an explicit instant of one fixed day: a run that crosses midnight UTC must
    // not split them over two days.
    LocalDate day = LocalDate.now(ZoneOffset.UTC).minusDays(1);
    Instant base = day.atTime(12, 0).toInstant(ZoneOffset.UTC);
    assertThat(
            call(
                    "POST",
                    "/sensors/t-101/readings",
                    "{\"at\":\"" + base.minusSeconds(1) + "\",\"value\":21.5}")
                .statusCode())
        .isEqualTo(201);
    StringBuilder batch = new StringBuilder("[");
    for (int i = 0; i < 24; i++) {
      batch
          .append(i == 0 ? "" : ",")
          .append("{\"at\":\"")
          .append(base.plusMillis(i))
          .append("\",\"value\":")
          .append(20 + i % 4)
          .append('}');
    }
    HttpResponse<String> ingested =
        call("POST", "/sensors/t-101/readings/batch", batch.append(']').toString());
    assertThat(ingested.statusCode()).isEqualTo(201);
    assertThat(ingested.body()).contains("\"written\":24");

    String report = call("GET", "/sensors/t-101/report?day=" + day, null).body();
    assertThat(report).contains("\"count\":25").contains("\"max\":23.0").contains("\"min\":20.0");

    // Paging: 25 readings in pages of 10, following the 'next' token.
    int seen = 0;
    String page = null;
    int pages = 0;
    do {
      String body =
          call(
                  "GET",
                  "/sensors/t-101/readings?size=10&day="
                      + day
                      + (page == null ? "" : "&page=" + page),
                  null)
              .body();
      seen += count(body, "\"value\":");
      Matcher next = Pattern.compile("\"next\":\"([^\"]+)\"").matcher(body);
      page = next.find() ? next.group(1) : null;
      pages++;
    } while (page != null);
    assertThat(seen).isEqualTo(25);
    assertThat(pages).isEqualTo(3);
    assertThat(count(call("GET", "/sensors/t-101/latest?day=" + day, null).body(), "\"value\":"))
        .isEqualTo(5);

    String calibration = call("POST", "/sensors/t-101/calibrate?offset=0.5", null).body();
    assertThat(calibration).contains("\"sensorId\":\"t-101\"").contains("\"after\":");
    assertThat(call("GET", "/sensors/t-101", null).body()).contains("\"calibratedAt\":\"");

    // Anonymous callers get the status only (show-details: when-authorized); the node's details
    // stay with the indicator.
    HttpResponse<String> health = call("GET", "/actuator/health", null);
    assertThat(health.statusCode()).isEqualTo(200);
    assertThat(health.body())
        .contains("\"status\":\"UP\"")
        .doesNotContain("components")
        .doesNotContain("scylla")
        .doesNotContain("nodesUp");
    Health scylla = scyllaHealth.health(true);
    assertThat(scylla.getStatus()).isEqualTo(Status.UP);
    assertThat(scylla.getDetails()).containsEntry("nodesUp", 1L);
    String prometheus = call("GET", "/actuator/prometheus", null).body();
    assertThat(prometheus)
        .contains("scylla_requests_seconds_count")
        .contains("scylla_nodes_connections")
        .contains("scylla_data_received_bytes_total")
        .contains("cache_gets_total{cache=\"scylla.prepared.statements\"");
  }

  @Test
  void should_stamp_batch_readings_that_carry_no_time_now_each_its_own() throws Exception {
    call(
        "PUT",
        "/sensors/n-1",
        "{\"name\":\"No time\",\"location\":{\"site\":\"lab\",\"floor\":1},\"kind\":\"TEMPERATURE\"}");
    HttpResponse<String> batch =
        call(
            "POST",
            "/sensors/n-1/readings/batch",
            "[{\"value\":20.0},{\"value\":22.0},{\"value\":23.5}]");
    assertThat(batch.statusCode()).isEqualTo(201);
    assertThat(batch.body()).isEqualTo("{\"written\":3}");
    assertThat(call("GET", "/sensors/n-1/report", null).body())
        .contains("\"count\":3")
        .contains("\"min\":20.0")
        .contains("\"max\":23.5");
  }

  @Test
  void should_keep_readings_for_their_time_to_live_only() throws Exception {
    call(
        "PUT",
        "/sensors/ttl-1",
        "{\"name\":\"Expiring\",\"location\":{\"site\":\"lab\",\"floor\":1},\"kind\":\"CO2\"}");
    Instant at = Instant.parse("2026-06-01T12:00:00Z");
    call("POST", "/sensors/ttl-1/readings", "{\"at\":\"" + at + "\",\"value\":400.0}");
    call(
        "POST",
        "/sensors/ttl-1/readings/batch",
        "[{\"at\":\"" + at.plusSeconds(1) + "\",\"value\":410.0}]");
    try (CqlSession admin =
        CqlSession.builder()
            .addContactPoint(CassandraNode.address())
            .withRequestTimeout(java.time.Duration.ofSeconds(30))
            .build()) {
      java.util.List<Integer> ttls =
          admin
              .execute(
                  "SELECT TTL(value) FROM "
                      + KEYSPACE
                      + ".readings WHERE sensor_id = ? AND day = ?",
                  "ttl-1",
                  LocalDate.of(2026, 6, 1))
              .all()
              .stream()
              .map(row -> row.getInt(0))
              .toList();
      // sensors.readings-ttl is 30 days: both the entity insert and the batch carry it.
      assertThat(ttls)
          .hasSize(2)
          .allSatisfy(ttl -> assertThat(ttl).isBetween(29 * 86_400, 30 * 86_400));
    }
  }

  @Test
  void should_answer_409_to_a_write_with_a_stale_version() throws Exception {
    String sensor =
        "{\"name\":\"Versioned\",\"location\":{\"site\":\"lab\",\"floor\":1},\"kind\":\"CO2\"";
    assertThat(call("PUT", "/sensors/v-1", sensor + "}").body()).contains("\"version\":0");
    assertThat(call("PUT", "/sensors/v-1", sensor + ",\"version\":0}").body())
        .contains("\"version\":1");
    HttpResponse<String> stale = call("PUT", "/sensors/v-1", sensor + ",\"version\":0}");
    assertThat(stale.statusCode()).isEqualTo(409);
    assertThat(stale.body()).contains("stored version is not 0 (it is 1)");
    assertThat(call("GET", "/sensors/v-1", null).body()).contains("\"version\":1");
  }

  @Test
  void should_expose_only_health_prometheus_and_what_the_dashboard_reads() throws Exception {
    for (String hidden :
        new String[] {
          "/actuator/env",
          "/actuator/env/scylla.keyspace",
          "/actuator/configprops",
          "/actuator/beans",
          "/actuator/heapdump"
        }) {
      assertThat(call("GET", hidden, null).statusCode()).as(hidden).isEqualTo(404);
    }
    assertThat(call("GET", "/actuator", null).body())
        .contains("/actuator/health")
        .contains("/actuator/prometheus")
        .contains("/actuator/metrics")
        .doesNotContain("/actuator/env")
        .doesNotContain("/actuator/configprops");
  }

  @Test
  void should_refuse_a_batch_or_a_page_past_the_bound_with_a_problem_detail() throws Exception {
    call(
        "PUT",
        "/sensors/b-1",
        "{\"name\":\"Bounds\",\"location\":{\"site\":\"lab\",\"floor\":1},\"kind\":\"TEMPERATURE\"}");
    StringBuilder batch = new StringBuilder("[");
    for (int i = 0; i <= SensorController.MAX_BATCH; i++) {
      batch.append(i == 0 ? "" : ",").append("{\"value\":").append(i).append('}');
    }
    HttpResponse<String> tooBig =
        call("POST", "/sensors/b-1/readings/batch", batch.append(']').toString());
    assertThat(tooBig.statusCode()).isEqualTo(400);
    assertThat(tooBig.headers().firstValue("Content-Type")).hasValue("application/problem+json");
    assertThat(tooBig.body())
        .contains("\"status\":400")
        .contains("\"detail\":\"a batch holds 1 to 1000 readings; this one has 1001\"");
    assertThat(call("POST", "/sensors/b-1/readings/batch", "[]").statusCode()).isEqualTo(400);

    HttpResponse<String> bigPage = call("GET", "/sensors/b-1/readings?size=1001", null);
    assertThat(bigPage.statusCode()).isEqualTo(400);
    assertThat(bigPage.body()).contains("\"detail\":\"size must be from 1 to 1000; got 1001\"");
    assertThat(call("GET", "/sensors/b-1/readings?size=0", null).statusCode()).isEqualTo(400);
    assertThat(call("GET", "/sensors/b-1/readings?size=1000", null).statusCode()).isEqualTo(200);
  }

  @Test
  void should_answer_400_naming_the_parameter_to_a_page_token_it_did_not_hand_out()
      throws Exception {
    HttpResponse<String> garbage = call("GET", "/sensors/t-101/readings?page=garbage!!", null);
    assertThat(garbage.statusCode()).isEqualTo(400);
    assertThat(garbage.headers().firstValue("Content-Type")).hasValue("application/problem+json");
    assertThat(garbage.body())
        .contains("\"status\":400")
        .contains("\"detail\":\"page is not a paging state")
        .contains("garbage!!");
    // Base64 that decodes, but to bytes the node never handed out.
    HttpResponse<String> forged = call("GET", "/sensors/t-101/readings?page=AAAA", null);
    assertThat(forged.statusCode()).isEqualTo(400);
    assertThat(forged.body()).contains("\"detail\":\"page is not a paging state");
    assertThat(call("GET", "/sensors/t-101/readings", null).statusCode()).isEqualTo(200);
  }

  @Test
  void should_answer_404_to_the_report_of_a_sensor_that_does_not_exist() throws Exception {
    HttpResponse<String> report = call("GET", "/sensors/nope/report", null);
    assertThat(report.statusCode()).isEqualTo(404);
    assertThat(report.body()).contains("\"detail\":\"no sensor nope\"");
  }

  @Test
  void should_refuse_a_sensor_without_name_kind_or_location_listing_the_fields() throws Exception {
    HttpResponse<String> empty = call("PUT", "/sensors/t-102", "{}");
    assertThat(empty.statusCode()).isEqualTo(400);
    assertThat(empty.headers().firstValue("Content-Type")).hasValue("application/problem+json");
    assertThat(empty.body())
        .contains(
            "\"detail\":\"invalid sensor: kind must not be null; location must not be null;"
                + " name must not be blank\"")
        .contains("\"name\":\"must not be blank\"");
    HttpResponse<String> noSite =
        call(
            "PUT",
            "/sensors/t-102",
            "{\"name\":\"A\",\"location\":{\"floor\":1},\"kind\":\"CO2\"}");
    assertThat(noSite.statusCode()).isEqualTo(400);
    assertThat(noSite.body()).contains("location.site must not be blank");
    assertThat(call("GET", "/sensors/t-102", null).statusCode()).isEqualTo(404);
  }

  @Test
  void should_refuse_readings_that_are_not_finite_numbers() throws Exception {
    call(
        "PUT",
        "/sensors/f-1",
        "{\"name\":\"Finite\",\"location\":{\"site\":\"lab\",\"floor\":1},\"kind\":\"CO2\"}");
    String at = "\"at\":\"2026-06-02T12:00:00Z\"";
    for (String value : new String[] {"\"NaN\"", "1e400", "-1e400", "\"Infinity\""}) {
      HttpResponse<String> one =
          call("POST", "/sensors/f-1/readings", "{" + at + ",\"value\":" + value + "}");
      assertThat(one.statusCode()).as(value).isEqualTo(400);
      assertThat(one.headers().firstValue("Content-Type")).hasValue("application/problem+json");
      assertThat(one.body()).as(value).contains("\"detail\":\"value must be a finite number; got ");
      HttpResponse<String> batch =
          call(
              "POST",
              "/sensors/f-1/readings/batch",
              "[{" + at + ",\"value\":1.0},{" + at + ",\"value\":" + value + "}]");
      assertThat(batch.statusCode()).as(value).isEqualTo(400);
      assertThat(batch.body()).as(value).contains("readings[1].value must be a finite number");
    }
    assertThat(call("POST", "/sensors/f-1/calibrate?offset=NaN", null).statusCode()).isEqualTo(400);
    // Nothing was written: the day has no readings.
    assertThat(call("GET", "/sensors/f-1/report?day=2026-06-02", null).body())
        .contains("\"count\":0");
  }

  private static int count(String text, String token) {
    int count = 0;
    for (int i = text.indexOf(token); i >= 0; i = text.indexOf(token, i + 1)) {
      count++;
    }
    return count;
  }
}
