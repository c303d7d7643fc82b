package io.scyllaboot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.Row;
import io.scyllaboot.driver.testing.CassandraNode;
import io.scyllaboot.driver.testing.CassandraNodeExtension;
import io.scyllaboot.spring.cql.CqlTemplate;
import io.scyllaboot.spring.cql.init.KeyspacePopulator;
import io.scyllaboot.spring.cql.init.ResourceKeyspacePopulator;
import io.scyllaboot.spring.cql.init.ScriptStatementFailedException;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.core.io.ClassPathResource;

/** {@code scylla.schema-scripts} and {@link KeyspacePopulator} beans against the node. */
@ExtendWith(CassandraNodeExtension.class)
class ScyllaSchemaScriptsIT {
  private static final String KEYSPACE = CassandraNode.uniqueKeyspace("scripts");
  private static final String FAILING = CassandraNode.uniqueKeyspace("scriptsfail");

  @BeforeAll
  static void node() {
    CassandraNode.ensureRunning();
  }

  @AfterAll
  static void dropKeyspaces() {
    try (CqlSession admin =
        CqlSession.builder()
            .addContactPoint(CassandraNode.address())
            .withRequestTimeout(Duration.ofSeconds(30))
            .build()) {
      admin.execute("DROP KEYSPACE IF EXISTS " + KEYSPACE).close();
      admin.execute("DROP KEYSPACE IF EXISTS " + FAILING).close();
    }
  }

  private static ApplicationContextRunner runner(String keyspace) {
    return new ApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(ScyllaAutoConfiguration.class))
        .withPropertyValues(
            "scylla.contact-points=" + CassandraNode.HOST + ":" + CassandraNode.PORT,
            "scylla.keyspace=" + keyspace,
            "scylla.request.timeout=30s",
            "scylla.schema-action=create-if-not-exists",
            "scylla.keyspace-replication={'class': 'SimpleStrategy', 'replication_factor': 1}");
  }

  @Test
  void should_run_the_scripts_then_the_populator_beans_in_the_keyspace_before_the_app_starts() {
    KeyspacePopulator populator =
        new ResourceKeyspacePopulator(new ClassPathResource("schema-scripts/more.cql"));
    runner(KEYSPACE)
        .withPropertyValues("scylla.schema-scripts=classpath:schema-scripts/schema.cql")
        .withBean(KeyspacePopulator.class, () -> populator)
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              CqlTemplate cql = context.getBean(CqlTemplate.class);
              List<String> names =
                  cql.query(
                      "SELECT name FROM script_users WHERE id IN (1, 2)",
                      (Row row, int n) -> row.getString("name"));
              assertThat(names).containsExactlyInAnyOrder("Ada; Lovelace", "O'Brien");
              assertThat(
                      cql.query(
                          "SELECT name FROM script_roles", (Row row, int n) -> row.getString(0)))
                  .containsExactly("admin");
            });
  }

  @Test
  void should_fail_start_up_naming_the_script_the_line_and_the_server_message() {
    runner(FAILING)
        .withPropertyValues("scylla.schema-scripts=classpath:schema-scripts/broken.cql")
        .run(
            context -> {
              assertThat(context).hasFailed();
              ScriptStatementFailedException failure =
                  findCause(context.getStartupFailure(), ScriptStatementFailedException.class);
              assertThat(failure.getScript()).contains("schema-scripts/broken.cql");
              assertThat(failure.getLine()).isEqualTo(3);
              assertThat(failure.getMessage())
                  .contains("broken.cql]", "line 3", "no_such_table")
                  .contains(failure.getCause().getMessage());
            });
  }

  @Test
  void should_fail_start_up_on_a_script_that_does_not_exist() {
    runner(FAILING)
        .withPropertyValues("scylla.schema-scripts=classpath:schema-scripts/missing.cql")
        .run(
            context ->
                assertThat(context.getStartupFailure())
                    .rootCause()
                    .hasMessageContaining("classpath:schema-scripts/missing.cql")
                    .hasMessageContaining("does not exist"));
  }

  private static <T extends Throwable> T findCause(Throwable failure, Class<T> type) {
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (type.isInstance(t)) {
        return type.cast(t);
      }
    }
    throw new AssertionError("no " + type.getSimpleName() + " in " + failure);
  }
}
