package io.scyllaboot.autoconfigure.testcontainers;

import java.net.InetSocketAddress;
import org.testcontainers.scylladb.ScyllaDBContainer;

/**
 * {@link io.scyllaboot.autoconfigure.ScyllaConnectionDetails} from a {@code @ServiceConnection}
 * {@link ScyllaDBContainer}: its mapped CQL port and {@code @Ssl} bundle. The container reports no
 * data center: the driver takes the contact point's.
 */
class ScyllaDbContainerConnectionDetailsFactory
    extends CqlContainerConnectionDetailsFactory<ScyllaDBContainer> {

  @Override
  InetSocketAddress contactPoint(ScyllaDBContainer container) {
    return container.getContactPoint();
  }
}
