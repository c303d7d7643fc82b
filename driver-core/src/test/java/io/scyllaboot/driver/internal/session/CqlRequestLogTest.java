package io.scyllaboot.driver.internal.session;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.BatchStatement;
import io.scyllaboot.driver.api.cql.SimpleStatement;
import io.scyllaboot.driver.api.type.PrimitiveType;
import io.scyllaboot.driver.testing.fakenode.FakeCluster;
import io.scyllaboot.driver.testing.fakenode.FakeResponses.Column;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/** The CQL DEBUG log: every executed statement's CQL, never a bound value. */
class CqlRequestLogTest {
  private static final int PORT = 19542;
  private static final String SECRET = "s3cr3t-Pa55word";
  private static final String INSERT = "INSERT INTO ks.users (name, password) VALUES (?, ?)";
  private static final String UPDATE = "UPDATE ks.users SET password = ? WHERE name = ?";

  private final Logger logger = (Logger) LoggerFactory.getLogger("io.scyllaboot.driver.cql");
  private final ListAppender<ILoggingEvent> appender = new ListAppender<>();
  private FakeCluster cluster;
  private CqlSession session;

  @BeforeEach
  void start() {
    appender.start();
    logger.addAppender(appender);
    cluster = new FakeCluster(1, PORT);
    List<Column> variables =
        List.of(new Column("name", PrimitiveType.TEXT), new Column("password", PrimitiveType.TEXT));
    cluster.prime(INSERT, variables, new int[] {0}, List.of(), List.of());
    cluster.prime(
        UPDATE, List.of(variables.get(1), variables.get(0)), new int[] {1}, List.of(), List.of());
    session =
        CqlSession.builder()
            .addContactPoint(cluster.node(0).address())
            .withRequestTimeout(Duration.ofSeconds(2))
            .build();
  }

  @AfterEach
  void stop() {
    logger.detachAppender(appender);
    logger.setLevel(null);
    session.close();
    cluster.close();
  }

  private List<String> messages() {
    return appender.list.stream().map(ILoggingEvent::getFormattedMessage).toList();
  }

  @Test
  void should_log_the_cql_of_every_execution_at_debug_and_never_a_bound_value() {
    logger.setLevel(Level.DEBUG);
    session.execute(INSERT, "ada", SECRET).close();
    session.execute(SimpleStatement.of(INSERT.replace("ks.users", "ks.admins"), "root", SECRET));
    session.executeInSession(
        pinned -> {
          pinned.execute(UPDATE, SECRET, "bob").close();
          return null;
        });

    assertThat(messages())
        .contains(
            "Executing CQL [" + INSERT + "]",
            "Executing CQL [INSERT INTO ks.admins (name, password) VALUES (?, ?)]",
            "Executing CQL [" + UPDATE + "]")
        .noneMatch(message -> message.contains(SECRET));
    assertThat(appender.list)
        .allMatch(event -> event.getLevel() == Level.DEBUG)
        .noneMatch(event -> String.valueOf(List.of(event.getArgumentArray())).contains(SECRET));
  }

  @Test
  void should_log_nothing_when_debug_is_off() {
    logger.setLevel(Level.INFO);
    session.execute(INSERT, "ada", SECRET).close();
    assertThat(appender.list).isEmpty();
  }

  @Test
  void should_render_a_batch_as_its_statements_cql() {
    BatchStatement batch =
        BatchStatement.unlogged(
            SimpleStatement.of("INSERT INTO ks.t (k) VALUES (?)", SECRET),
            SimpleStatement.of("DELETE FROM ks.t WHERE k = 1"));
    assertThat(CqlRequestLog.cql(batch))
        .isEqualTo(
            "BEGIN UNLOGGED BATCH INSERT INTO ks.t (k) VALUES (?); DELETE FROM ks.t WHERE k = 1;"
                + " APPLY BATCH");
    assertThat(CqlRequestLog.cql(BatchStatement.logged(SimpleStatement.of("SELECT 1"))))
        .isEqualTo("BEGIN BATCH SELECT 1; APPLY BATCH");
  }
}
