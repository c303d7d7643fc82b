package io.scyllaboot.test.fakescylla;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.driver.api.type.PrimitiveType;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The ScyllaDB Java driver 4.18.0.2, unmodified, against the fake cluster offering ScyllaDB 2026's
 * handshake options ({@code SCYLLA_HOST_ID}, {@code CLIENT_OPTIONS}): it must ignore what it does
 * not know, as a real server's older clients do. It shares the Apache driver's packages, so it runs
 * in a JVM of its own: this module's test classpath with its jars (copied by the build into {@code
 * target/scylladb-driver}) in place of the Apache driver's.
 */
class ScyllaDbJavaDriverTest {
  private static final String INSERT = "INSERT INTO shop.items (id, name) VALUES (?, ?)";

  @Test
  void the_scylladb_driver_4_18_connects_and_ignores_the_options_it_does_not_know()
      throws Exception {
    try (FakeScyllaCluster cluster =
        FakeScyllaCluster.builder()
            .firstAddress("127.0.64.1")
            .port(29742)
            .shardAwarePort(29743)
            .nodes(3)
            .shards(2)
            .build()) {
      cluster.prime(
          INSERT,
          List.of(new Column("id", PrimitiveType.INT), new Column("name", PrimitiveType.TEXT)),
          new int[] {0},
          List.of(),
          List.of());
      List<String> command = new ArrayList<>();
      command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
      command.add("-cp");
      command.add(classpath());
      command.add(ScyllaDbDriverClient.class.getName());
      command.add(cluster.node(0).address().getHostString());
      command.add(Integer.toString(cluster.port()));
      command.add(cluster.datacenter());
      command.add("200");
      Path output = Files.createTempFile("scylladb-driver", ".log");
      try {
        Process client =
            new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(output.toFile())
                .start();
        boolean exited = client.waitFor(2, TimeUnit.MINUTES);
        if (!exited) {
          client.destroyForcibly();
        }
        String log = Files.readString(output, StandardCharsets.UTF_8);
        assertThat(exited).as("the client ends: %s", log).isTrue();
        assertThat(client.exitValue()).as("exit code; output: %s", log).isZero();
        assertThat(log).contains("CONNECTED nodes=3 requests=200 driver=").contains("4.18.0.2");
      } finally {
        Files.deleteIfExists(output);
      }
      List<Map<String, String>> startups =
          cluster.nodes().stream().flatMap(node -> node.startups().stream()).toList();
      assertThat(startups)
          .isNotEmpty()
          .allSatisfy(
              startup ->
                  assertThat(startup)
                      .containsKey("DRIVER_NAME")
                      .doesNotContainKeys("CLIENT_OPTIONS", "SCYLLA_HOST_ID"));
      long executes = cluster.received().stream().filter(r -> r.opcode() == 0x0A).count();
      assertThat(executes).isGreaterThanOrEqualTo(200);
    }
  }

  /** This JVM's test classpath less the Apache driver's jars, plus the ScyllaDB driver's. */
  private static String classpath() throws Exception {
    Path jars = Path.of("target", "scylladb-driver");
    assertThat(jars)
        .as("copied by the build (maven-dependency-plugin, test-support)")
        .isDirectory();
    String testClasspath =
        System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    List<String> entries = new ArrayList<>();
    for (String entry : testClasspath.split(File.pathSeparator)) {
      if (!entry.isEmpty() && !Path.of(entry).getFileName().toString().startsWith("java-driver-")) {
        entries.add(entry);
      }
    }
    try (var listing = Files.list(jars)) {
      listing.map(Path::toAbsolutePath).map(Path::toString).sorted().forEach(entries::add);
    }
    return String.join(File.pathSeparator, entries);
  }
}
