package io.scyllaboot.autoconfigure;

import java.net.InetSocketAddress;
import java.util.List;

/** Connection details read from {@link ScyllaProperties}. */
class PropertiesScyllaConnectionDetails implements ScyllaConnectionDetails {
  private final ScyllaProperties properties;

  PropertiesScyllaConnectionDetails(ScyllaProperties properties) {
    this.properties = properties;
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
  public String getSslBundle() {
    // A named bundle turns TLS on: naming one and silently getting plain TCP would be a trap.
    String bundle = properties.getSsl().getBundle();
    return bundle == null || bundle.isBlank() ? null : bundle;
  }
}
