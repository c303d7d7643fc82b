package io.scyllaboot.autoconfigure.health;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.metadata.Node;
import io.scyllaboot.driver.api.metadata.NodeState;
import java.util.Collection;
import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;

/**
 * UP when at least one node is up, from the driver's own view (no query is sent): details give the
 * nodes up and down, the data center and the release version.
 */
public class ScyllaHealthIndicator extends AbstractHealthIndicator {
  private final CqlSession session;

  public ScyllaHealthIndicator(CqlSession session) {
    super("Scylla health check failed");
    this.session = session;
  }

  @Override
  protected void doHealthCheck(Health.Builder builder) {
    Collection<Node> nodes = session.metadata().nodes();
    long up = nodes.stream().filter(node -> node.state() == NodeState.UP).count();
    Node sample =
        nodes.stream().filter(node -> node.state() == NodeState.UP).findFirst().orElse(null);
    builder.status(
        up > 0
            ? org.springframework.boot.health.contributor.Status.UP
            : org.springframework.boot.health.contributor.Status.DOWN);
    builder.withDetail("nodesUp", up).withDetail("nodesDown", nodes.size() - up);
    if (session.metadata().clusterName() != null) {
      builder.withDetail("clusterName", session.metadata().clusterName());
    }
    if (sample != null) {
      builder.withDetail("datacenter", String.valueOf(sample.datacenter()));
      builder.withDetail("releaseVersion", String.valueOf(sample.releaseVersion()));
    }
  }
}
