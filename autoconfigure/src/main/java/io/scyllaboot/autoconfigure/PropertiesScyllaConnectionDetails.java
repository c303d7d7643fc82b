package io.scyllaboot.autoconfigure;

import java.net.InetSocketAddress;
import java.util.List;
import org.springframework.boot.ssl.SslBundle;
import org.springframework.boot.ssl.SslBundles;

/** Connection details read from {@link ScyllaProperties}. */
class PropertiesScyllaConnectionDetails implements ScyllaConnectionDetails {
  private final ScyllaProperties properties;
  private final SslBundles sslBundles;

  /** {@code sslBundles} may be null when the application has no SSL bundles. */
  PropertiesScyllaConnectionDetails(ScyllaProperties properties, SslBundles sslBundles) {
    this.properties = properties;
    this.sslBundles = sslBundles;
  }

  @Override
  public List<InetSocketAddress> getContactPoints() {
    return properties.getContactPoints().stream()
        .map(point -> ContactPoints.parse(point, properties.getPort()))
        .toList();
  }

  @Override
  public String getLocalDatacenter() {
    return properties.getLocalDatacenter();
  }

  @Override
  public String getUsername() {
    return properties.getUsername();
  }

  @Override
  public String getPassword() {
    return properties.getPassword();
  }

  @Override
  public SslBundle getSslBundle() {
    // A named bundle turns TLS on: naming one and silently getting plain TCP would be a trap.
    String bundle = properties.getSsl().getBundle();
    if (bundle == null || bundle.isBlank()) {
      return null;
    }
    if (sslBundles == null) {
      throw new IllegalStateException(
          "scylla.ssl.bundle=" + bundle + " is set but no SslBundles bean exists");
    }
    return sslBundles.getBundle(bundle);
  }

  /** The bundle's name, for error messages, or null. */
  String getSslBundleName() {
    String bundle = properties.getSsl().getBundle();
    return bundle == null || bundle.isBlank() ? null : bundle;
  }
}
