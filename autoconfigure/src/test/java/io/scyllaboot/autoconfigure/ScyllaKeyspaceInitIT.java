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
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * Keyspace creation at start-up: it leaves the application's own (singleton) builder alone, and
 * needs a replication only when the keyspace does not exist on the server.
 */
@ExtendWith(CassandraNodeExtension.class)
class ScyllaKeyspaceInitIT {
  private static final String KEYSPACE = CassandraNode.uniqueKeyspace("ksinit");
  private static final String EXISTING = CassandraNode.uniqueKeyspace("ksexists");
  private static final String MISSING = CassandraNode.uniqueKeyspace("ksmissing");

  @BeforeAll
  static void node() {
    CassandraNode.ensureRunning();
    try (CqlSession admin = CassandraNode.openSession()) {
      CassandraNode.createKeyspace(admin, EXISTING);
    }
  }

  private static ApplicationContextRunner onTheNode(String keyspace) {
    return new ApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(ScyllaAutoConfiguration.class))
        .withPropertyValues(
            "scylla.contact-points=" + CassandraNode.HOST + ":" + CassandraNode.PORT,
            "scylla.keyspace=" + keyspace,
            "scylla.request.timeout=30s");
  }

  @Test
  void should_not_ask_for_a_replication_when_the_keyspace_exists() {
    for (String action : new String[] {"create-if-not-exists", "recreate"}) {
      onTheNode(EXISTING)
          .withPropertyValues("scylla.schema-action=" + action)
          .run(
              context -> {
                assertThat(context).as(action).hasNotFailed();
                assertThat(context.getBean(CqlSession.class).keyspace()).isEqualTo(EXISTING);
              });
    }
  }

  @Test
  void should_refuse_to_create_a_missing_keyspace_without_an_explicit_replication() {
    onTheNode(MISSING)
        .withPropertyValues("scylla.schema-action=create-if-not-exists")
        .run(
            context -> {
              assertThat(context).hasFailed();
              FailureAnalysis analysis =
                  new ScyllaKeyspaceReplicationFailureAnalyzer()
                      .analyze(context.getStartupFailure());
              assertThat(analysis).isNotNull();
              assertThat(analysis.getDescription())
                  .contains("scylla.schema-action=create-if-not-exists")
                  .contains("'" + MISSING + "'")
                  .contains("does not exist")
                  .contains("scylla.keyspace-replication");
              assertThat(analysis.getAction())
                  .contains("Set 'scylla.keyspace-replication'")
                  .contains("NetworkTopologyStrategy");
            });
    onTheNode(MISSING)
        .withPropertyValues("scylla.schema-action=RECREATE_DROP_UNUSED")
        .run(
            context ->
                assertThat(
                        new ScyllaKeyspaceReplicationFailureAnalyzer()
                            .analyze(context.getStartupFailure())
                            .getDescription())
                    .contains("scylla.schema-action=recreate-drop-unused' would create keyspace"));
    try (CqlSession admin = CassandraNode.openSession()) {
      assertThat(
              admin
                  .execute(
                      "SELECT keyspace_name FROM system_schema.keyspaces WHERE keyspace_name = ?",
                      MISSING)
                  .one())
          .as("no keyspace created")
          .isNull();
    }
  }

  @AfterAll
  static void dropKeyspace() {
    try (CqlSession admin =
        CqlSession.builder()
            .addContactPoint(CassandraNode.address())
            .withRequestTimeout(Duration.ofSeconds(30))
            .build()) {
      admin.execute("DROP KEYSPACE IF EXISTS " + KEYSPACE);
      admin.execute("DROP KEYSPACE IF EXISTS " + EXISTING);
      admin.execute("DROP KEYSPACE IF EXISTS " + MISSING);
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
