package io.scyllaboot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.BatchStatement;
import io.scyllaboot.driver.testing.CassandraNode;
import io.scyllaboot.driver.testing.CassandraNodeExtension;
import io.scyllaboot.spring.cql.AsyncCqlTemplate;
import io.scyllaboot.spring.cql.CqlSyntaxException;
import io.scyllaboot.spring.cql.CqlTemplate;
import io.scyllaboot.spring.cql.ScyllaSchemaElementExistsException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionException;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Configuration;
import org.springframework.dao.IncorrectResultSizeDataAccessException;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** A Spring Boot application on the real node: templates, translation, health and metrics. */
@ExtendWith(CassandraNodeExtension.class)
@SpringBootTest(
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = {
      "management.endpoints.web.exposure.include=health,metrics,prometheus",
      "management.endpoint.health.show-details=always",
      "management.prometheus.metrics.export.enabled=true",
      "scylla.request.timeout=20s"
    })
class ScyllaApplicationIT {
  private static final String KEYSPACE = CassandraNode.uniqueKeyspace("boot");

  @Configuration(proxyBeanMethods = false)
  @EnableAutoConfiguration
  static class Application {}

  @DynamicPropertySource
  static void scylla(DynamicPropertyRegistry registry) {
    registry.add("scylla.contact-points", () -> CassandraNode.HOST + ":" + CassandraNode.PORT);
    registry.add("scylla.keyspace", () -> KEYSPACE);
  }

