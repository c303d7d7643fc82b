package io.scyllaboot.autoconfigure.endpoint;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.testing.CassandraNode;
import io.scyllaboot.driver.testing.CassandraNodeExtension;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Configuration;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** {@code /actuator/scylla} over HTTP, against the real node, once the application exposes it. */
@ExtendWith(CassandraNodeExtension.class)
@SpringBootTest(
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = {
      "management.endpoints.web.exposure.include=health,scylla",
      "scylla.request.timeout=20s",
      "scylla.session-name=orders",
      "scylla.request.throttler.enabled=true",
      "scylla.request.throttler.max-concurrent-requests=64",
      "scylla.request.throttler.max-queue-size=1000"
    })
class ScyllaEndpointIT {
  private static final String KEYSPACE = CassandraNode.uniqueKeyspace("endpoint");

  @Configuration(proxyBeanMethods = false)
  @EnableAutoConfiguration
  static class Application {}

  @DynamicPropertySource
  static void scylla(DynamicPropertyRegistry registry) {
    registry.add("scylla.contact-points", () -> CassandraNode.HOST + ":" + CassandraNode.PORT);
    registry.add("scylla.keyspace", () -> KEYSPACE);
  }

  @LocalServerPort int port;

  @Autowired CqlSession session;

  private static CqlSession admin() {
    return CqlSession.builder()
        .addContactPoint(CassandraNode.address())
        .withRequestTimeout(Duration.ofSeconds(30))
        .build();
  }

  @BeforeAll
  static void createKeyspace() {
    try (CqlSession admin = admin()) {
      admin.execute(
          "CREATE KEYSPACE IF NOT EXISTS "
              + KEYSPACE
              + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
      admin.execute("CREATE TABLE IF NOT EXISTS " + KEYSPACE + ".kv (k int PRIMARY KEY, v text)");
    }
  }

  @AfterAll
  static void dropKeyspace() {
    try (CqlSession admin = admin()) {
      admin.execute("DROP KEYSPACE IF EXISTS " + KEYSPACE);
    }
  }

  private HttpResponse<String> get(String path) throws Exception {
    return HttpClient.newHttpClient()
        .send(
            HttpRequest.newBuilder(URI.create("http://localhost:" + port + path)).build(),
            HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void should_show_nodes_pools_cache_protocol_and_throttler() throws Exception {
    // One miss, then three hits of the prepared-statement cache.
    for (int k = 0; k < 4; k++) {
      session.execute("SELECT v FROM kv WHERE k = ?", k).close();
    }
    HttpResponse<String> response = get("/actuator/scylla");
    assertThat(response.statusCode()).isEqualTo(200);
    String json = response.body();
    System.out.println("/actuator/scylla: " + json); // docs/spring.md's example comes from here
    assertThat(json)
        .contains("\"session\":\"orders\"")
        .contains("\"protocolVersion\":5")
        .contains("\"compression\":\"NONE\"")
        .contains(
            "\"nodes\":[{\"address\":\"127.0.0.1:9042\",\"datacenter\":\"datacenter1\","
                + "\"rack\":\"rack1\",\"state\":\"UP\",\"shardCount\":null,"
                + "\"pool\":{\"openConnections\":1,\"inFlightPerConnection\":[0]}}]")
        .contains("\"statementCache\":{\"size\":1,\"hits\":3,\"misses\":1,\"hitRatio\":0.75,")
        .contains("\"evictions\":0}")
        .contains(
            "\"throttler\":{\"enabled\":true,\"maxConcurrentRequests\":64,\"active\":0,"
                + "\"queued\":0,\"maxQueueSize\":1000}");
  }

  @Test
  void should_answer_404_for_an_endpoint_not_exposed() throws Exception {
    // The same application does not expose 'env': scylla is exposed only because it is listed.
    assertThat(get("/actuator/env").statusCode()).isEqualTo(404);
  }
}
