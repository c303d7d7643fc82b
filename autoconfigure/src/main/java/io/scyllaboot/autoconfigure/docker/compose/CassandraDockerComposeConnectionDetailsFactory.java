package io.scyllaboot.autoconfigure.docker.compose;

import io.scyllaboot.autoconfigure.ScyllaConnectionDetails;
import java.net.InetSocketAddress;
import java.util.List;
import org.springframework.boot.docker.compose.core.RunningService;
import org.springframework.boot.docker.compose.service.connection.DockerComposeConnectionDetailsFactory;
import org.springframework.boot.docker.compose.service.connection.DockerComposeConnectionSource;
import org.springframework.boot.ssl.SslBundle;

/**
 * {@link ScyllaConnectionDetails} for a Docker Compose service of the {@code cassandra} or {@code
 * scylladb/scylla} image (or one labelled {@code org.springframework.boot.service-connection:
 * cassandra} or {@code scylladb/scylla}): the host, the port mapped to 9042, the data center of
 * {@code CASSANDRA_DC} when the service sets it (else the driver takes the contact point's), and
 * the SSL bundle of the service's {@code org.springframework.boot.sslbundle.*} labels.
 */
class CassandraDockerComposeConnectionDetailsFactory
    extends DockerComposeConnectionDetailsFactory<ScyllaConnectionDetails> {
  private static final int CQL_PORT = 9042;

  CassandraDockerComposeConnectionDetailsFactory() {
    super(new String[] {"cassandra", "scylladb/scylla"}, "io.scyllaboot.driver.api.CqlSession");
  }

  @Override
  protected ScyllaConnectionDetails getDockerComposeConnectionDetails(
      DockerComposeConnectionSource source) {
    return new Details(source.getRunningService());
  }

  private static final class Details extends DockerComposeConnectionDetails
      implements ScyllaConnectionDetails {
    private final List<InetSocketAddress> contactPoints;
    private final String datacenter;
    private final SslBundle sslBundle;

    Details(RunningService service) {
      super(service);
      contactPoints =
          List.of(
              InetSocketAddress.createUnresolved(service.host(), service.ports().get(CQL_PORT)));
      String dc = service.env().get("CASSANDRA_DC");
      datacenter = dc == null || dc.isBlank() ? null : dc;
      sslBundle = getSslBundle(service);
    }

    @Override
    public List<InetSocketAddress> getContactPoints() {
      return contactPoints;
    }

    @Override
    public String getLocalDatacenter() {
      return datacenter;
    }

    @Override
    public SslBundle getSslBundle() {
      return sslBundle;
    }
  }
}
