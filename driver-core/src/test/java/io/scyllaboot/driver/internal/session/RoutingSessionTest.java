package io.scyllaboot.driver.internal.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.scyllaboot.driver.api.ConsistencyLevel;
import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.CqlSessionBuilder;
import io.scyllaboot.driver.api.ExecutionProfile;
import io.scyllaboot.driver.api.cql.ResultSet;
import io.scyllaboot.driver.api.cql.SimpleStatement;
import io.scyllaboot.driver.api.error.AllNodesFailedException;
import io.scyllaboot.driver.api.error.NoNodeAvailableException;
import io.scyllaboot.driver.api.metadata.Node;
import io.scyllaboot.driver.internal.metadata.DefaultNode;
import io.scyllaboot.driver.internal.protocol.Opcodes;
import io.scyllaboot.driver.testing.fakenode.FakeCluster;
import io.scyllaboot.driver.testing.fakenode.FakeClusterFixture;
import io.scyllaboot.driver.testing.fakenode.FakeNode;
import java.net.InetSocketAddress;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** A session's routing options against the fake cluster: pinned node, node filter, failover. */
class RoutingSessionTest {
  private static final int PORT = 19042;
  private static final String INSERT = FakeClusterFixture.INSERT;

  @RegisterExtension final FakeClusterFixture fixture = new FakeClusterFixture();
  private FakeCluster cluster;
  private CqlSession session;

  private CqlSession start(FakeCluster fake, CqlSessionBuilder builder) {
    cluster = fixture.start(fake);
    session = fixture.connect(builder);
    return session;
  }

  private static int queries(FakeNode node) {
    return node.received(Opcodes.QUERY).size() + node.received(Opcodes.EXECUTE).size();
  }

  private Node driverNode(int index) {
    InetSocketAddress address = cluster.node(index).address();
    return session.metadata().nodes().stream()
        .filter(node -> node.address().equals(address))
        .findFirst()
        .orElseThrow();
  }

  @Test
  void should_send_a_pinned_statement_to_its_node_only() {
    start(new FakeCluster(3, PORT), CqlSession.builder());
    Node target = driverNode(2);
    cluster.nodes().forEach(FakeNode::clearReceived);
    for (int k = 0; k < 30; k++) {
      session.execute(session.prepare(INSERT).bind(k, "v").withNode(target)).close();
    }
    assertThat(cluster.node(2).received(Opcodes.EXECUTE)).hasSize(30);
    assertThat(cluster.node(0).received(Opcodes.EXECUTE)).isEmpty();
    assertThat(cluster.node(1).received(Opcodes.EXECUTE)).isEmpty();
    ResultSet rows = session.execute(SimpleStatement.of("SELECT now() FROM x").withNode(target));
    assertThat(rows.executionInfo().coordinator()).isEqualTo(target.address());
  }

  @Test
  void should_fail_a_statement_pinned_to_a_node_the_session_cannot_reach() {
    start(new FakeCluster(PORT, "dc1", "dc2"), CqlSession.builder().withLocalDatacenter("dc1"));
    Node remote = driverNode(1); // dc2 without failover: no pool
    assertThatThrownBy(() -> session.execute(SimpleStatement.of("SELECT 1").withNode(remote)))
        .isInstanceOf(AllNodesFailedException.class)
        .hasMessageContaining("no node could run");
    Node stranger = new DefaultNode(new InetSocketAddress("127.0.0.99", PORT));
    assertThatThrownBy(() -> session.execute(SimpleStatement.of("SELECT 1").withNode(stranger)))
        .isInstanceOf(AllNodesFailedException.class);
    assertThat(queries(cluster.node(1))).isZero();
    session.execute("SELECT 1").close(); // the session is fine
  }

  @Test
  void should_never_connect_to_a_node_the_filter_rejects() {
    InetSocketAddress rejected = new InetSocketAddress("127.0.0.2", PORT);
    start(
        new FakeCluster(3, PORT),
        CqlSession.builder().withNodeFilter(node -> !node.address().equals(rejected)));
    for (int k = 0; k < 30; k++) {
      session.execute(INSERT, k, "v").close();
    }
    assertThat(cluster.node(1).openConnections()).isZero();
    assertThat(cluster.node(1).received(Opcodes.EXECUTE)).isEmpty();
    assertThat(
            cluster.node(0).received(Opcodes.EXECUTE).size()
                + cluster.node(2).received(Opcodes.EXECUTE).size())
        .isEqualTo(30);
  }

  @Test
  void should_fail_over_to_the_remote_datacenter_except_for_local_consistency() {
    start(
        new FakeCluster(PORT, "dc1", "dc2"),
        CqlSession.builder().withLocalDatacenter("dc1").withRemoteDatacenterFailover(1, false));
    SimpleStatement one = SimpleStatement.of("SELECT 1").withConsistency(ConsistencyLevel.ONE);
    ResultSet local = session.execute(one);
    assertThat(local.executionInfo().coordinator()).isEqualTo(cluster.node(0).address());
    assertThat(local.executionInfo().remoteDatacenter()).isFalse();
    await()
        .atMost(Duration.ofSeconds(5))
        .until(() -> cluster.node(1).openConnections() > 0); // the remote node's pool
    cluster.node(0).stop();
    ResultSet remote =
        await()
            .atMost(Duration.ofSeconds(10))
            .ignoreExceptions()
            .until(() -> session.execute(one), rows -> true);
    assertThat(remote.executionInfo().coordinator()).isEqualTo(cluster.node(1).address());
    assertThat(remote.executionInfo().remoteDatacenter()).isTrue();
    assertThatThrownBy(() -> session.execute(one.withConsistency(ConsistencyLevel.LOCAL_ONE)))
        .isInstanceOf(AllNodesFailedException.class);
    assertThatThrownBy(
            () -> session.execute(SimpleStatement.of("SELECT 1")), "the session's LOCAL_ONE")
        .isInstanceOf(AllNodesFailedException.class);
  }

  @Test
  void should_route_a_profile_to_its_own_datacenter_and_say_when_none_of_its_nodes_is_up() {
    start(
        new FakeCluster(PORT, "dc1", "dc2"),
        CqlSession.builder()
            .withLocalDatacenter("dc1")
            .withProfile("remote", ExecutionProfile.of().withLocalDatacenter("dc2"))
            .withProfile("nowhere", ExecutionProfile.of().withLocalDatacenter("dc3")));
    SimpleStatement select = SimpleStatement.of("SELECT 1");
    assertThat(session.execute(select).executionInfo().coordinator())
        .isEqualTo(cluster.node(0).address());
    for (int i = 0; i < 5; i++) {
      ResultSet rows = session.execute(select.withProfile("remote"));
      assertThat(rows.executionInfo().coordinator()).isEqualTo(cluster.node(1).address());
      assertThat(rows.executionInfo().remoteDatacenter())
          .as("sent where its profile says: no failover")
          .isFalse();
    }
    assertThatThrownBy(() -> session.execute(select.withProfile("nowhere")))
        .isInstanceOf(NoNodeAvailableException.class)
        .hasMessageContaining("no node is up");
    session.execute(select).close(); // the session is fine
  }
}
