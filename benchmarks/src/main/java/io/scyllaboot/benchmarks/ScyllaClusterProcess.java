package io.scyllaboot.benchmarks;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The harness's handle on {@link BenchScyllaCluster}'s JVM: starts it, reads its routing counters
 * through its standard input and output, and stops it.
 */
final class ScyllaClusterProcess implements AutoCloseable {
  /** Requests with a token, those on their owning shard, and the cross-shard hops. */
  record Counters(long withToken, long onOwningShard, long hops) {}

  private final Process process;
  private final BufferedReader out;
  private final Writer in;

  private ScyllaClusterProcess(Process process) {
    this.process = process;
    this.out =
        new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    this.in = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
  }

  static ScyllaClusterProcess start(
      String javaBin,
      String classpath,
      String firstAddress,
      int port,
      int shardAwarePort,
      int nodes,
      int shards,
      long hopMicros)
      throws IOException {
    List<String> command = new ArrayList<>();
    command.add(javaBin);
    command.addAll(List.of("-Xms256m", "-Xmx256m", "-XX:+UseG1GC", "-cp", classpath));
    String tablets = System.getProperty(BenchScyllaCluster.TABLETS_PROPERTY);
    if (tablets != null) {
      command.add("-D" + BenchScyllaCluster.TABLETS_PROPERTY + "=" + tablets);
    }
    command.add(BenchScyllaCluster.class.getName());
    command.addAll(
        List.of(
            firstAddress,
            String.valueOf(port),
            String.valueOf(shardAwarePort),
            String.valueOf(nodes),
            String.valueOf(shards),
            String.valueOf(hopMicros)));
    ScyllaClusterProcess started =
        new ScyllaClusterProcess(new ProcessBuilder(command).redirectErrorStream(true).start());
    started.await("FAKE-SCYLLA-READY");
    return started;
  }

  long pid() {
    return process.pid();
  }

  /** The counters since the previous call (which zeroes them). */
  Counters counters() throws IOException {
    in.write("COUNTERS\n");
    in.flush();
    String line = await("COUNTERS ");
    long[] values = new long[3];
    String[] fields = line.substring("COUNTERS ".length()).trim().split(" ");
    for (int i = 0; i < values.length; i++) {
      values[i] = Long.parseLong(fields[i].substring(fields[i].indexOf('=') + 1));
    }
    return new Counters(values[0], values[1], values[2]);
  }

  /** Reads its output (log lines included) up to a line with this prefix. */
  private String await(String prefix) throws IOException {
    List<String> seen = new ArrayList<>();
    String line;
    while ((line = out.readLine()) != null) {
      if (line.startsWith(prefix)) {
        return line;
      }
      seen.add(line);
    }
    throw new IllegalStateException(
        "the fake ScyllaDB cluster stopped before " + prefix + "; its output: " + seen);
  }

  @Override
  public void close() throws InterruptedException {
    try {
      in.close(); // end of input: it stops
    } catch (IOException ignored) {
      // already gone
    }
    if (!process.waitFor(10, TimeUnit.SECONDS)) {
      process.destroy();
      process.waitFor(10, TimeUnit.SECONDS);
    }
  }
}
