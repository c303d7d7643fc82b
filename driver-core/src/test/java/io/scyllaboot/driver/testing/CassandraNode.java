package io.scyllaboot.driver.testing;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The project's one real Cassandra node, shared by every integration test of a build. The test
 * command ({@code scripts/test.sh}) starts it before Maven runs and stops it afterwards; when a
 * test runs on its own (from an IDE, or {@code mvn verify} directly) and the node is not up, this
 * starts it with {@code scripts/cassandra-node.sh start} and leaves it running for the next run.
 */
public final class CassandraNode {
  public static final String HOST = System.getProperty("scylla.test.host", "127.0.0.1");
  public static final int PORT = Integer.getInteger("scylla.test.port", 9042);

  private static final AtomicInteger KEYSPACE_COUNTER = new AtomicInteger();
  private static boolean checked;

  private CassandraNode() {}

  public static InetSocketAddress address() {
    return new InetSocketAddress(HOST, PORT);
  }

  /** Makes sure the node answers on its CQL port, starting it if needed. */
  public static synchronized void ensureRunning() {
    if (checked && isListening()) {
      return;
    }
    if (!isListening()) {
      start();
    }
    checked = true;
  }

  /**
   * A keyspace name unique to this JVM run and test, so that tests never see each other's data:
   * {@code it_<prefix>_<pid>_<n>}.
   */
  public static String uniqueKeyspace(String prefix) {
    return ("it_"
            + prefix
            + "_"
            + ProcessHandle.current().pid()
            + "_"
            + KEYSPACE_COUNTER.incrementAndGet())
        .toLowerCase(Locale.ROOT);
  }

  /** A session on the local node with a generous request timeout (DDL on a busy machine). */
  public static io.scyllaboot.driver.api.CqlSession openSession() {
    return io.scyllaboot.driver.api.CqlSession.builder()
        .addContactPoint(address())
        .withRequestTimeout(java.time.Duration.ofSeconds(30))
        .build();
  }

  /** Creates a keyspace of one replica (the local node is a cluster of one). */
  public static void createKeyspace(io.scyllaboot.driver.api.CqlSession session, String keyspace) {
    session.execute(
        "CREATE KEYSPACE "
            + keyspace
            + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
  }

  static boolean isListening() {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress(HOST, PORT), 1000);
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  private static void start() {
    runScript("start");
  }

  /** Runs {@code scripts/cassandra-node.sh} with these arguments and waits for it. */
  static void runScript(String... arguments) {
    Path script = findScript();
    List<String> command = new ArrayList<>(List.of("bash", script.toString()));
    command.addAll(List.of(arguments));
    try {
      Process process = new ProcessBuilder(command).inheritIO().start();
      if (!process.waitFor(300, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        throw new IllegalStateException(command + " did not finish within 300 s");
      }
      if (process.exitValue() != 0) {
        throw new IllegalStateException(
            command + " failed with exit code " + process.exitValue() + "; see its output above");
      }
    } catch (IOException e) {
      throw new IllegalStateException("cannot run " + script, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while starting the node", e);
    }
  }

  /** The repository root: the nearest directory above the working one holding the node script. */
  static Path repositoryRoot() {
    return findScript().getParent().getParent();
  }

  private static Path findScript() {
    Path dir = Path.of("").toAbsolutePath();
    while (dir != null) {
      Path script = dir.resolve("scripts/cassandra-node.sh");
      if (Files.isRegularFile(script)) {
        return script;
      }
      dir = dir.getParent();
    }
    throw new IllegalStateException(
        "no node on "
            + HOST
            + ":"
            + PORT
            + " and scripts/cassandra-node.sh not found above "
            + Path.of("").toAbsolutePath());
  }
}
