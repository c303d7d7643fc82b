package io.scyllaboot.spring.core.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.testing.CassandraNode;
import io.scyllaboot.driver.testing.CassandraNodeExtension;
import io.scyllaboot.spring.config.EnableScyllaAuditing;
import io.scyllaboot.spring.core.InsertOptions;
import io.scyllaboot.spring.core.ScyllaTemplate;
import io.scyllaboot.spring.core.mapping.event.AfterConvertCallback;
import io.scyllaboot.spring.core.mapping.event.AfterLoadEvent;
import io.scyllaboot.spring.core.mapping.event.AfterSaveEvent;
import io.scyllaboot.spring.core.mapping.event.BeforeConvertCallback;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Bean;
import org.springframework.context.event.EventListener;
import org.springframework.dao.OptimisticLockingFailureException;
import org.springframework.data.domain.AuditorAware;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The auto-configured {@code scyllaTemplate} against the real node: repositories write through it,
 * so {@code @Version}, auditing, callbacks and events apply to both.
 */
@ExtendWith(CassandraNodeExtension.class)
@SpringBootTest(
    classes = TemplateApplicationIT.Application.class,
    properties = {
      "scylla.schema-action=create-if-not-exists",
      "scylla.keyspace-replication={'class': 'SimpleStrategy', 'replication_factor': 1}",
      "scylla.request.timeout=20s"
    })
class TemplateApplicationIT {
  private static final String KEYSPACE = CassandraNode.uniqueKeyspace("tmplapp");

  @SpringBootApplication
  @EnableScyllaAuditing(auditorAwareRef = "auditor")
  static class Application {
    final List<Object> saved = new CopyOnWriteArrayList<>();
    final List<String> converted = new CopyOnWriteArrayList<>();
    final List<Object> loaded = new CopyOnWriteArrayList<>();

    @Bean
    AfterConvertCallback<Sensor> recordConverted() {
      return (sensor, table) -> {
        converted.add(sensor.id);
        return sensor;
      };
    }

    @EventListener
    void on(AfterLoadEvent<?> event) {
      loaded.add(event.getType());
    }

    @Bean
    AuditorAware<String> auditor() {
      return () -> Optional.of("tester");
    }

    @Bean
    BeforeConvertCallback<Sensor> trimNames() {
      return (sensor, table) -> {
        sensor.name = sensor.name.trim();
        return sensor;
      };
    }

    @EventListener
    void on(AfterSaveEvent<?> event) {
      saved.add(event.getSource());
    }
  }

  @DynamicPropertySource
  static void scylla(DynamicPropertyRegistry registry) {
    registry.add("scylla.contact-points", () -> CassandraNode.HOST + ":" + CassandraNode.PORT);
    registry.add("scylla.keyspace", () -> KEYSPACE);
  }

  @BeforeAll
  static void createKeyspace() {
    CassandraNode.ensureRunning();
    try (CqlSession admin = CassandraNode.openSession()) {
      admin.execute(
          "CREATE KEYSPACE IF NOT EXISTS "
              + KEYSPACE
              + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
    }
  }

  @AfterAll
  static void dropKeyspace() {
    try (CqlSession admin = CassandraNode.openSession()) {
      admin.execute("DROP KEYSPACE IF EXISTS " + KEYSPACE);
    }
  }

  @Autowired ScyllaTemplate scyllaTemplate;
  @Autowired SensorRepository sensors;
  @Autowired Application application;

  @BeforeEach
  void empty() {
    sensors.deleteAll();
    application.saved.clear();
  }

  @Test
  void should_audit_version_and_call_back_through_the_repository() {
    Instant before = Instant.now().minusSeconds(1);
    Sensor saved = sensors.save(new Sensor("t-101", "  boiler  "));

    assertThat(saved.version).isZero();
    assertThat(saved.name).isEqualTo("boiler");
    assertThat(saved.createdAt).isAfter(before);
    assertThat(saved.createdBy).isEqualTo("tester");
    assertThat(application.saved).containsExactly(saved);

    Sensor stored = sensors.findById("t-101").orElseThrow();
    assertThat(stored.createdAt)
        .isEqualTo(saved.createdAt.truncatedTo(java.time.temporal.ChronoUnit.MILLIS));
    Sensor stale = sensors.findById("t-101").orElseThrow();

    stored.name = "kettle";
    Sensor updated = sensors.save(stored);
    assertThat(updated.version).isEqualTo(1L);
    assertThat(updated.createdAt).isEqualTo(stored.createdAt);
    assertThat(updated.modifiedAt).isAfterOrEqualTo(saved.modifiedAt);

    stale.name = "lost update";
    assertThatThrownBy(() -> sensors.save(stale))
        .isInstanceOf(OptimisticLockingFailureException.class)
        .hasMessageContaining("Sensor with key [id=t-101]");
    assertThat(sensors.findById("t-101").orElseThrow().name).isEqualTo("kettle");
  }

  @Test
  void should_call_back_and_publish_for_rows_of_query_methods_too() {
    sensors.save(new Sensor("t-201", "fridge"));
    sensors.save(new Sensor("t-202", "oven"));
    application.converted.clear();
    application.loaded.clear();

    assertThat(sensors.findByIdIn(List.of("t-201", "t-202"))).hasSize(2);
    assertThat(sensors.byId("t-201").name).isEqualTo("fridge");

    assertThat(application.converted).containsExactlyInAnyOrder("t-201", "t-202", "t-201");
    assertThat(application.loaded).hasSize(3).containsOnly(Sensor.class);
  }

  @Test
  void should_write_through_the_same_template_with_options() {
    scyllaTemplate.insert(
        new Sensor("t-102", "fridge"), InsertOptions.builder().ttl(Duration.ofHours(1)).build());
    int ttl =
        scyllaTemplate
            .getCqlOperations()
            .queryForObject(
                "SELECT TTL(name) FROM audited_sensor WHERE id = ?", Integer.class, "t-102");
    assertThat(ttl).isBetween(3000, 3600);
    assertThat(application.saved).hasSize(1);
    assertThat(sensors.findById("t-102").orElseThrow().createdBy).isEqualTo("tester");
  }
}
