package io.scyllaboot.driver.testing;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The local two-datacenter cluster of {@code scripts/cassandra-dc-cluster.sh}: node 1 (127.0.0.21,
 * dc1/rack1), node 2 (127.0.0.22, dc1/rack2), node 3 (127.0.0.23, dc2/rack1). Tests stop nodes
 * through the script; {@link #ensureRunning()} starts whatever is down.
 */
public final class DatacenterCluster {
  public static final String DC1 = "dc1";
  public static final String DC2 = "dc2";

  private DatacenterCluster() {}

  /** Node {@code n}'s CQL address (1 to 3). */
  public static InetSocketAddress address(int n) {
    if (n < 1 || n > 3) {
      throw new IllegalArgumentException("node index must be 1 to 3, was " + n);
    }
    return new InetSocketAddress("127.0.0.2" + n, 9042);
  }

  public static List<InetSocketAddress> addresses() {
    return List.of(address(1), address(2), address(3));
  }

  /** Starts what is down and waits until every node lists the two others. */
  public static void ensureRunning() {
    run("start");
  }

  /** Stops node {@code n} (SIGTERM) and waits for its process to end. */
  public static void stop(int n) {
    run("stop", String.valueOf(n));
  }

  private static void run(String... arguments) {
    Path script = CassandraNode.repositoryRoot().resolve("scripts/cassandra-dc-cluster.sh");
    List<String> command = new java.util.ArrayList<>(List.of("bash", script.toString()));
    command.addAll(List.of(arguments));
    try {
      // Output to a file: inheriting would write into the forked JVM's channel to failsafe.
      Path log = CassandraNode.repositoryRoot().resolve("driver-core/target/dc-cluster-script.log");
      Process process =
          new ProcessBuilder(command)
              .redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
              .start();
      if (!process.waitFor(300, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        throw new IllegalStateException(script + " " + String.join(" ", arguments) + " hung");
      }
      if (process.exitValue() != 0) {
        throw new IllegalStateException(
            script + " " + String.join(" ", arguments) + " failed (see " + log + ")");
      }
    } catch (IOException e) {
      throw new IllegalStateException("cannot run " + script, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
  }
}
