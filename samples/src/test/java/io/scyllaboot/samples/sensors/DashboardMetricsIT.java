package io.scyllaboot.samples.sensors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.testing.CassandraNode;
import io.scyllaboot.test.WithLocalScyllaNode;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The Grafana dashboard ({@code dashboards/scylla-boot.json}) queries only what the starter really
 * exports: the sample runs under a little load (and one failed query), then every metric name and
 * every grouping label the dashboard's Prometheus queries use must be in {@code
 * /actuator/prometheus}.
 */
@WithLocalScyllaNode(reuse = true) // the node may be a CI script's
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class DashboardMetricsIT {
  private static final String KEYSPACE = CassandraNode.uniqueKeyspace("dashboard");
  private static final HttpClient HTTP = HttpClient.newHttpClient();
  private static final Pattern EXPR = Pattern.compile("\"(?:expr|query)\"\\s*:\\s*\"([^\"]*)\"");
  private static final Pattern METRIC = Pattern.compile("\\b((?:scylla|cache)_[a-z_]+)\\b");
  private static final Pattern GROUPING = Pattern.compile("\\bby \\(([a-z_, ]+)\\)");

  @LocalServerPort int port;
  @Autowired CqlSession session;

  @DynamicPropertySource
  static void scylla(DynamicPropertyRegistry registry) {
    registry.add("scylla.keyspace", () -> KEYSPACE);
    registry.add("scylla.request.consistency", () -> "LOCAL_ONE");
  }

  @AfterAll
  static void dropKeyspace() {
    try (CqlSession admin =
        CqlSession.builder()
            .addContactPoint(CassandraNode.address())
            .withRequestTimeout(Duration.ofSeconds(30))
            .build()) {
      admin.execute("DROP KEYSPACE IF EXISTS " + KEYSPACE);
    }
  }

  private static Path dashboard() {
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      Path file = dir.resolve("dashboards/scylla-boot.json");
      if (Files.isRegularFile(file)) {
        return file;
      }
    }
    throw new IllegalStateException("no dashboards/scylla-boot.json above " + Path.of(""));
  }

  private HttpResponse<String> call(String method, String path, String json) throws Exception {
    return HTTP.send(
        HttpRequest.newBuilder(URI.create("http://localhost:" + port + path))
            .header("Content-Type", "application/json")
            .method(
                method,
                json == null
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofString(json))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void should_export_every_metric_the_dashboard_queries() throws Exception {
    String dashboard = Files.readString(dashboard(), StandardCharsets.UTF_8);
    Set<String> metrics = new TreeSet<>();
    Set<String> labels = new TreeSet<>();
    Matcher expr = EXPR.matcher(dashboard);
    while (expr.find()) {
      String query = expr.group(1);
      Matcher metric = METRIC.matcher(query);
      while (metric.find()) {
        metrics.add(metric.group(1));
      }
      Matcher grouping = GROUPING.matcher(query);
      while (grouping.find()) {
        for (String label : grouping.group(1).split(",")) {
          labels.add(label.strip());
        }
      }
    }
    assertThat(metrics).as("metrics the dashboard queries").hasSizeGreaterThanOrEqualTo(10);

    // A little load through the sample, and one failed query for the errors panel.
    assertThat(
            call(
                    "PUT",
                    "/sensors/d-1",
                    "{\"name\":\"Dash\",\"location\":{\"site\":\"lab\",\"floor\":1},"
                        + "\"kind\":\"TEMPERATURE\"}")
                .statusCode())
        .isEqualTo(200);
    for (int i = 0; i < 20; i++) {
      assertThat(call("POST", "/sensors/d-1/readings", "{\"value\":" + i + "}").statusCode())
          .isEqualTo(201);
      assertThat(call("GET", "/sensors/d-1/readings?size=5", null).statusCode()).isEqualTo(200);
    }
    assertThatThrownBy(() -> session.execute("SELECT nope FROM sensors")).isNotNull();

    String prometheus = call("GET", "/actuator/prometheus", null).body();
    Set<String> exported = new TreeSet<>();
    for (String line : prometheus.split("\n")) {
      if (!line.startsWith("#") && !line.isBlank()) {
        exported.add(line.split("[{ ]", 2)[0]);
      }
    }
    assertThat(exported).as("exported by /actuator/prometheus").containsAll(metrics);
    for (String label : labels) {
      if (!label.equals("le")) {
        assertThat(prometheus).as("label " + label).contains(label + "=\"");
      }
    }
    assertThat(prometheus).contains("scylla_requests_seconds_bucket{").contains("error_type=\"");
  }
}
