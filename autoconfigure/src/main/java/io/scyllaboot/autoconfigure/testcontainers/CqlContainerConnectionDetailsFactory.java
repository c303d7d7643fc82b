package io.scyllaboot.autoconfigure.testcontainers;

import io.scyllaboot.autoconfigure.ScyllaConnectionDetails;
import java.net.InetSocketAddress;
import java.util.List;
import org.springframework.boot.ssl.SslBundle;
import org.springframework.boot.testcontainers.service.connection.ContainerConnectionDetailsFactory;
import org.springframework.boot.testcontainers.service.connection.ContainerConnectionSource;
import org.testcontainers.containers.Container;

/**
 * {@link ScyllaConnectionDetails} from a {@code @ServiceConnection} container of a CQL server: its
 * mapped CQL port and {@code @Ssl} bundle, and what else the container reports (a subclass says how
 * to read each from its container type).
 *
 * @param <C> the container type
 */
abstract class CqlContainerConnectionDetailsFactory<C extends Container<?>>
    extends ContainerConnectionDetailsFactory<C, ScyllaConnectionDetails> {

  CqlContainerConnectionDetailsFactory() {
    super(ANY_CONNECTION_NAME, "io.scyllaboot.driver.api.CqlSession");
  }

  /** The container's CQL address, as this host reaches it. */
  abstract InetSocketAddress contactPoint(C container);

  /** The container's data center; null (the default) when it reports none. */
  String localDatacenter(C container) {
    return null;
  }

  /** The container's username; null (the default) when it has no authentication. */
  String username(C container) {
    return null;
  }

  /** The container's password; null (the default) when it has no authentication. */
  String password(C container) {
    return null;
  }

  @Override
  protected final ScyllaConnectionDetails getContainerConnectionDetails(
      ContainerConnectionSource<C> source) {
    return new Details(source);
  }

  private final class Details extends ContainerConnectionDetails<C>
      implements ScyllaConnectionDetails {

    Details(ContainerConnectionSource<C> source) {
      super(source);
    }

    @Override
    public List<InetSocketAddress> getContactPoints() {
      return List.of(contactPoint(getContainer()));
    }

    @Override
    public String getLocalDatacenter() {
      return localDatacenter(getContainer());
    }

    @Override
    public String getUsername() {
      return username(getContainer());
    }

    @Override
    public String getPassword() {
      return password(getContainer());
    }

    @Override
    public SslBundle getSslBundle() {
      return super.getSslBundle();
    }
  }
}
