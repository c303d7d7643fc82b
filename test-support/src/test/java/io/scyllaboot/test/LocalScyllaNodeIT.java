package io.scyllaboot.test;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.ResultSet;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Starts a node of its own from scratch (jars, configuration, process), queries it, stops it. */
class LocalScyllaNodeIT {

  @Test
  void should_start_a_node_from_maven_central_jars_and_stop_it() {
    LocalScyllaNode node =
        LocalScyllaNode.on("127.0.0.9", 7999, Path.of("target", "local-node").toAbsolutePath());
    assertThat(node.isListening()).isFalse();
    try {
      node.ensureRunning();
      assertThat(node.isListening()).isTrue();
      try (CqlSession session =
              CqlSession.builder()
                  .addContactPoint(new InetSocketAddress(node.host(), node.port()))
                  .withLocalDatacenter(node.datacenter())
                  .withRequestTimeout(Duration.ofSeconds(20))
                  .build();
          ResultSet rs = session.execute("SELECT cluster_name FROM system.local")) {
        assertThat(rs.one().getString(0)).isEqualTo("scylla-boot-local");
      }
    } finally {
      node.stop();
    }
    assertThat(node.isListening()).isFalse();
  }
}
