package io.scyllaboot.driver.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.scyllaboot.driver.api.cql.Row;
import io.scyllaboot.driver.api.error.ConnectionException;
import io.scyllaboot.driver.internal.session.DefaultCqlSession;
import io.scyllaboot.driver.testing.SecuredNode;
import io.scyllaboot.driver.testing.TlsNodeExtension;
import io.scyllaboot.driver.testing.TrustStores;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import javax.net.ssl.SSLContext;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** TLS against the real node that accepts only TLS clients (127.0.0.3, self-signed certificate). */
@ExtendWith(TlsNodeExtension.class)
class TlsIT {
  private static final InetSocketAddress NODE = SecuredNode.TLS.address();
  private static SSLContext trusted;

  @BeforeAll
  static void trustTheNode() {
    trusted = TrustStores.trusting(SecuredNode.TLS.certificate());
  }

  private static CqlSessionBuilder builder() {
    return CqlSession.builder()
        .addContactPoint(NODE)
        .withConnectTimeout(Duration.ofSeconds(10))
        .withRequestTimeout(Duration.ofSeconds(10));
  }

  @ParameterizedTest
  @CsvSource({"V4, NONE", "V4, LZ4", "V5, NONE", "V5, LZ4", ", NONE"})
  void should_query_over_tls_with_a_trusted_certificate_and_hostname_verification(
      ProtocolVersion version, Compression compression) {
    CqlSessionBuilder builder = builder().withSslContext(trusted).withCompression(compression);
    if (version != null) {
      builder.withProtocolVersion(version);
    }
    try (CqlSession session = builder.build()) {
      Row row = session.execute("SELECT release_version FROM system.local").one();
      assertThat(row.getString(0)).startsWith("5.0");
      // A larger response, several segments under v5.
      int columns = 0;
      for (Row ignored : session.execute("SELECT * FROM system_schema.columns")) {
        columns++;
      }
      assertThat(columns).isGreaterThan(100);
      assertThat(((DefaultCqlSession) session).protocolVersion())
          .isEqualTo(version == null ? 5 : version.code());
    }
  }

  @Test
  void should_connect_without_hostname_verification() {
    try (CqlSession session =
        builder().withSslContext(trusted).withHostnameVerification(false).build()) {
      assertThat(session.execute("SELECT now() FROM system.local").one()).isNotNull();
    }
  }

  @Test
  void should_refuse_an_untrusted_certificate_naming_the_node_and_the_reason(
      @TempDir Path directory) {
    SSLContext unrelated =
        TrustStores.trusting(TrustStores.generateUnrelatedCertificate(directory));
    assertThatThrownBy(() -> builder().withSslContext(unrelated).build())
        .isInstanceOf(ConnectionException.class)
        .hasMessageContaining("TLS handshake with " + NODE)
        .hasMessageContaining("certification path");
  }

  @Test
  void should_fail_a_plaintext_connection_to_a_tls_only_node() {
    assertThatThrownBy(() -> builder().withConnectTimeout(Duration.ofSeconds(3)).build())
        .isInstanceOf(ConnectionException.class)
        .hasMessageContaining(NODE.toString());
  }
}
