package io.scyllaboot.driver.api.cloud;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.Row;
import io.scyllaboot.driver.api.error.ConnectionException;
import io.scyllaboot.driver.api.metadata.Node;
import io.scyllaboot.driver.api.metrics.DriverMetric;
import io.scyllaboot.driver.testing.FakeCloud;
import io.scyllaboot.driver.testing.fakenode.FakeCluster;
import io.scyllaboot.driver.testing.fakenode.FakeClusterFixture;
import io.scyllaboot.driver.testing.fakenode.FakeNode;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A DataStax Astra secure connect bundle ({@code withCloudSecureConnectBundle}): three fake nodes
 * behind {@link FakeCloud}'s metadata service and SNI proxy, every node reached through the proxy
 * by its host id. The real node behind the same fixture, and the Apache driver reading the same
 * bundle: {@code CloudSecureConnectBundleIT}.
 */
class CloudSecureConnectBundleTest {
  private static final int PORT = 19961;

  @RegisterExtension final FakeClusterFixture fixture = new FakeClusterFixture();
  @TempDir Path directory;
  private FakeCluster cluster;
  private FakeCloud cloud;

  @BeforeEach
  void start() throws Exception {
    cluster = fixture.start(new FakeCluster(3, PORT));
    Map<UUID, InetSocketAddress> nodes = new LinkedHashMap<>();
    for (FakeNode node : cluster.nodes()) {
      nodes.put(node.hostId(), node.address());
    }
    cloud = new FakeCloud(directory, nodes, "dc1");
  }

  @AfterEach
  void stop() throws Exception {
    cloud.close();
  }

  @Test
  void should_reach_every_node_through_the_proxy_by_its_host_id() throws Exception {
    SimpleMeterRegistry registry = new SimpleMeterRegistry();
    try (CqlSession session =
        CqlSession.builder()
            .withCloudSecureConnectBundle(cloud.bundle())
            .withMeterRegistry(registry)
            .withConnectTimeout(Duration.ofSeconds(5))
            .build()) {
      for (int k = 0; k < 30; k++) {
        Row row = session.execute(FakeClusterFixture.SELECT, k).one();
        assertThat(row.getString("v")).isEqualTo("value");
      }
      assertThat(cloud.metadataRequests()).isEqualTo(1);
      Map<InetSocketAddress, Node> nodes = new java.util.HashMap<>();
      session.metadata().nodes().forEach(node -> nodes.put(node.address(), node));
      assertThat(nodes).hasSize(3);
      for (FakeNode fake : cluster.nodes()) {
        UUID hostId = fake.hostId();
        Node node = nodes.get(InetSocketAddress.createUnresolved(hostId.toString(), proxyPort()));
        assertThat(node).as("the node of host id %s", hostId).isNotNull();
        assertThat(node.hostId()).isEqualTo(hostId);
        assertThat(node.datacenter()).isEqualTo("dc1");
        assertThat(cloud.connectionsTo(hostId)).as("connections to %s", hostId).isPositive();
        assertThat(fake.received()).as("requests %s received", hostId).isNotEmpty();
        assertThat(
                registry
                    .find(DriverMetric.NODE_REQUESTS_ACTIVE.meterName())
                    .tag(DriverMetric.NODE_TAG, hostId + ":" + proxyPort())
                    .gauge())
            .as("the node's meters, tagged with its host id")
            .isNotNull();
      }
      assertThat(cloud.serverNames())
          .as("no connection asked the proxy for a name it does not route")
          .containsExactlyInAnyOrderElementsOf(
              cluster.nodes().stream().map(n -> n.hostId().toString()).toList());
    }
  }

  @Test
  void should_name_the_node_not_the_proxy_in_errors() throws Exception {
    try (CqlSession session =
        CqlSession.builder().withCloudSecureConnectBundle(cloud.bundle()).build()) {
      session.execute(FakeClusterFixture.SELECT, 1); // prepared while the nodes answer
      cluster.behave(
          FakeClusterFixture.SELECT,
          io.scyllaboot.driver.testing.fakenode.FakeCluster.Behaviour.error(
              io.scyllaboot.driver.testing.fakenode.FakeResponses.error(0x2200, "refused")));
      assertThatThrownBy(() -> session.execute(FakeClusterFixture.SELECT, 1))
          .isInstanceOfSatisfying(
              io.scyllaboot.driver.api.error.ServerException.class,
              error -> {
                InetSocketAddress node = (InetSocketAddress) error.node();
                assertThat(node.isUnresolved()).as("a host id endpoint: %s", node).isTrue();
                assertThat(error.coordinator()).isNotNull();
                assertThat(error.coordinator().hostId().toString()).isEqualTo(node.getHostString());
              });
      // Prepared on every node: each node's failure is its own, not one of the proxy's.
      cluster.behave(
          io.scyllaboot.driver.testing.fakenode.FakeCluster.PREPARE_PREFIX
              + FakeClusterFixture.INSERT,
          io.scyllaboot.driver.testing.fakenode.FakeCluster.Behaviour.error(
              io.scyllaboot.driver.testing.fakenode.FakeResponses.error(0x1001, "overloaded")));
      assertThatThrownBy(() -> session.prepare(FakeClusterFixture.INSERT))
          .isInstanceOfSatisfying(
              io.scyllaboot.driver.api.error.AllNodesFailedException.class,
              error -> assertThat(error.allErrors()).hasSize(3));
    }
  }

