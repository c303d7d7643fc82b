package io.scyllaboot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.testing.SecuredNode;
import io.scyllaboot.driver.testing.TlsNodeExtension;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.ssl.SslAutoConfiguration;
import org.springframework.boot.ssl.SslBundles;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * A Spring SSL bundle's enabled protocols and ciphers reach the driver's TLS connections, against
 * the TLS node (127.0.0.3; it would pick TLS 1.3 if allowed).
 */
@ExtendWith(TlsNodeExtension.class)
class ScyllaSslBundleIT {
  private static final String CIPHER = "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256";

  /** Only the bundle: no session is auto-configured. */
  private final ApplicationContextRunner bundles =
      new ApplicationContextRunner()
          .withConfiguration(AutoConfigurations.of(SslAutoConfiguration.class))
          .withPropertyValues(
              "spring.ssl.bundle.pem.node.truststore.certificate=file:"
                  + SecuredNode.TLS.certificate().toAbsolutePath(),
              "spring.ssl.bundle.pem.node.options.enabled-protocols=TLSv1.2",
              "spring.ssl.bundle.pem.node.options.ciphers=" + CIPHER);

  private final ApplicationContextRunner runner =
      bundles
          .withConfiguration(AutoConfigurations.of(ScyllaAutoConfiguration.class))
          .withPropertyValues(
              "scylla.ssl.bundle=node",
              "scylla.contact-points="
                  + SecuredNode.TLS.address().getHostString()
                  + ":"
                  + SecuredNode.TLS.address().getPort(),
              "scylla.connection.connect-timeout=10s",
              "scylla.request.timeout=10s");

  @Test
  void should_give_the_driver_engines_with_the_bundle_protocols_and_ciphers() {
    bundles.run(
        context -> {
          SSLContext fromBundle =
              ScyllaSecurity.sslContext("node", context.getBean(SslBundles.class));
          List<SSLEngine> engines = new CopyOnWriteArrayList<>();
          SSLContext recording = new SslOptionsContext(fromBundle, engines::add);
          try (CqlSession session =
              CqlSession.builder()
                  .addContactPoint(SecuredNode.TLS.address())
                  .withSslContext(recording)
                  .withConnectTimeout(Duration.ofSeconds(10))
                  .withRequestTimeout(Duration.ofSeconds(10))
                  .build()) {
            assertThat(session.execute("SELECT release_version FROM system.local").one())
                .isNotNull();
          }
          assertThat(engines).isNotEmpty();
          for (SSLEngine engine : engines) {
            assertThat(engine.getEnabledProtocols()).containsExactly("TLSv1.2");
            assertThat(engine.getEnabledCipherSuites()).containsExactly(CIPHER);
            assertThat(engine.getSession().getProtocol()).isEqualTo("TLSv1.2");
            assertThat(engine.getSession().getCipherSuite()).isEqualTo(CIPHER);
          }
        });
  }

  @Test
  void should_connect_through_the_auto_configured_session_with_the_bundle() {
    runner.run(
        context -> {
          assertThat(context).hasNotFailed();
          assertThat(
                  context
                      .getBean(CqlSession.class)
                      .execute("SELECT release_version FROM system.local")
                      .one()
                      .getString(0))
              .startsWith("5.0");
        });
  }

  @Test
  void should_refuse_a_bundle_that_enables_no_protocol_the_driver_speaks() {
    bundles
        .withPropertyValues("spring.ssl.bundle.pem.node.options.enabled-protocols=TLSv1.1")
        .run(
            context ->
                assertThatThrownBy(
                        () -> ScyllaSecurity.sslContext("node", context.getBean(SslBundles.class)))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("SSL bundle 'node' enables [TLSv1.1]")
                    .hasMessageContaining("TLSv1.3 and TLSv1.2 only"));
  }
}
