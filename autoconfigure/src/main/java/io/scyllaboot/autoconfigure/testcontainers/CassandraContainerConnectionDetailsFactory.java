package io.scyllaboot.autoconfigure.testcontainers;

import java.net.InetSocketAddress;
import org.testcontainers.cassandra.CassandraContainer;

/**
 * {@link io.scyllaboot.autoconfigure.ScyllaConnectionDetails} from a {@code @ServiceConnection}
 * {@link CassandraContainer}: its mapped CQL port, data center, credentials and {@code @Ssl}
 * bundle, as Spring Boot's own factory gives {@code CassandraConnectionDetails}.
 */
class CassandraContainerConnectionDetailsFactory
    extends CqlContainerConnectionDetailsFactory<CassandraContainer> {

  @Override
  InetSocketAddress contactPoint(CassandraContainer container) {
    return container.getContactPoint();
  }

  @Override
  String localDatacenter(CassandraContainer container) {
    return container.getLocalDatacenter();
  }

  @Override
  String username(CassandraContainer container) {
    return container.getUsername();
  }

  @Override
  String password(CassandraContainer container) {
    return container.getPassword();
  }
}
