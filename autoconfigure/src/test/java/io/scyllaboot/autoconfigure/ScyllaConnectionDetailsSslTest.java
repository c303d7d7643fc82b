package io.scyllaboot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.CqlSessionBuilder;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ssl.SSLContext;
import org.junit.jupiter.api.Test;
import org.mockito.Mockito;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.ssl.SslBundle;
import org.springframework.boot.ssl.SslBundleKey;
import org.springframework.boot.ssl.SslManagerBundle;
import org.springframework.boot.ssl.SslOptions;
import org.springframework.boot.ssl.SslStoreBundle;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * {@link ScyllaConnectionDetails#getSslBundle()} hands over a bundle (as Boot's {@code
 * CassandraConnectionDetails}): a service-connection factory's certificates reach the driver.
 */
class ScyllaConnectionDetailsSslTest {
  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withBean("testSession", CqlSession.class, () -> Mockito.mock(CqlSession.class))
          .withConfiguration(AutoConfigurations.of(ScyllaAutoConfiguration.class));

  /** Connection details of a factory, with a bundle of its own and no {@code scylla.ssl.*}. */
  private static ScyllaConnectionDetails withBundle(SslBundle bundle) {
    return new ScyllaConnectionDetails() {
      @Override
      public List<InetSocketAddress> getContactPoints() {
        return List.of(InetSocketAddress.createUnresolved("db1", 9142));
      }

      @Override
      public SslBundle getSslBundle() {
        return bundle;
      }
    };
  }

  /** A bundle that counts the contexts it creates. */
  private static SslBundle countingBundle(AtomicInteger created, SslOptions options) {
    SslManagerBundle managers = SslManagerBundle.from(SslStoreBundle.NONE, SslBundleKey.NONE);
    return new SslBundle() {
      @Override
      public SslStoreBundle getStores() {
        return SslStoreBundle.NONE;
      }

      @Override
      public SslBundleKey getKey() {
        return SslBundleKey.NONE;
      }

      @Override
      public SslOptions getOptions() {
        return options;
      }

      @Override
      public String getProtocol() {
        return "TLS";
      }

      @Override
      public SslManagerBundle getManagers() {
        return managers;
      }

      @Override
      public SSLContext createSslContext() {
        created.incrementAndGet();
        return SslBundle.super.createSslContext();
      }
    };
  }

  @Test
  void should_turn_tls_on_with_the_bundle_the_connection_details_hand_over() {
    AtomicInteger created = new AtomicInteger();
    runner
        .withBean(
            ScyllaConnectionDetails.class,
            () -> withBundle(countingBundle(created, SslOptions.NONE)))
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              assertThat(context.getBean(CqlSessionBuilder.class).toString()).contains("ssl=true");
              assertThat(created).hasPositiveValue();
            });
  }

  @Test
  void should_apply_the_handed_over_bundle_options_and_refuse_a_protocol_the_driver_lacks() {
    runner
        .withBean(
            ScyllaConnectionDetails.class,
            () ->
                withBundle(
                    countingBundle(
                        new AtomicInteger(), SslOptions.of(null, new String[] {"TLSv1.1"}))))
        .run(
            context ->
                assertThatThrownBy(() -> context.getBean(CqlSessionBuilder.class))
                    .rootCause()
                    .hasMessageContaining("enables [TLSv1.1]")
                    .hasMessageContaining("TLSv1.3 and TLSv1.2 only"));
  }

  @Test
  void should_stay_plain_tcp_without_a_bundle() {
    runner
        .withBean(ScyllaConnectionDetails.class, () -> withBundle(null))
        .run(
            context ->
                assertThat(context.getBean(CqlSessionBuilder.class).toString())
                    .contains("ssl=false"));
  }
}
