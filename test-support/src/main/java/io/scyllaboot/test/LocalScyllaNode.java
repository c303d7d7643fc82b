package io.scyllaboot.test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * A local Apache Cassandra 5.0 node for an application's development and tests, started from Maven
 * Central jars (no Docker, no installation): {@link #ensureRunning()} reuses a node that answers on
 * 127.0.0.1:9042, else fetches {@code org.apache.cassandra:cassandra-all} with Maven (once, into
 * {@code ~/.cache/scylla-boot/cassandra}), writes a minimal configuration, starts the node in the
 * background and waits for its CQL port. A node started here is stopped when the JVM exits, unless
 * {@code scylla.local-node.keep=true}.
 *
 * <p>From a shell: {@code java -cp <test classpath> io.scyllaboot.test.LocalScyllaNode start|stop}.
 * Needs {@code mvn} on the PATH (or {@code MAVEN_CMD}) the first time, and Java 17 or 11 to run the
 * node.
 */
public final class LocalScyllaNode {
  private static final String VERSION = "5.0.6";
  private static final LocalScyllaNode SHARED =
      new LocalScyllaNode("127.0.0.1", 9042, 7199, home());

  private final String host;
  private final int port;
  private final int jmxPort;
  private final Path dir;
  private Process process;

  private LocalScyllaNode(String host, int port, int jmxPort, Path dir) {
    this.host = host;
    this.port = port;
    this.jmxPort = jmxPort;
    this.dir = dir;
  }

  /**
   * A node of its own on another loopback address (127.0.0.x, port 9042 and storage port 7000 are
   * per address), kept under {@code dir}; {@code jmxPort} must differ from other nodes'.
   */
  public static LocalScyllaNode on(String host, int jmxPort, Path dir) {
    return new LocalScyllaNode(host, 9042, jmxPort, dir);
  }

  /** The node on 127.0.0.1:9042. */
  public static LocalScyllaNode shared() {
    return SHARED;
  }

  private static final Map<String, LocalScyllaNode> BY_ADDRESS = new ConcurrentHashMap<>();

  /**
   * The node of this JVM on {@code host:port}: the shared one for 127.0.0.1:9042, else one kept
   * under a directory of its own (a loopback address other than 127.0.0.1 keeps its storage port
   * apart from the shared node's).
   */
  public static LocalScyllaNode at(String host, int port) {
    if (SHARED.host.equals(host) && SHARED.port == port) {
      return SHARED;
    }
    return BY_ADDRESS.computeIfAbsent(
        host + ":" + port,
        address ->
            new LocalScyllaNode(
                host,
                port,
                freePort(),
                home().resolveSibling(home().getFileName() + "-" + host + "-" + port)));
  }

  private static int freePort() {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException("no free port for the node's JMX", e);
    }
  }

  private static Path home() {
    String configured = System.getProperty("scylla.local-node.dir");
    return configured != null
        ? Path.of(configured)
        : Path.of(System.getProperty("user.home"), ".cache", "scylla-boot", "cassandra-" + VERSION);
  }

  public String host() {
    return host;
  }

  public int port() {
    return port;
  }

  /** {@code host:port}, as {@code scylla.contact-points} takes it. */
  public String contactPoint() {
    return host + ":" + port;
  }

  /** The data center of the node (SimpleSnitch's). */
  public String datacenter() {
    return "datacenter1";
  }

  public boolean isListening() {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress(host, port), 500);
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  /** Starts the node unless one answers already; returns when its CQL port accepts connections. */
  public synchronized LocalScyllaNode ensureRunning() {
    return ensureRunning(true);
  }

  /**
   * As {@link #ensureRunning()}, but a node that answers on the address and that this JVM did not
   * start is used only if {@code reuse} is true: a test must not write into whatever server happens
   * to listen there unless told to.
   *
   * @throws IllegalStateException if another process's node answers and {@code reuse} is false
   */
  public synchronized LocalScyllaNode ensureRunning(boolean reuse) {
    if (isListening()) {
      if (reuse || (process != null && process.isAlive())) {
        return this;
      }
      throw new IllegalStateException(
          "a node this JVM did not start answers on "
              + contactPoint()
              + ": to run the test against it, say so with @WithLocalScyllaNode(reuse = true)"
              + " (or -Dscylla.local-node.reuse=true); else free the address or choose another"
              + " with @WithLocalScyllaNode(host = ..., port = ...)");
    }
    try {
      fetchJars();
      writeConfig();
      start(Duration.ofSeconds(Long.getLong("scylla.local-node.start-timeout-seconds", 180)));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start the local node under " + dir, e);
    }
    return this;
  }

  private void fetchJars() throws IOException {
    Path lib = dir.resolve("lib");
    if (Files.exists(lib.resolve(".complete"))) {
      return;
    }
    Files.createDirectories(lib);
    Path pom = dir.resolve("fetch-pom.xml");
    Files.writeString(
        pom,
        """
        <project xmlns="http://maven.apache.org/POM/4.0.0">
          <modelVersion>4.0.0</modelVersion>
          <groupId>io.scyllaboot.local</groupId><artifactId>cassandra-node</artifactId>
          <version>1</version><packaging>pom</packaging>
          <dependencies><dependency><groupId>org.apache.cassandra</groupId>
            <artifactId>cassandra-all</artifactId><version>%s</version></dependency></dependencies>
        </project>
        """
            .formatted(VERSION));
    String maven = System.getenv().getOrDefault("MAVEN_CMD", "mvn");
    run(
        List.of(
            maven,
            "-B",
            "-q",
            "-f",
            pom.toString(),
            "org.apache.maven.plugins:maven-dependency-plugin:3.8.1:copy-dependencies",
            "-DincludeScope=runtime",
            "-DoutputDirectory=" + lib),
        Duration.ofMinutes(10));
    Files.createFile(lib.resolve(".complete"));
  }

  private void writeConfig() throws IOException {
    Path conf = Files.createDirectories(dir.resolve("conf"));
    Path data = dir.resolve("data");
    Files.createDirectories(dir.resolve("logs"));
    Files.writeString(
        conf.resolve("cassandra.yaml"),
        String.join(
            "\n",
            "cluster_name: scylla-boot-local",
            "num_tokens: 16",
            "partitioner: org.apache.cassandra.dht.Murmur3Partitioner",
            "endpoint_snitch: SimpleSnitch",
            "auto_bootstrap: false",
            "storage_compatibility_mode: NONE",
            "listen_address: " + host,
            "rpc_address: " + host,
            "start_native_transport: true",
            "native_transport_port: " + port,
            "seed_provider:",
            "  - class_name: org.apache.cassandra.locator.SimpleSeedProvider",
            "    parameters:",
            "      - seeds: \"" + host + "\"",
            "data_file_directories:",
            "  - " + data.resolve("data"),
            "commitlog_directory: " + data.resolve("commitlog"),
            "saved_caches_directory: " + data.resolve("saved_caches"),
            "hints_directory: " + data.resolve("hints"),
            "cdc_raw_directory: " + data.resolve("cdc_raw"),
            "commitlog_sync: periodic",
            "commitlog_sync_period: 10000ms",
            "memtable_heap_space: 64MiB",
            "memtable_offheap_space: 64MiB",
            "concurrent_compactors: 1",
            "auto_snapshot: false",
            "authenticator: AllowAllAuthenticator",
            "authorizer: AllowAllAuthorizer",
            "user_defined_functions_enabled: false",
            ""),
        StandardCharsets.UTF_8);
  }

  private void start(Duration timeout) throws IOException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    String heap = System.getProperty("scylla.local-node.heap", "768M");
    command.addAll(List.of("-Xms" + heap, "-Xmx" + heap, "-Xss256k", "-XX:+UseG1GC"));
    command.addAll(JvmFlags.CASSANDRA_17);
    command.add("-Dcassandra.config=file://" + dir.resolve("conf/cassandra.yaml"));
    command.add("-Dcassandra.storagedir=" + dir.resolve("data"));
    command.add("-Dcassandra.logdir=" + dir.resolve("logs"));
    command.add("-Dcassandra-foreground=yes");
    command.add("-Dcassandra.skip_wait_for_gossip_to_settle=0");
    command.add("-Dcassandra.jmx.local.port=" + jmxPort);
    command.add("-cp");
    command.add(dir.resolve("lib") + "/*");
    command.add("org.apache.cassandra.service.CassandraDaemon");
    Path log = dir.resolve("logs/stdout.log");
    process =
        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    if (!Boolean.getBoolean("scylla.local-node.keep")) {
      Runtime.getRuntime().addShutdownHook(new Thread(this::stop, "scylla-local-node-stop"));
    }
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!isListening()) {
      if (!process.isAlive()) {
        throw new IllegalStateException(
            "the local node exited before opening its CQL port; see " + log + ":\n" + tail(log));
      }
      if (System.nanoTime() > deadline) {
        process.destroy();
        throw new IllegalStateException(
            "the local node did not open "
                + contactPoint()
                + " within "
                + timeout
                + "; see "
                + log);
      }
      try {
        process.waitFor(250, TimeUnit.MILLISECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted while starting the local node", e);
      }
    }
  }

  private static String tail(Path log) {
    try {
      List<String> lines = Files.readAllLines(log);
      return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
    } catch (IOException e) {
      return "(unreadable: " + e.getMessage() + ")";
    }
  }

  /** Stops the node if this JVM started it. */
  public synchronized void stop() {
    if (process != null && process.isAlive()) {
      process.destroy();
      try {
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
          process.destroyForcibly();
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    process = null;
  }

  private static void run(List<String> command, Duration timeout) throws IOException {
    Process fetch = new ProcessBuilder(command).inheritIO().start();
    try {
      if (!fetch.waitFor(timeout.toSeconds(), TimeUnit.SECONDS) || fetch.exitValue() != 0) {
        fetch.destroyForcibly();
        throw new IllegalStateException("'" + String.join(" ", command) + "' failed");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while fetching Cassandra", e);
    }
  }

  /** Starts the node (unless one is up) and keeps it running until this process is stopped. */
  public static void main(String[] args) throws InterruptedException {
    System.setProperty("scylla.local-node.keep", "true");
    LocalScyllaNode node = shared().ensureRunning();
    System.out.println("local node up on " + node.contactPoint() + " (Ctrl-C to stop it)");
    Runtime.getRuntime().addShutdownHook(new Thread(node::stop));
    Thread.currentThread().join();
  }
}
