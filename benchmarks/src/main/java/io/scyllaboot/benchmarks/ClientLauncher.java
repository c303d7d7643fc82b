package io.scyllaboot.benchmarks;

import io.scyllaboot.benchmarks.Clients.Workload;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Runs one client in its own JVM ({@link ClientMain}) with the harness's flags and reads back its
 * {@code METRICS} line; picks the classpath a client name asks for.
 */
final class ClientLauncher {
  private final BenchOptions options;
  private final String javaBin;
  private final String classpath;
  private final long serverPid;
  private final PrintStream log;

  ClientLauncher(
      BenchOptions options, String javaBin, String classpath, long serverPid, PrintStream log) {
    this.options = options;
    this.javaBin = javaBin;
    this.classpath = classpath;
    this.serverPid = serverPid;
    this.log = log;
  }

  /**
   * The client a name runs: {@code scylla@base} is {@code scylla} on another build of the driver
   * (an A/B run of two commits, interleaved like any two clients), whose jars the harness's {@code
   * -Dbench.build.base=JAR[:JAR]} names; they go before the harness's own on the classpath.
   */
  static String kind(String client) {
    int at = client.indexOf('@');
    return at < 0 ? client : client.substring(0, at);
  }

  /** The jars of a {@code client@build}'s build and a path separator, or "" for the harness's. */
  private static String build(String client) {
    int at = client.indexOf('@');
    if (at < 0) {
      return "";
    }
    String jars = System.getProperty("bench.build." + client.substring(at + 1));
    if (jars == null) {
      throw new IllegalArgumentException(
          client + ": no -Dbench.build." + client.substring(at + 1) + "=JAR[:JAR] given");
    }
    return jars + java.io.File.pathSeparator;
  }

  /**
   * The harness's classpath less the Apache driver's jars ({@code java-driver-*}), then the jars of
   * the ScyllaDB driver (module benchmarks-scylladb-driver, {@code -Dbench.scylladb-driver-lib}):
   * the fork's driver and protocol classes, the harness's versions of what both share.
   */
  private String scyllaDbDriverClasspath() throws IOException {
    Path lib =
        Path.of(
            System.getProperty(
                "bench.scylladb-driver-lib", "benchmarks-scylladb-driver/target/lib"));
    if (!Files.isDirectory(lib)) {
      throw new IllegalStateException(
          "no "
              + lib.toAbsolutePath()
              + ": build it with mvn -pl benchmarks,benchmarks-scylladb-driver -am package");
    }
    List<String> entries = new ArrayList<>();
    for (String entry : classpath.split(java.io.File.pathSeparator)) {
      if (!Path.of(entry).getFileName().toString().startsWith("java-driver-")) {
        entries.add(entry);
      }
    }
    try (var jars = Files.list(lib)) {
      jars.map(Path::toString).filter(j -> j.endsWith(".jar")).sorted().forEach(entries::add);
    }
    return String.join(java.io.File.pathSeparator, entries);
  }

  /** Runs one client JVM; returns its METRICS, or null if it failed. */
  Map<String, Double> run(String client, Workload workload, int concurrency, long ops, long warmup)
      throws Exception {
    List<String> command = new ArrayList<>();
    command.add(javaBin);
    command.addAll(options.jvmFlags);
    if (options.noNode) {
      command.add("-Dbench.select-key-value=" + BenchScyllaCluster.ROW_VALUE);
    }
    if (options.scylla) {
      command.add("-Dbench.shard-aware-port=" + options.shardAwarePort());
    }
    command.add("-cp");
    command.add(
        client.equals(Benchmark.SCYLLADB_DRIVER)
            ? scyllaDbDriverClasspath()
            : build(client) + classpath);
    command.add(ClientMain.class.getName());
    command.addAll(
        List.of(
            kind(client),
            workload.label,
            String.valueOf(concurrency),
            String.valueOf(ops),
            String.valueOf(warmup),
            options.host,
            String.valueOf(options.port),
            String.valueOf(serverPid)));
    Process process =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.PIPE)
            .start();
    List<String> output = new ArrayList<>();
    Map<String, Double> metrics = ChildJvms.metrics(process, output);
    int exit = process.waitFor();
    if (exit != 0 || metrics == null) {
      log.println("   client " + client + " exited with " + exit + "; its output:");
      output.stream()
          .skip(Math.max(0, output.size() - 40))
          .forEach(l -> log.println("     | " + l));
      return null;
    }
    return metrics;
  }
}
