package io.scyllaboot.autoconfigure.testcontainers;

import io.scyllaboot.autoconfigure.ScyllaConnectionDetails;
import java.net.InetSocketAddress;
import java.util.List;
import org.springframework.boot.ssl.SslBundle;
import org.springframework.boot.testcontainers.service.connection.ContainerConnectionDetailsFactory;
import org.springframework.boot.testcontainers.service.connection.ContainerConnectionSource;
import org.testcontainers.scylladb.ScyllaDBContainer;

/**
 * {@link ScyllaConnectionDetails} from a {@code @ServiceConnection} {@link ScyllaDBContainer}: its
 * mapped CQL port and {@code @Ssl} bundle. The container reports no data center: the driver takes
 * the contact point's.
 */
class ScyllaDbContainerConnectionDetailsFactory
    extends ContainerConnectionDetailsFactory<ScyllaDBContainer, ScyllaConnectionDetails> {

  ScyllaDbContainerConnectionDetailsFactory() {
    super(ANY_CONNECTION_NAME, "io.scyllaboot.driver.api.CqlSession");
  }

  @Override
  protected ScyllaConnectionDetails getContainerConnectionDetails(
      ContainerConnectionSource<ScyllaDBContainer> source) {
    return new Details(source);
  }

  private static final class Details extends ContainerConnectionDetails<ScyllaDBContainer>
      implements ScyllaConnectionDetails {

    Details(ContainerConnectionSource<ScyllaDBContainer> source) {
      super(source);
    }

    @Override
    public List<InetSocketAddress> getContactPoints() {
      return List.of(getContainer().getContactPoint());
    }

    @Override
    public SslBundle getSslBundle() {
      return super.getSslBundle();
    }
  }
}
