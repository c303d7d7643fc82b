package io.scyllaboot.driver.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.scyllaboot.driver.testing.fakenode.FakeCluster;
import java.time.Duration;
import java.util.List;
import javax.net.ssl.SSLContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/** Credentials sent over plain TCP are logged as a warning, once per session, at build. */
class PlainTextCredentialsWarningTest {
  private static final int PORT = 19342;
  private final Logger logger = (Logger) LoggerFactory.getLogger(CqlSessionBuilder.class);
  private final ListAppender<ILoggingEvent> appender = new ListAppender<>();
  private FakeCluster cluster;

  @BeforeEach
  void capture() {
    appender.start();
    logger.addAppender(appender);
    cluster = new FakeCluster(1, PORT);
  }

  @AfterEach
  void release() {
    logger.detachAppender(appender);
    cluster.close();
  }

  private CqlSessionBuilder builder() {
    return CqlSession.builder()
        .addContactPoint(cluster.node(0).address())
        .withConnectionsPerNode(3)
        .withConnectTimeout(Duration.ofSeconds(2))
        .withRequestTimeout(Duration.ofSeconds(2));
  }

  private List<ILoggingEvent> warnings() {
    return appender.list.stream().filter(e -> e.getLevel() == Level.WARN).toList();
  }

  @Test
  void should_warn_once_per_session_when_credentials_travel_without_tls() {
    try (CqlSession session =
        builder().withSessionName("plain").withAuthCredentials("app", "pa55word").build()) {
      assertThat(session).isNotNull();
    }
    List<ILoggingEvent> warnings = warnings();
    assertThat(warnings).hasSize(1);
    String message = warnings.get(0).getFormattedMessage();
    assertThat(message).contains("[plain]").contains("credentials").contains("without TLS");
    assertThat(message).doesNotContain("pa55word");
  }

  @Test
  void should_not_warn_without_credentials() {
    try (CqlSession session = builder().build()) {
      assertThat(session).isNotNull();
    }
    assertThat(warnings()).isEmpty();
  }

  @Test
  void should_not_warn_when_credentials_travel_over_tls() throws Exception {
    // The fake node speaks no TLS, so the build fails; what matters is what was logged first.
    assertThatThrownBy(
            () ->
                builder()
                    .withConnectionsPerNode(1)
                    .withAuthCredentials("app", "pa55word")
                    .withSslContext(SSLContext.getDefault())
                    .build())
        .isNotNull();
    assertThat(warnings()).noneMatch(event -> event.getFormattedMessage().contains("without TLS"));
  }
}
