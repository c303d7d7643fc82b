package io.scyllaboot.autoconfigure.scan;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.autoconfigure.ScyllaAutoConfiguration;
import io.scyllaboot.autoconfigure.data.ScyllaDataAutoConfiguration;
import io.scyllaboot.autoconfigure.scanned.Invoice;
import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.testing.CassandraNode;
import io.scyllaboot.driver.testing.CassandraNodeExtension;
import io.scyllaboot.spring.mapping.ScyllaManagedTypes;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.autoconfigure.AutoConfigurationPackage;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.persistence.autoconfigure.EntityScan;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Configuration;

/**
 * Schema creation covers entities that no repository names: those of {@code @EntityScan}'s
 * packages, else of the auto-configuration packages, as Spring Boot finds JPA or Cassandra
 * entities.
 */
@ExtendWith(CassandraNodeExtension.class)
class EntityScanSchemaIT {
  private static final String KEYSPACE = CassandraNode.uniqueKeyspace("scan");

  @Configuration
  @AutoConfigurationPackage
  static class ApplicationPackage {}

  @Configuration
  @EntityScan(basePackageClasses = Invoice.class)
  static class ScannedEntities {}

  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(
              AutoConfigurations.of(
                  ScyllaAutoConfiguration.class, ScyllaDataAutoConfiguration.class))
          .withPropertyValues(
              "scylla.contact-points=" + CassandraNode.HOST + ":" + CassandraNode.PORT,
              "scylla.keyspace=" + KEYSPACE,
              "scylla.schema-action=create-if-not-exists",
              "scylla.keyspace-replication={'class': 'SimpleStrategy', 'replication_factor': 1}",
              "scylla.request.timeout=20s");

  @BeforeAll
  static void node() {
    CassandraNode.ensureRunning();
  }

  @AfterAll
  static void dropKeyspace() {
    try (CqlSession admin = admin()) {
      admin.execute("DROP KEYSPACE IF EXISTS " + KEYSPACE);
    }
  }

  private static CqlSession admin() {
    return CqlSession.builder()
        .addContactPoint(CassandraNode.address())
        .withRequestTimeout(Duration.ofSeconds(30))
        .build();
  }

  private static List<String> tables() {
    try (CqlSession admin = admin()) {
      return admin
          .execute("SELECT table_name FROM system_schema.tables WHERE keyspace_name = ?", KEYSPACE)
          .all()
          .stream()
          .map(row -> row.getString(0))
          .toList();
    }
  }

  @Test
  void should_create_tables_of_entities_in_the_application_package_and_the_scanned_ones() {
    runner
        .withUserConfiguration(ApplicationPackage.class)
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              assertThat(tables()).contains("memo").doesNotContain("invoice");
              assertThat(context.getBean(ScyllaManagedTypes.class).toList())
                  .containsExactly(Memo.class);
            });
    runner
        .withUserConfiguration(ApplicationPackage.class, ScannedEntities.class)
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              assertThat(tables()).contains("invoice");
              try (CqlSession session = admin()) {
                session.execute(
                    "INSERT INTO "
                        + KEYSPACE
                        + ".invoice (id, customer, cents) VALUES (uuid(), ?, ?)",
                    "acme",
                    1200L);
              }
            });
  }
}
