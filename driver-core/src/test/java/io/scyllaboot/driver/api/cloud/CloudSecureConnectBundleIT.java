package io.scyllaboot.driver.api.cloud;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.PreparedStatement;
import io.scyllaboot.driver.api.cql.Row;
import io.scyllaboot.driver.api.metadata.Node;
import io.scyllaboot.driver.testing.CassandraNode;
import io.scyllaboot.driver.testing.CassandraNodeExtension;
import io.scyllaboot.driver.testing.FakeCloud;
import java.nio.file.Path;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A secure connect bundle in front of the real node: {@link FakeCloud}'s metadata service and SNI
 * proxy, the node reached through the proxy by its own host id. The Apache driver reads the same
 * bundle, so the fixture is the format that driver reads, not only the one ours does.
 */
@ExtendWith(CassandraNodeExtension.class)
class CloudSecureConnectBundleIT {
  @TempDir static Path directory;
  private static FakeCloud cloud;
  private static UUID hostId;
  private static String datacenter;
  private static String releaseVersion;

  @BeforeAll
  static void startCloud() throws Exception {
    try (CqlSession plain = CassandraNode.openSession()) {
      Row local =
          plain.execute("SELECT host_id, data_center, release_version FROM system.local").one();
      hostId = local.getUuid("host_id");
      datacenter = local.getString("data_center");
      releaseVersion = local.getString("release_version");
    }
    cloud = new FakeCloud(directory, Map.of(hostId, CassandraNode.address()), datacenter);
  }

  @AfterAll
  static void stopCloud() throws Exception {
    if (cloud != null) {
      cloud.close();
    }
  }

  @Test
  void should_read_the_node_through_the_proxy_as_the_astra_example_does() throws Exception {
    int before = cloud.connectionsTo(hostId);
    try (CqlSession session =
        CqlSession.builder().withCloudSecureConnectBundle(cloud.bundle()).build()) {
      Row row = session.execute("select release_version from system.local").one();
      assertThat(row.getString("release_version")).isEqualTo(releaseVersion);
      PreparedStatement prepared =
          session.prepare("SELECT host_id FROM system.local WHERE key = ?");
      assertThat(session.execute(prepared.bind("local")).one().getUuid("host_id"))
          .isEqualTo(hostId);
      Node node = session.metadata().nodes().iterator().next();
      assertThat(node.address().getHostString()).isEqualTo(hostId.toString());
      assertThat(node.address().getPort()).isEqualTo(cloud.proxyAddress().getPort());
      assertThat(node.datacenter()).isEqualTo(datacenter);
    }
    assertThat(cloud.connectionsTo(hostId))
        .as("the control connection and the pool's, by the node's host id")
        .isGreaterThanOrEqualTo(before + 2);
    assertThat(cloud.serverNames()).containsOnly(hostId.toString());
  }

  @Test
  void should_be_a_bundle_the_apache_driver_reads_too() throws Exception {
    try (com.datastax.oss.driver.api.core.CqlSession apache =
        com.datastax.oss.driver.api.core.CqlSession.builder()
            .withCloudSecureConnectBundle(cloud.bundle())
            .build()) {
      com.datastax.oss.driver.api.core.cql.Row row =
          apache.execute("select release_version from system.local").one();
      assertThat(row.getString("release_version")).isEqualTo(releaseVersion);
      assertThat(apache.getMetadata().getNodes()).hasSize(1);
    }
  }
}
