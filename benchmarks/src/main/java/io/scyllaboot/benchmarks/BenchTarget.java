package io.scyllaboot.benchmarks;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * What the clients run against, as the harness sees it: the fake node's or the fake ScyllaDB
 * cluster's JVM, which it starts and stops, or the local node, which it only finds.
 */
final class BenchTarget implements AutoCloseable {
  private final BenchOptions options;
  private final String javaBin;
  private final String classpath;
  private final PrintStream log;
  private Process fakeNode;
  private ScyllaClusterProcess scyllaCluster;

  private BenchTarget(BenchOptions options, String javaBin, String classpath, PrintStream log) {
    this.options = options;
    this.javaBin = javaBin;
    this.classpath = classpath;
    this.log = log;
  }

  /** Starts the fake the options name, if any. */
  static BenchTarget start(BenchOptions options, String javaBin, String classpath, PrintStream log)
      throws Exception {
    BenchTarget target = new BenchTarget(options, javaBin, classpath, log);
    if (options.fake) {
      target.startFakeNode();
    }
    if (options.scylla) {
      target.startScyllaCluster();
    }
    return target;
  }

  /** The fake ScyllaDB cluster's routing counters, or null when the target is another. */
  ScyllaClusterProcess scyllaCluster() {
    return scyllaCluster;
  }

  private void startFakeNode() throws Exception {
    List<String> command = new ArrayList<>();
    command.add(javaBin);
    command.addAll(List.of("-Xms256m", "-Xmx256m", "-XX:+UseG1GC", "-cp", classpath));
    command.add(BenchFakeNode.class.getName());
    command.add(options.host);
    command.add(String.valueOf(options.port));
    fakeNode = new ProcessBuilder(command).redirectErrorStream(true).start();
    BufferedReader reader =
        new BufferedReader(
            new InputStreamReader(fakeNode.getInputStream(), StandardCharsets.UTF_8));
    String line = reader.readLine();
    if (line == null || !line.startsWith("FAKE-NODE-READY")) {
      throw new IllegalStateException("the fake node did not start: " + line);
    }
    ChildJvms.drain(reader);
    log.println(
        "== fake node (pid " + fakeNode.pid() + ") on " + options.host + ":" + options.port);
  }

  private void startScyllaCluster() throws IOException {
    scyllaCluster =
        ScyllaClusterProcess.start(
            javaBin,
            classpath,
            options.host,
            options.port,
            options.shardAwarePort(),
            options.nodes(),
            options.shards(),
            options.hopMicros());
    log.println("== " + options.target() + ", pid " + scyllaCluster.pid());
  }

  /** The pid of the process listening on the node's port (a fake, or the real node). */
  long serverPid() {
    if (fakeNode != null) {
      return fakeNode.pid();
    }
    if (scyllaCluster != null) {
      return scyllaCluster.pid();
    }
    try {
      Process ss =
          new ProcessBuilder("ss", "-ltnpH", "( sport = :" + options.port + " )")
              .redirectErrorStream(true)
              .start();
      String out = new String(ss.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      ss.waitFor();
      java.util.regex.Pattern pid = java.util.regex.Pattern.compile("pid=(\\d+)");
      for (String line : out.split("\n")) {
        // the node's own address: other local nodes may listen on the same port elsewhere
        if (line.contains(" " + options.host + ":" + options.port + " ")) {
          java.util.regex.Matcher m = pid.matcher(line);
          if (m.find()) {
            return Long.parseLong(m.group(1));
          }
        }
      }
      return -1;
    } catch (Exception e) {
      return -1;
    }
  }

  /** Stops the fake this started, if any; the local node stays up. */
  @Override
  public void close() throws InterruptedException {
    if (fakeNode != null) {
      fakeNode.destroy();
      fakeNode.waitFor(10, TimeUnit.SECONDS);
    }
    if (scyllaCluster != null) {
      scyllaCluster.close();
    }
  }
}
