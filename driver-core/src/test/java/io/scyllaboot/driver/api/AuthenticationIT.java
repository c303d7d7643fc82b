package io.scyllaboot.driver.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.scyllaboot.driver.api.auth.AuthProvider;
import io.scyllaboot.driver.api.auth.Authenticator;
import io.scyllaboot.driver.api.auth.PlainTextAuthProvider;
import io.scyllaboot.driver.api.error.AuthenticationException;
import io.scyllaboot.driver.internal.session.DefaultCqlSession;
import io.scyllaboot.driver.testing.AuthNodeExtension;
import io.scyllaboot.driver.testing.SecuredNode;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.slf4j.LoggerFactory;

/** SASL PLAIN against the real node with PasswordAuthenticator (127.0.0.2). */
@ExtendWith(AuthNodeExtension.class)
class AuthenticationIT {
  private static final InetSocketAddress NODE = SecuredNode.AUTH.address();

  private static CqlSessionBuilder builder() {
    return CqlSession.builder()
        .addContactPoint(NODE)
        .withConnectTimeout(Duration.ofSeconds(10))
        .withRequestTimeout(Duration.ofSeconds(10));
  }

  @ParameterizedTest
  @CsvSource({"V4, NONE", "V5, NONE", ", NONE", ", LZ4"})
  void should_log_in_and_query_with_good_credentials(
      ProtocolVersion version, Compression compression) {
    CqlSessionBuilder builder =
        builder()
            .withAuthCredentials(SecuredNode.USERNAME, SecuredNode.PASSWORD)
            .withCompression(compression);
    if (version != null) {
      builder.withProtocolVersion(version);
    }
    try (CqlSession session = builder.build()) {
      String user =
          session
              .execute("SELECT role FROM system_auth.roles WHERE role = ?", "cassandra")
              .one()
              .getString(0);
      assertThat(user).isEqualTo("cassandra");
      assertThat(((DefaultCqlSession) session).protocolVersion())
          .isEqualTo(version == null ? 5 : version.code());
    }
  }

  @Test
  void should_reject_a_wrong_password_naming_the_node_and_never_showing_the_password() {
    String password = "wrong-" + UUID.randomUUID();
    Logger driverLogger = (Logger) LoggerFactory.getLogger("io.scyllaboot");
    Level previous = driverLogger.getLevel();
    ListAppender<ILoggingEvent> logs = new ListAppender<>();
    logs.start();
    driverLogger.addAppender(logs);
    driverLogger.setLevel(Level.TRACE);
    try {
      assertThatThrownBy(() -> builder().withAuthCredentials("cassandra", password).build())
          .isInstanceOf(AuthenticationException.class)
          .hasMessageContaining("credentials rejected")
          .hasMessageContaining("127.0.0.2")
          .satisfies(error -> assertThat(stackTraceOf(error)).doesNotContain(password))
          .satisfies(error -> assertThat(((AuthenticationException) error).node()).isEqualTo(NODE));
    } finally {
      driverLogger.detachAppender(logs);
      driverLogger.setLevel(previous);
    }
    for (ILoggingEvent event : logs.list) {
      assertThat(event.getFormattedMessage()).doesNotContain(password);
      if (event.getThrowableProxy() != null) {
        assertThat(event.getThrowableProxy().getMessage()).doesNotContain(password);
      }
    }
  }

  @Test
  void should_fail_clearly_when_the_node_wants_credentials_and_none_are_configured() {
    assertThatThrownBy(() -> builder().build())
        .isInstanceOf(AuthenticationException.class)
        .hasMessageContaining("requires authentication")
        .hasMessageContaining("PasswordAuthenticator")
        .hasMessageContaining("no credentials are configured");
  }

  @Test
  void should_run_a_custom_provider_with_the_node_and_its_authenticator() {
    List<String> calls = new CopyOnWriteArrayList<>();
    AuthProvider plain = new PlainTextAuthProvider(SecuredNode.USERNAME, SecuredNode.PASSWORD);
    AuthProvider recording =
        (node, serverAuthenticator) -> {
          // Host address and port: how an address prints (with or without a host name) depends on
          // the transport that produced it.
          calls.add(
              node.getAddress().getHostAddress()
                  + ":"
                  + node.getPort()
                  + " "
                  + serverAuthenticator);
          Authenticator delegate = plain.newAuthenticator(node, serverAuthenticator);
          return new Authenticator() {
            @Override
            public java.util.concurrent.CompletionStage<byte[]> initialResponse() {
              return delegate.initialResponse();
            }

            @Override
            public java.util.concurrent.CompletionStage<byte[]> evaluateChallenge(
                byte[] challenge) {
              return delegate.evaluateChallenge(challenge);
            }

            @Override
            public java.util.concurrent.CompletionStage<Void> onAuthenticationSuccess(
                byte[] token) {
              calls.add("success");
              return delegate.onAuthenticationSuccess(token);
            }
          };
        };
    try (CqlSession session = builder().withAuthProvider(recording).build()) {
      assertThat(session.execute("SELECT now() FROM system.local").one()).isNotNull();
    }
    // One exchange per connection (the control connection and the node's pool), each complete.
    assertThat(calls).hasSizeGreaterThanOrEqualTo(4).hasSize(calls.size() / 2 * 2);
    for (int i = 0; i < calls.size(); i += 2) {
      assertThat(calls.subList(i, i + 2))
          .containsExactly(
              NODE.getAddress().getHostAddress()
                  + ":"
                  + NODE.getPort()
                  + " org.apache.cassandra.auth.PasswordAuthenticator",
              "success");
    }
  }

  @Test
  void should_never_show_the_password_in_to_string() {
    assertThat(new PlainTextAuthProvider("alice", "s3cret-value").toString())
        .contains("alice")
        .doesNotContain("s3cret-value");
  }

  private static String stackTraceOf(Throwable error) {
    StringWriter out = new StringWriter();
    error.printStackTrace(new PrintWriter(out));
    return out.toString();
  }
}
