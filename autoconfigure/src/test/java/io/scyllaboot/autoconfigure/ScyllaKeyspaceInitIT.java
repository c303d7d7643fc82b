package io.scyllaboot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.CqlSessionBuilder;
import io.scyllaboot.driver.testing.CassandraNode;
import io.scyllaboot.driver.testing.CassandraNodeExtension;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** Keyspace creation at start-up leaves the application's own (singleton) builder alone. */
@ExtendWith(CassandraNodeExtension.class)
class ScyllaKeyspaceInitIT {
  private static final String KEYSPACE = CassandraNode.uniqueKeyspace("ksinit");

  @BeforeAll
  static void node() {
    CassandraNode.ensureRunning();
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

  @Test
  void should_keep_the_keyspace_of_a_singleton_builder_bean() {
    CqlSessionBuilder mine =
        CqlSession.builder()
            .addContactPoint(CassandraNode.address())
            .withKeyspace(KEYSPACE)
            .withRequestTimeout(Duration.ofSeconds(30));
    new ApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(ScyllaAutoConfiguration.class))
        .withBean(CqlSessionBuilder.class, () -> mine)
        .withPropertyValues(
            "scylla.contact-points=" + CassandraNode.HOST + ":" + CassandraNode.PORT,
            "scylla.keyspace=" + KEYSPACE,
            "scylla.request.timeout=30s",
            "scylla.schema-action=create-if-not-exists",
            "scylla.keyspace-replication={'class': 'SimpleStrategy', 'replication_factor': 1}")
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              CqlSession session = context.getBean(CqlSession.class);
              assertThat(session.keyspace()).isEqualTo(KEYSPACE);
              assertThat(mine.toString()).contains("keyspace=" + KEYSPACE);
            });
  }
}
