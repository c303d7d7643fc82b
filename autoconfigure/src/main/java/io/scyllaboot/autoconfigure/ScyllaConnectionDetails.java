package io.scyllaboot.autoconfigure;

import java.net.InetSocketAddress;
import java.util.List;
import org.springframework.boot.autoconfigure.service.connection.ConnectionDetails;
import org.springframework.boot.ssl.SslBundle;

/**
 * Where and as whom to connect. Defined from {@code scylla.*} properties unless the application (or
 * a test-support hook such as a container or the project's local node) defines its own bean.
 */
public interface ScyllaConnectionDetails extends ConnectionDetails {

  /** The nodes to contact first. */
  List<InetSocketAddress> getContactPoints();

  /** The local data center, or null to use the first contact point's. */
  default String getLocalDatacenter() {
    return null;
  }

  default String getUsername() {
    return null;
  }

  default String getPassword() {
    return null;
  }

  /**
   * The SSL bundle the connections use (TLS on), or null for plain TCP unless {@code
   * scylla.ssl.enabled} asks for the JDK's default trust store. As Spring Boot's {@code
   * CassandraConnectionDetails}: a service-connection factory can hand over certificates.
   */
  default SslBundle getSslBundle() {
    return null;
  }
}