  @BeforeAll
  static void createKeyspace() {
    CassandraNode.ensureRunning();
    try (CqlSession admin =
        CqlSession.builder()
            .addContactPoint(CassandraNode.address())
            .withRequestTimeout(Duration.ofSeconds(30))
            .build()) {
      admin.execute(
          "CREATE KEYSPACE IF NOT EXISTS "
              + KEYSPACE
              + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
      admin.execute(
          "CREATE TABLE IF NOT EXISTS "
              + KEYSPACE
              + ".readings (sensor text, day int, seq int, value double, PRIMARY KEY ((sensor, day), seq))");
    }
  }

  @AfterAll
  static void dropKeyspace() {
    // DDL on a busy shared node can take longer than the default 2 s, as when creating it.
    try (CqlSession admin =
        CqlSession.builder()
            .addContactPoint(CassandraNode.address())
            .withRequestTimeout(Duration.ofSeconds(30))
            .build()) {
      admin.execute("DROP KEYSPACE IF EXISTS " + KEYSPACE);
    }
  }

  @Autowired CqlTemplate template;
  @Autowired AsyncCqlTemplate asyncTemplate;
  @LocalServerPort int port;

  private static final String INSERT =
      "INSERT INTO readings (sensor, day, seq, value) VALUES (?, ?, ?, ?)";

  @Test
  void should_write_and_read_through_the_template() {
    assertThat(template.update(INSERT, "t1", 1, 1, 20.5)).isTrue();
    template.batchUpdate(
        BatchStatement.BatchType.UNLOGGED,
        INSERT,
        List.of(new Object[] {"t1", 1, 2, 21.0}, new Object[] {"t1", 1, 3, 22.5}));
    assertThat(
            template.queryForObject(
                "SELECT value FROM readings WHERE sensor = ? AND day = ? AND seq = ?",
                Double.class,
                "t1",
                1,
                2))
        .isEqualTo(21.0);
    assertThat(
            template.queryForList(
                "SELECT seq FROM readings WHERE sensor = ? AND day = ?", Integer.class, "t1", 1))
        .containsExactly(1, 2, 3);
    List<String> mapped =
        template.query(
            "SELECT seq, value FROM readings WHERE sensor = ? AND day = ?",
            (row, n) -> n + ":" + row.getInt("seq") + "=" + row.getDouble("value"),
            "t1",
            1);
    assertThat(mapped).containsExactly("0:1=20.5", "1:2=21.0", "2:3=22.5");
    Map<String, Object> one =
        template.queryForMap(
            "SELECT seq, value FROM readings WHERE sensor = ? AND day = ? AND seq = ?", "t1", 1, 3);
    assertThat(one).containsExactly(Map.entry("seq", 3), Map.entry("value", 22.5));
    try (Stream<Integer> seqs =
        template.queryForStream(
            "SELECT seq FROM readings WHERE sensor = ? AND day = ?",
            (row, n) -> row.getInt(0),
            "t1",
            1)) {
      assertThat(seqs.mapToInt(Integer::intValue).sum()).isEqualTo(6);
    }
    assertThatThrownBy(
            () ->
                template.queryForObject(
                    "SELECT seq FROM readings WHERE sensor = ? AND day = ?",
                    Integer.class,
                    "t1",
                    1))
        .isInstanceOf(IncorrectResultSizeDataAccessException.class);
    assertThat(
            asyncTemplate
                .queryForList(
                    "SELECT seq FROM readings WHERE sensor = ? AND day = ?", Integer.class, "t1", 1)
                .join())
        .containsExactly(1, 2, 3);
  }

  @Test
  void should_run_a_session_callback_through_the_template() {
    int written =
        template.executeInSession(
            session -> {
              for (int seq = 0; seq < 5; seq++) {
                session.execute(INSERT, "cb", 7, seq, seq * 1.5).close();
              }
              return 5;
            });
    assertThat(written).isEqualTo(5);
    assertThat(
            template.queryForObject(
                "SELECT COUNT(*) FROM readings WHERE sensor = ? AND day = ?", Long.class, "cb", 7))
        .isEqualTo(5L);
  }

  @Test
  void should_translate_driver_errors_into_data_access_exceptions() {
    assertThatThrownBy(() -> template.execute("SELEC * FROM readings"))
        .isInstanceOf(CqlSyntaxException.class)
        .hasMessageContaining("SELEC * FROM readings");
    assertThatThrownBy(() -> template.queryForList("SELECT * FROM missing_table"))
        .isInstanceOf(InvalidDataAccessApiUsageException.class);
    assertThatThrownBy(() -> template.execute("CREATE TABLE readings (k int PRIMARY KEY)"))
        .isInstanceOf(ScyllaSchemaElementExistsException.class);
    assertThatThrownBy(() -> template.update(INSERT, "t1", "not an int", 1, 1.0))
        .isInstanceOf(InvalidDataAccessApiUsageException.class)
        .hasMessageContaining("bind marker 1 'day' is int");
    assertThatThrownBy(() -> asyncTemplate.execute("SELEC 1").join())
        .isInstanceOf(CompletionException.class)
        .hasCauseInstanceOf(CqlSyntaxException.class);
  }

  private String get(String path) throws Exception {
    HttpResponse<String> response =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(URI.create("http://localhost:" + port + path)).build(),
                HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(path).isEqualTo(200);
    return response.body();
  }

  @Test
  void should_not_expose_the_scylla_endpoint_unless_included() throws Exception {
    HttpResponse<String> response =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/actuator/scylla"))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).isEqualTo(404);
  }

  @Test
  void should_report_health_and_metrics_over_http() throws Exception {
    template.update(INSERT, "m1", 1, 1, 1.0);
    String health = get("/actuator/health");
    assertThat(health)
        .contains("\"scylla\":{")
        .contains("\"status\":\"UP\"")
        .contains("\"nodesUp\":1")
        .contains("\"datacenter\":\"datacenter1\"")
        .contains("\"releaseVersion\":\"5.0");
    assertThat(get("/actuator/metrics/scylla.requests"))
        .contains("\"name\":\"scylla.requests\"")
        .contains("COUNT");
    assertThat(get("/actuator/metrics/scylla.nodes.connections")).contains("\"value\":1.0");
    String prometheus = get("/actuator/prometheus");
    assertThat(prometheus)
        .contains("scylla_requests_seconds_count{")
        .contains("scylla_data_sent_bytes_total{")
        .contains("scylla_nodes_requests_active{")
        .contains("cache_size{cache=\"scylla.prepared.statements\"");
  }
}
