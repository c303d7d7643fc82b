package io.scyllaboot.autoconfigure.testcontainers;

import io.scyllaboot.autoconfigure.ScyllaConnectionDetails;
import java.net.InetSocketAddress;
import java.util.List;
import org.springframework.boot.ssl.SslBundle;
import org.springframework.boot.testcontainers.service.connection.ContainerConnectionDetailsFactory;
import org.springframework.boot.testcontainers.service.connection.ContainerConnectionSource;
import org.testcontainers.cassandra.CassandraContainer;

/**
 * {@link ScyllaConnectionDetails} from a {@code @ServiceConnection} {@link CassandraContainer}: its
 * mapped CQL port, data center, credentials and {@code @Ssl} bundle, as Spring Boot's own factory
 * gives {@code CassandraConnectionDetails}.
 */
class CassandraContainerConnectionDetailsFactory
    extends ContainerConnectionDetailsFactory<CassandraContainer, ScyllaConnectionDetails> {

  CassandraContainerConnectionDetailsFactory() {
    super(ANY_CONNECTION_NAME, "io.scyllaboot.driver.api.CqlSession");
  }

  @Override
  protected ScyllaConnectionDetails getContainerConnectionDetails(
      ContainerConnectionSource<CassandraContainer> source) {
    return new Details(source);
  }

  private static final class Details extends ContainerConnectionDetails<CassandraContainer>
      implements ScyllaConnectionDetails {

    Details(ContainerConnectionSource<CassandraContainer> source) {
      super(source);
    }

    @Override
    public List<InetSocketAddress> getContactPoints() {
      return List.of(getContainer().getContactPoint());
    }

    @Override
    public String getLocalDatacenter() {
      return getContainer().getLocalDatacenter();
    }

    @Override
    public String getUsername() {
      return getContainer().getUsername();
    }

    @Override
    public String getPassword() {
      return getContainer().getPassword();
    }

    @Override
    public SslBundle getSslBundle() {
      return super.getSslBundle();
    }
  }
}
