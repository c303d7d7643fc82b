package io.scyllaboot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.scyllaboot.autoconfigure.SpringCassandraKeys.Counterpart;
import io.scyllaboot.driver.api.CqlSession;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.mockito.Mockito;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.MutablePropertySources;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;

/**
 * Every key a Spring Boot Cassandra application sets has a documented scylla.* counterpart, and
 * keys Scylla Boot would not read fail start-up naming the key to set.
 */
class ScyllaPropertyKeysTest {
  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withBean("testSession", CqlSession.class, () -> Mockito.mock(CqlSession.class))
          .withConfiguration(AutoConfigurations.of(ScyllaAutoConfiguration.class));

  /** Spring Boot 4.0's {@code CassandraProperties} and Spring Data's repositories key. */
  private static final List<String> SPRING_BOOT_KEYS =
      List.of(
          "spring.cassandra.config",
          "spring.cassandra.keyspace-name",
          "spring.cassandra.session-name",
          "spring.cassandra.contact-points",
          "spring.cassandra.port",
          "spring.cassandra.local-datacenter",
          "spring.cassandra.username",
          "spring.cassandra.password",
          "spring.cassandra.compression",
          "spring.cassandra.schema-action",
          "spring.cassandra.ssl.enabled",
          "spring.cassandra.ssl.bundle",
          "spring.cassandra.connection.connect-timeout",
          "spring.cassandra.connection.init-query-timeout",
          "spring.cassandra.request.timeout",
          "spring.cassandra.request.consistency",
          "spring.cassandra.request.serial-consistency",
          "spring.cassandra.request.page-size",
          "spring.cassandra.request.throttler.type",
          "spring.cassandra.request.throttler.max-queue-size",
          "spring.cassandra.request.throttler.max-concurrent-requests",
          "spring.cassandra.request.throttler.max-requests-per-second",
          "spring.cassandra.request.throttler.drain-interval",
          "spring.cassandra.pool.idle-timeout",
          "spring.cassandra.pool.heartbeat-interval",
          "spring.cassandra.controlconnection.timeout",
          "spring.data.cassandra.repositories.type");

