package io.scyllaboot.autoconfigure;

import io.scyllaboot.driver.api.Compression;
import io.scyllaboot.driver.api.CqlSessionBuilder;
import io.scyllaboot.driver.api.ProtocolVersion;
import java.security.NoSuchAlgorithmException;
import javax.net.ssl.SSLContext;
import org.springframework.boot.ssl.SslBundles;

/**
 * Applies credentials, TLS (from a Spring SSL bundle, or the JDK's default trust store),
 * compression and the protocol version: the options of the driver's security and framing layers.
 */
final class ScyllaSecurity {
  private ScyllaSecurity() {}

  static void apply(
      ScyllaProperties properties,
      ScyllaConnectionDetails details,
      SslBundles sslBundles,
      CqlSessionBuilder builder) {
    String username = details.getUsername();
    String password = details.getPassword();
    if ((username == null) != (password == null)) {
      throw new IllegalStateException(
          "scylla.username and scylla.password must be set together (only one of them is set)");
    }
    if (username != null) {
      builder.withAuthCredentials(username, password);
    }
    String bundle = details.getSslBundle();
    if (bundle != null) {
      if (sslBundles == null) {
        throw new IllegalStateException(
            "scylla.ssl.bundle=" + bundle + " is set but no SslBundles bean exists");
      }
      builder.withSslContext(sslBundles.getBundle(bundle).createSslContext());
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
}
