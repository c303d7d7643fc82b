package io.scyllaboot.driver.internal.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.internal.protocol.Opcodes;
import io.scyllaboot.driver.internal.protocol.Primitives;
import io.scyllaboot.driver.testing.fakenode.FakeCluster;
import io.scyllaboot.driver.testing.fakenode.FakeClusterFixture;
import io.scyllaboot.driver.testing.fakenode.FakeNode;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Issue 32, defect 8 (metadata): a REGISTER that times out closes its connection, the schema is
 * read again after the control connection moves, and a table's schema change does not refresh the
 * topology.
 */
class ControlConnectionLifecycleTest {
  private static final int PORT = 19955;

  @RegisterExtension final FakeClusterFixture fixture = new FakeClusterFixture();

  private static long queries(FakeNode node, String fragment) {
    return node.received(Opcodes.QUERY).stream()
        .filter(request -> request.query().contains(fragment))
        .count();
  }

  @Test
  void should_close_a_control_connection_whose_register_times_out() {
    FakeCluster cluster = fixture.start(new FakeCluster(2, PORT));
    fixture.connect(CqlSession.builder().withConnectTimeout(Duration.ofSeconds(1)));
    FakeNode other = cluster.node(1);
    await().atMost(Duration.ofSeconds(5)).until(() -> other.openConnections() > 0);
    int pooled = other.openConnections();
    other.answerRegister(false);
    cluster.node(0).stop(); // the control connection moves: node 1 never answers its REGISTER
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> other.received(Opcodes.REGISTER).size() >= 2);
    // Each attempt's connection is closed when its REGISTER times out: only the pool's remain.
    await().atMost(Duration.ofSeconds(3)).until(() -> other.openConnections() <= pooled);
    assertThat(other.openConnections()).isLessThanOrEqualTo(pooled);
  }

  @Test
  void should_read_the_schema_again_when_the_control_connection_moves() {
    FakeCluster cluster = fixture.start(new FakeCluster(2, PORT));
    fixture.connect(CqlSession.builder().withSchemaMetadata(true));
    FakeNode other = cluster.node(1);
    other.clearReceived();
    cluster.node(0).stop(); // events were lost meanwhile: the kept schema may be stale
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> queries(other, "FROM system_schema.tables") > 0);
  }

  @Test
  void should_not_refresh_the_topology_for_a_table_change() {
    FakeCluster cluster = fixture.start(new FakeCluster(2, PORT));
    fixture.connect(CqlSession.builder().withSchemaMetadata(true));
    FakeNode control = cluster.node(0);
    control.clearReceived();
    control.pushEvent(
        out -> {
          Primitives.writeString(out, "SCHEMA_CHANGE");
          Primitives.writeString(out, "CREATED");
          Primitives.writeString(out, "TABLE");
          Primitives.writeString(out, "ks");
          Primitives.writeString(out, "t1");
        });
    // The schema is read (once, debounced) ...
    await()
        .atMost(Duration.ofSeconds(5))
        .until(() -> queries(control, "FROM system_schema.tables") > 0);
    // ... but neither system.local nor the peers: a table does not change the ring.
    await().pollDelay(Duration.ofMillis(3 * Cluster.REFRESH_DEBOUNCE_MILLIS)).until(() -> true);
    assertThat(queries(control, "FROM system.peers")).isZero();

    control.pushEvent(
        out -> {
          Primitives.writeString(out, "SCHEMA_CHANGE");
          Primitives.writeString(out, "UPDATED");
          Primitives.writeString(out, "KEYSPACE");
          Primitives.writeString(out, "ks");
        });
    // A keyspace's replication is part of the token map: that one refreshes it.
    await()
        .atMost(Duration.ofSeconds(5))
        .until(() -> queries(control, "FROM system_schema.keyspaces") > 1);
  }
}
