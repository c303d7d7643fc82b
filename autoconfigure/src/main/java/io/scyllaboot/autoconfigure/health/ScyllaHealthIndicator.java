package io.scyllaboot.autoconfigure.health;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.metadata.Node;
import io.scyllaboot.driver.api.metadata.NodeState;
import java.net.InetSocketAddress;
import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;

/**
 * UP when at least one node of the local data center is up, from the driver's own view (no query is
 * sent): details give the local nodes up and down, the data center and the release version. The
 * local data center is the configured one, else (as the driver infers it) the first contact
 * point's; while neither is known, every node counts.
 */
public class ScyllaHealthIndicator extends AbstractHealthIndicator {
  private final CqlSession session;
  private final String configuredDatacenter;
  private final InetSocketAddress firstContactPoint;

  /** An indicator that counts every node, whatever its data center. */
  public ScyllaHealthIndicator(CqlSession session) {
    this(session, null, null);
  }

  /**
   * @param localDatacenter the data center whose nodes count, or null (or blank) to use the first
   *     contact point's
   * @param firstContactPoint the session's first contact point, or null
   */
  public ScyllaHealthIndicator(
      CqlSession session, String localDatacenter, InetSocketAddress firstContactPoint) {
    super("Scylla health check failed");
    this.session = session;
    this.configuredDatacenter =
        localDatacenter == null || localDatacenter.isBlank() ? null : localDatacenter;
    this.firstContactPoint = firstContactPoint;
  }

  private String localDatacenter() {
    // The session's own first: a secure connect bundle's wins over the configured one.
    String used = session.metadata().localDatacenter();
    if (used != null) {
      return used;
    }
    if (configuredDatacenter != null || firstContactPoint == null) {
      return configuredDatacenter;
    }
    for (Node node : session.metadata().nodes()) {
      InetSocketAddress address = node.address();
      if (address != null
          && address.getPort() == firstContactPoint.getPort()
          && (address.equals(firstContactPoint)
              || address.getHostString().equals(firstContactPoint.getHostString()))) {
        return node.datacenter();
      }
    }
    return null;
  }

  @Override
  protected void doHealthCheck(Health.Builder builder) {
    String localDatacenter = localDatacenter();
    long up = 0;
    long down = 0;
    Node sample = null;
    for (Node node : session.metadata().nodes()) {
      if (localDatacenter != null && !localDatacenter.equals(node.datacenter())) {
        continue;
      }
      if (node.state() == NodeState.UP) {
        up++;
        sample = sample == null ? node : sample;
      } else {
        down++;
      }
    }
    builder.status(up > 0 ? Status.UP : Status.DOWN);
    builder.withDetail("nodesUp", up).withDetail("nodesDown", down);
    if (session.metadata().clusterName() != null) {
      builder.withDetail("clusterName", session.metadata().clusterName());
    }
    if (localDatacenter != null) {
      builder.withDetail("datacenter", localDatacenter);
    } else if (sample != null) {
      builder.withDetail("datacenter", String.valueOf(sample.datacenter()));
    }
    if (sample != null) {
      builder.withDetail("releaseVersion", String.valueOf(sample.releaseVersion()));
    }
  }
}
