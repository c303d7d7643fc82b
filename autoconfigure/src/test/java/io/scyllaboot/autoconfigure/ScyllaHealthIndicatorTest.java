package io.scyllaboot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.autoconfigure.health.ScyllaHealthContributorAutoConfiguration;
import io.scyllaboot.autoconfigure.health.ScyllaHealthIndicator;
import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.metadata.ClusterMetadata;
import io.scyllaboot.driver.api.metadata.Node;
import io.scyllaboot.driver.api.metadata.NodeState;
import java.net.InetSocketAddress;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.mockito.Mockito;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** UP means a node of the local data center is up. */
class ScyllaHealthIndicatorTest {

  private static Node node(String datacenter, NodeState state) {
    return node(datacenter, state, "10.9.9.9");
  }

  private static Node node(String datacenter, NodeState state, String host) {
    Node node = Mockito.mock(Node.class);
    Mockito.when(node.address()).thenReturn(new InetSocketAddress(host, 9042));
    Mockito.when(node.datacenter()).thenReturn(datacenter);
    Mockito.when(node.state()).thenReturn(state);
    return node;
  }

  private static CqlSession session(Node... nodes) {
    ClusterMetadata metadata = Mockito.mock(ClusterMetadata.class);
    Mockito.when(metadata.nodes()).thenReturn(List.of(nodes));
    CqlSession session = Mockito.mock(CqlSession.class);
    Mockito.when(session.metadata()).thenReturn(metadata);
    return session;
  }

  private static Health health(CqlSession session, String... properties) {
    Health[] health = new Health[1];
    new ApplicationContextRunner()
        .withBean(CqlSession.class, () -> session)
        .withConfiguration(
            AutoConfigurations.of(
                ScyllaAutoConfiguration.class, ScyllaHealthContributorAutoConfiguration.class))
        .withPropertyValues(properties)
        .run(context -> health[0] = context.getBean(ScyllaHealthIndicator.class).health(true));
    return health[0];
  }

  @Test
  void should_be_down_when_only_nodes_of_another_data_center_are_up() {
    Health health =
        health(
            session(node("dc1", NodeState.DOWN), node("dc2", NodeState.UP)),
            "scylla.local-datacenter=dc1");
    assertThat(health.getStatus()).isEqualTo(Status.DOWN);
    assertThat(health.getDetails()).containsEntry("nodesUp", 0L).containsEntry("nodesDown", 1L);
  }

  @Test
  void should_be_up_when_a_local_node_is_up() {
    Health health =
        health(
            session(node("dc1", NodeState.UP), node("dc2", NodeState.DOWN)),
            "scylla.local-datacenter=dc1");
    assertThat(health.getStatus()).isEqualTo(Status.UP);
    assertThat(health.getDetails())
        .containsEntry("nodesUp", 1L)
        .containsEntry("nodesDown", 0L)
        .containsEntry("datacenter", "dc1");
  }

  @Test
  void should_use_the_first_contact_points_data_center_when_none_is_configured() {
    Health health =
        health(
            session(node("dc1", NodeState.DOWN, "10.0.0.1"), node("dc2", NodeState.UP)),
            "scylla.contact-points=10.0.0.1:9042");
    assertThat(health.getStatus()).isEqualTo(Status.DOWN);
  }

  @Test
  void should_count_every_node_while_no_local_data_center_is_known() {
    Health health =
        health(
            session(node("dc1", NodeState.DOWN), node("dc2", NodeState.UP)),
            "scylla.contact-points=10.0.0.1:9042");
    assertThat(health.getStatus()).isEqualTo(Status.UP);
  }
}