  @Test
  void should_refuse_a_proxy_whose_certificate_names_another_host() throws Exception {
    Map<UUID, InetSocketAddress> nodes = new LinkedHashMap<>();
    cluster.nodes().forEach(node -> nodes.put(node.hostId(), node.address()));
    try (FakeCloud elsewhere =
        new FakeCloud(directory.resolve("elsewhere"), nodes, "dc1", "127.0.0.2")) {
      Path bundle = elsewhere.bundle();
      assertThatThrownBy(
              () ->
                  CqlSession.builder()
                      .withCloudSecureConnectBundle(bundle)
                      .withConnectTimeout(Duration.ofSeconds(2))
                      .build())
          .hasMessageContaining("TLS handshake");
      assertThat(elsewhere.connectionsTo(cluster.node(0).hostId()))
          .as("no connection got past the handshake")
          .isZero();
    }
  }

  @Test
  void should_fail_the_stage_of_build_async_not_its_caller() {
    var stage =
        CqlSession.builder()
            .withCloudSecureConnectBundle(directory.resolve("absent.zip"))
            .buildAsync()
            .toCompletableFuture();
    assertThat(stage)
        .failsWithin(Duration.ofSeconds(10))
        .withThrowableThat()
        .havingRootCause()
        .isInstanceOf(java.nio.file.NoSuchFileException.class);
  }

  @Test
  void should_read_the_bundle_from_a_url_and_from_a_stream() throws Exception {
    Path bundle = cloud.bundle();
    try (CqlSession session =
        CqlSession.builder().withCloudSecureConnectBundle(bundle.toUri().toURL()).build()) {
      assertThat(session.execute(FakeClusterFixture.SELECT, 1).one().getString("v"))
          .isEqualTo("value");
    }
    try (InputStream in = Files.newInputStream(bundle);
        CqlSession session = CqlSession.builder().withCloudSecureConnectBundle(in).build()) {
      assertThat(session.execute(FakeClusterFixture.SELECT, 1).one().getString("v"))
          .isEqualTo("value");
    }
    assertThat(cloud.metadataRequests()).isEqualTo(2);
  }

  @Test
  void should_use_the_bundles_contact_points_tls_and_data_center_over_those_given_beside_it()
      throws Exception {
    // As the DataStax driver does: a Spring application's properties may set all three.
    try (CqlSession session =
        CqlSession.builder()
            .addContactPoint(new InetSocketAddress("127.0.0.1", 1)) // nothing listens there
            .withSslContext(javax.net.ssl.SSLContext.getDefault()) // trusts no fake key
            .withLocalDatacenter("elsewhere") // no node is there
            .withAddressTranslator(address -> new InetSocketAddress("127.0.0.1", 1))
            .withCloudSecureConnectBundle(cloud.bundle())
            .build()) {
      assertThat(session.execute(FakeClusterFixture.SELECT, 1).one().getString("v"))
          .isEqualTo("value");
      assertThat(session.metadata().nodes())
          .allSatisfy(node -> assertThat(node.address().isUnresolved()).isTrue());
    }
  }

  @Test
  void should_name_the_local_data_center_that_has_no_node() {
    assertThatThrownBy(
            () ->
                CqlSession.builder()
                    .addContactPoint(cluster.node(0).address())
                    .withLocalDatacenter("elsewhere")
                    .withConnectTimeout(Duration.ofSeconds(2))
                    .build())
        .isInstanceOf(io.scyllaboot.driver.api.error.AllNodesFailedException.class)
        .hasMessageContaining("the local data center elsewhere has no node")
        .hasMessageContaining("[dc1]");
  }

  @Test
  void should_name_the_file_a_bundle_lacks() throws Exception {
    Path broken = directory.resolve("broken.zip");
    copyWithout(cloud.bundle(), broken, "identity.jks");
    assertThatThrownBy(() -> CqlSession.builder().withCloudSecureConnectBundle(broken).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("identity.jks");
    assertThatThrownBy(
            () ->
                CqlSession.builder()
                    .withCloudSecureConnectBundle(directory.resolve("absent.zip"))
                    .build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("absent.zip");
  }

  @Test
  void should_say_when_the_metadata_service_does_not_answer() throws Exception {
    Path bundle = cloud.bundle();
    cloud.close();
    assertThatThrownBy(
            () ->
                CqlSession.builder()
                    .withCloudSecureConnectBundle(bundle)
                    .withConnectTimeout(Duration.ofSeconds(2))
                    .build())
        .isInstanceOf(ConnectionException.class)
        .hasMessageContaining("cloud metadata service");
  }

  private int proxyPort() {
    return cloud.proxyAddress().getPort();
  }

  private static void copyWithout(Path from, Path to, String left) throws Exception {
    try (ZipInputStream in = new ZipInputStream(Files.newInputStream(from));
        OutputStream file = Files.newOutputStream(to);
        ZipOutputStream out = new ZipOutputStream(file)) {
      for (ZipEntry entry = in.getNextEntry(); entry != null; entry = in.getNextEntry()) {
        if (!entry.getName().equals(left)) {
          out.putNextEntry(new ZipEntry(entry.getName()));
          out.write(in.readAllBytes());
        }
      }
    }
  }
}
