package io.scyllaboot.autoconfigure;

import io.scyllaboot.driver.api.Compression;
import io.scyllaboot.driver.api.CqlSessionBuilder;
import io.scyllaboot.driver.api.ProtocolVersion;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import javax.net.ssl.SSLContext;
import org.springframework.boot.ssl.SslBundle;
import org.springframework.boot.ssl.SslBundles;
import org.springframework.boot.ssl.SslOptions;

/**
 * Applies credentials, TLS (from a Spring SSL bundle, or the JDK's default trust store),
 * compression and the protocol version: the options of the driver's security and framing layers.
 */
final class ScyllaSecurity {
  private ScyllaSecurity() {}

  static void apply(
      ScyllaProperties properties, ScyllaConnectionDetails details, CqlSessionBuilder builder) {
    String username = details.getUsername();
    String password = details.getPassword();
    if ((username == null) != (password == null)) {
      throw new IllegalStateException(
          "scylla.username and scylla.password must be set together (only one of them is set)");
    }
    if (username != null) {
      builder.withAuthCredentials(username, password);
    }
    SslBundle bundle = details.getSslBundle();
    if (bundle != null) {
      String name =
          details instanceof PropertiesScyllaConnectionDetails fromProperties
              ? fromProperties.getSslBundleName()
              : "of " + details.getClass().getSimpleName();
      builder.withSslContext(sslContext(name, bundle));
    } else if (properties.getSsl().isEnabled()) {
      try {
        builder.withSslContext(SSLContext.getDefault());
      } catch (NoSuchAlgorithmException e) {
        throw new IllegalStateException("the JDK has no default SSLContext", e);
      }
    }
    builder.withHostnameVerification(properties.getSsl().isHostnameVerification());
    builder.withCompression(
        properties.getCompression() == ScyllaProperties.Compression.LZ4
            ? Compression.LZ4
            : Compression.NONE);
    String version = properties.getProtocolVersion();
    if (version != null && !version.isBlank()) {
      builder.withProtocolVersion(
          ProtocolVersion.valueOf(version.trim().toUpperCase(java.util.Locale.ROOT)));
    }
  }

  /**
   * The bundle's context, with its options (enabled protocols, ciphers) applied to every engine the
   * driver creates; checked once here, so that a bad option fails start-up, not each connection.
   */
  static SSLContext sslContext(String name, SslBundles sslBundles) {
    return sslContext(name, sslBundles.getBundle(name));
  }

  /** As {@link #sslContext(String, SslBundles)}, for a bundle handed over by connection details. */
  static SSLContext sslContext(String name, SslBundle bundle) {
    SSLContext context = bundle.createSslContext();
    SslOptions options = bundle.getOptions();
    if (options == null || !options.isSpecified()) {
      return context;
    }
    String[] protocols = options.getEnabledProtocols();
    String[] ciphers = options.getCiphers();
    if (protocols != null
        && Arrays.stream(protocols).noneMatch(p -> p.equals("TLSv1.3") || p.equals("TLSv1.2"))) {
      throw new IllegalStateException(
          "SSL bundle '"
              + name
              + "' enables "
              + Arrays.toString(protocols)
              + ": the driver speaks TLSv1.3 and TLSv1.2 only; enable at least one of them");
    }
    SSLContext configured =
        new SslOptionsContext(
            context,
            engine -> {
              if (protocols != null) {
                engine.setEnabledProtocols(protocols);
              }
              if (ciphers != null) {
                engine.setEnabledCipherSuites(ciphers);
              }
            });
    try {
      configured.createSSLEngine();
    } catch (IllegalArgumentException e) {
      throw new IllegalStateException(
          "SSL bundle '" + name + "' has options this JDK does not support: " + e.getMessage(), e);
    }
    return configured;
  }
}