  @Test
  void should_give_every_spring_boot_cassandra_key_a_counterpart_that_is_a_real_property()
      throws Exception {
    assertThat(SpringCassandraKeys.all().keySet())
        .containsExactlyInAnyOrderElementsOf(SPRING_BOOT_KEYS);
    String metadata;
    try (InputStream in =
        getClass()
            .getClassLoader()
            .getResourceAsStream("META-INF/spring-configuration-metadata.json")) {
      metadata = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    for (Map.Entry<String, Counterpart> entry : SpringCassandraKeys.all().entrySet()) {
      Counterpart counterpart = entry.getValue();
      if (counterpart.key() == null) {
        assertThat(counterpart.note()).as(entry.getKey()).isNotBlank();
      } else {
        assertThat(metadata)
            .as(entry.getKey() + " -> " + counterpart.key())
            .contains("\"name\": \"" + counterpart.key() + "\"");
      }
    }
  }

  @Test
  void should_document_every_spring_boot_cassandra_key_in_one_table_row_with_its_counterpart()
      throws Exception {
    List<String> lines = documentation();
    for (Map.Entry<String, Counterpart> entry : SpringCassandraKeys.all().entrySet()) {
      String row =
          lines.stream()
              .filter(line -> line.startsWith("| `" + entry.getKey() + "`"))
              .findFirst()
              .orElse(null);
      assertThat(row).as("a row for " + entry.getKey()).isNotNull();
      String counterpart = entry.getValue().key();
      assertThat(row).contains(counterpart == null ? "none" : "`" + counterpart + "`");
    }
  }

  /** The README and the manual's pages, wherever the properties section lives. */
  private static List<String> documentation() throws Exception {
    Path dir = Path.of("").toAbsolutePath();
    while (dir != null && !Files.isRegularFile(dir.resolve("README.md"))) {
      dir = dir.getParent();
    }
    assertThat(dir).as("README.md above the module").isNotNull();
    List<String> lines = new ArrayList<>(Files.readAllLines(dir.resolve("README.md")));
    if (Files.isDirectory(dir.resolve("docs"))) {
      try (Stream<Path> pages = Files.walk(dir.resolve("docs"))) {
        for (Path page : pages.filter(p -> p.toString().endsWith(".md")).toList()) {
          lines.addAll(Files.readAllLines(page));
        }
      }
    }
    return lines;
  }

  @Test
  void should_fail_start_up_on_a_spring_cassandra_key_without_its_counterpart() {
    runner
        .withPropertyValues(
            "spring.cassandra.keyspace-name=shop",
            "spring.cassandra.request.timeout=5s",
            "spring.cassandra.config=classpath:application.conf")
        .run(
            context -> {
              assertThat(context).hasFailed();
              FailureAnalysis analysis =
                  new PropertyKeysFailureAnalyzer().analyze(context.getStartupFailure());
              assertThat(analysis).isNotNull();
              assertThat(analysis.getDescription())
                  .contains("'spring.cassandra.keyspace-name'")
                  .contains("set 'scylla.keyspace'")
                  .contains("'spring.cassandra.request.timeout'")
                  .contains("set 'scylla.request.timeout'")
                  .contains("'spring.cassandra.config'")
                  .contains("no counterpart");
              assertThat(analysis.getAction()).contains("scylla.spring-cassandra-keys=warn");
            });
  }

  @Test
  void should_start_when_the_counterpart_is_set_or_the_check_is_turned_off() {
    runner
        .withPropertyValues("spring.cassandra.keyspace-name=shop", "scylla.keyspace=shop")
        .run(context -> assertThat(context).hasNotFailed());
    runner
        .withPropertyValues(
            "spring.cassandra.contact-points[0]=10.0.0.1:9042",
            "scylla.contact-points[0]=10.0.0.1:9042")
        .run(context -> assertThat(context).hasNotFailed());
    for (String mode : new String[] {"warn", "ignore", "IGNORE"}) {
      runner
          .withPropertyValues(
              "spring.cassandra.keyspace-name=shop", "scylla.spring-cassandra-keys=" + mode)
          .run(context -> assertThat(context).as(mode).hasNotFailed());
    }
  }

  /**
   * An environment whose sources are in Spring's order, highest precedence first: command line,
   * system environment, then the application's file.
   */
  private static StandardEnvironment environment(
      Map<String, Object> commandLine, Map<String, Object> variables, Map<String, Object> file) {
    StandardEnvironment environment = new StandardEnvironment();
    MutablePropertySources sources = environment.getPropertySources();
    sources.remove(StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME);
    sources.remove(StandardEnvironment.SYSTEM_PROPERTIES_PROPERTY_SOURCE_NAME);
    sources.addLast(new MapPropertySource("commandLineArgs", commandLine));
    sources.addLast(
        new SystemEnvironmentPropertySource(
            StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME, variables));
    sources.addLast(new MapPropertySource("application.properties", file));
    return environment;
  }

  @Test
  void should_fail_start_up_when_a_spring_cassandra_key_overrides_its_counterpart_set_lower() {
    // The file sets scylla.keyspace; a test or a deployment overrides the old key above it.
    Map<String, Object> file = Map.of("scylla.keyspace", "shop");
    for (StandardEnvironment environment :
        List.of(
            environment(Map.of(), Map.of("SPRING_CASSANDRA_KEYSPACENAME", "shop_test"), file),
            environment(Map.of("spring.cassandra.keyspace-name", "shop_test"), Map.of(), file))) {
      assertThatThrownBy(() -> PropertyKeysCheck.check(environment))
          .isInstanceOf(PropertyKeysException.class)
          .hasMessageContaining("'spring.cassandra.keyspace-name'")
          .hasMessageContaining("overrides 'scylla.keyspace'")
          .hasMessageContaining("application.properties")
          .hasMessageContaining("set 'scylla.keyspace'");
    }
    // Through @DynamicPropertySource (a source above the application's files) too.
    runner
        .withPropertyValues("scylla.keyspace=shop")
        .withInitializer(
            context ->
                context
                    .getEnvironment()
                    .getPropertySources()
                    .addFirst(
                        new MapPropertySource(
                            "Dynamic Test Properties",
                            Map.of("spring.cassandra.keyspace-name", "shop_test"))))
        .run(
            context -> {
              assertThat(context).hasFailed();
              assertThat(
                      new PropertyKeysFailureAnalyzer()
                          .analyze(context.getStartupFailure())
                          .getDescription())
                  .contains("'spring.cassandra.keyspace-name'")
                  .contains("overrides 'scylla.keyspace'");
            });
  }

  @Test
  void should_accept_a_spring_cassandra_key_its_counterpart_overrides_or_shares_a_source_with() {
    PropertyKeysCheck.check(
        environment(
            Map.of("scylla.keyspace", "shop_test"),
            Map.of(),
            Map.of("spring.cassandra.keyspace-name", "shop")));
    PropertyKeysCheck.check(
        environment(
            Map.of(),
            Map.of(),
            Map.of("spring.cassandra.keyspace-name", "shop", "scylla.keyspace", "shop")));
    PropertyKeysCheck.check(
        environment(
            Map.of(),
            Map.of("SCYLLA_KEYSPACE", "shop_test", "SPRING_CASSANDRA_KEYSPACENAME", "shop_test"),
            Map.of()));
    // With the check turned off, an override is only the application's business.
    PropertyKeysCheck.check(
        environment(
            Map.of("spring.cassandra.keyspace-name", "shop_test"),
            Map.of(),
            Map.of("scylla.keyspace", "shop", "scylla.spring-cassandra-keys", "ignore")));
  }

  @Test
  void should_fail_start_up_on_a_scylla_key_spelled_as_spring_boots_naming_the_right_one() {
    runner
        .withPropertyValues(
            "scylla.keyspace-name=shop",
            "scylla.controlconnection.timeout=3s",
            "scylla.spring-cassandra-keys=ignore")
        .run(
            context -> {
              assertThat(context).hasFailed();
              FailureAnalysis analysis =
                  new PropertyKeysFailureAnalyzer().analyze(context.getStartupFailure());
              assertThat(analysis.getDescription())
                  .contains("'scylla.keyspace-name'")
                  .contains("is Spring Boot's name")
                  .contains("set 'scylla.keyspace'")
                  .contains("'scylla.controlconnection.timeout'")
                  .contains("set 'scylla.connection.connect-timeout'");
            });
    // Keys Spring Boot and Scylla Boot share are not misspellings.
    runner
        .withPropertyValues("scylla.port=9043", "scylla.request.timeout=3s")
        .run(context -> assertThat(context).hasNotFailed());
  }

  @Test
  void should_register_the_property_keys_failure_analyzer() throws Exception {
    StringBuilder factories = new StringBuilder();
    for (java.net.URL url :
        java.util.Collections.list(
            getClass().getClassLoader().getResources("META-INF/spring.factories"))) {
      try (InputStream in = url.openStream()) {
        factories.append(new String(in.readAllBytes(), StandardCharsets.UTF_8));
      }
    }
    assertThat(factories.toString()).contains(PropertyKeysFailureAnalyzer.class.getName());
  }
}
