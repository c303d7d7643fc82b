package io.scyllaboot.driver.testing;

import java.io.BufferedReader;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The local 3-node cluster of {@code scripts/cassandra-cluster.sh}: node {@code n} (1 to 3) on
 * 127.0.0.1n:9042. Tests stop, kill and restart its nodes through the script, so they must leave
 * every node up when they finish ({@link #ensureRunning()} waits for that).
 */
public final class CassandraCluster {
  public static final int SIZE = 3;
  public static final String DATACENTER = "datacenter1";

  private CassandraCluster() {}

  /** Node {@code n}'s CQL address. */
  public static InetSocketAddress address(int n) {
    if (n < 1 || n > SIZE) {
      throw new IllegalArgumentException("node index must be 1 to " + SIZE + ", was " + n);
    }
    return new InetSocketAddress("127.0.0.1" + n, 9042);
  }

  public static List<InetSocketAddress> addresses() {
    List<InetSocketAddress> all = new ArrayList<>();
    for (int n = 1; n <= SIZE; n++) {
      all.add(address(n));
    }
    return all;
  }

  /** The index of the node at this address (its host; the port is ignored). */
  public static int indexOf(InetSocketAddress address) {
    for (int n = 1; n <= SIZE; n++) {
      if (address(n).getAddress().equals(address.getAddress())) {
        return n;
      }
    }
    throw new IllegalArgumentException(address + " is not a node of the cluster");
  }

  /**
   * Starts whatever is down and waits until every node answers CQL and lists the two others in
   * {@code system.peers} (the script is idempotent: running nodes are reused).
   */
  public static void ensureRunning() {
    run("start");
  }

  /**
   * Ends node {@code n} with SIGKILL (no shutdown: the kernel resets its connections) and waits for
   * the process to be gone. Done here rather than by the script so that the caller's clock reads
   * the moment of the kill, not that plus a shell's start-up.
   */
  public static void kill(int n) {
    Path pidFile = CassandraNode.repositoryRoot().resolve(".cluster/node" + n + "/cassandra.pid");
    long pid;
    try {
      pid = Long.parseLong(Files.readString(pidFile).trim());
    } catch (IOException | NumberFormatException e) {
      throw new IllegalStateException("node " + n + " has no readable pid in " + pidFile, e);
    }
    ProcessHandle process =
        ProcessHandle.of(pid)
            .orElseThrow(
                () -> new IllegalStateException("node " + n + " (pid " + pid + ") is not running"));
    process.destroyForcibly();
    try {
      process.onExit().get(30, TimeUnit.SECONDS);
    } catch (Exception e) {
      throw new IllegalStateException("node " + n + " (pid " + pid + ") did not die", e);
    }
  }

  /**
   * Freezes node {@code n} with SIGSTOP: its sockets stay open and the kernel still accepts and
   * buffers, but the process answers nothing until {@link #thaw(int)}.
   */
  public static void freeze(int n) {
    signal(n, "STOP");
  }

  /** Resumes a node frozen by {@link #freeze(int)} (SIGCONT). */
  public static void thaw(int n) {
    signal(n, "CONT");
  }

  private static void signal(int n, String signal) {
    long pid = pid(n);
    try {
      Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(pid)).start();
      if (!kill.waitFor(10, TimeUnit.SECONDS) || kill.exitValue() != 0) {
        throw new IllegalStateException("kill -" + signal + " " + pid + " failed (node " + n + ")");
      }
    } catch (IOException e) {
      throw new IllegalStateException("cannot run kill -" + signal, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
  }

  private static long pid(int n) {
    Path pidFile = CassandraNode.repositoryRoot().resolve(".cluster/node" + n + "/cassandra.pid");
    try {
      return Long.parseLong(Files.readString(pidFile).trim());
    } catch (IOException | NumberFormatException e) {
      throw new IllegalStateException("node " + n + " has no readable pid in " + pidFile, e);
    }
  }

  /** Stops node {@code n} with SIGTERM and waits for its process to end. */
  public static void stop(int n) {
    run("stop", String.valueOf(n));
  }

  /** Stops every node in parallel (SIGTERM). */
  public static void stopAll() {
    run("stop");
  }

  /** Starts node {@code n} and waits until the cluster is ready again. */
  public static void start(int n) {
    run("start", String.valueOf(n));
  }

  /** {@link #start(int)} in the background, so that a test can watch the node come back. */
  public static Process startInBackground(int n) {
    return startProcess("start", String.valueOf(n));
  }

  /** {@link #ensureRunning()} in the background. */
  public static Process startAllInBackground() {
    return startProcess("start");
  }

  /** Waits for a process of {@link #startInBackground} and checks that it succeeded. */
  public static void await(Process process) {
    try {
      if (!process.waitFor(300, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        throw new IllegalStateException("scripts/cassandra-cluster.sh did not finish in 300 s");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
    if (process.exitValue() != 0) {
      throw new IllegalStateException(
          "scripts/cassandra-cluster.sh failed with exit code " + process.exitValue());
    }
  }

  /** Whether node {@code n}'s CQL port accepts a TCP connection within {@code timeout}. */
  public static boolean portOpen(int n, Duration timeout) {
    try (Socket socket = new Socket()) {
      socket.connect(address(n), (int) timeout.toMillis());
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  private static void run(String... arguments) {
    await(startProcess(arguments));
  }

  /**
   * Starts the script with its output copied line by line to System.out: inheriting the file
   * descriptors would write straight into the channel of the forked test JVM, which failsafe reads.
   */
  private static Process startProcess(String... arguments) {
    Process process;
    try {
      process = new ProcessBuilder(command(arguments)).redirectErrorStream(true).start();
    } catch (IOException e) {
      throw new IllegalStateException("cannot run scripts/cassandra-cluster.sh", e);
    }
    Thread copier =
        new Thread(
            () -> {
              try (BufferedReader lines = process.inputReader()) {
                lines.lines().forEach(System.out::println);
              } catch (IOException | java.io.UncheckedIOException e) {
                // the process ended; nothing more to copy
              }
            },
            "cassandra-cluster-output");
    copier.setDaemon(true);
    copier.start();
    return process;
  }

  private static List<String> command(String... arguments) {
    Path script = CassandraNode.repositoryRoot().resolve("scripts/cassandra-cluster.sh");
    List<String> command = new ArrayList<>(List.of("bash", script.toString()));
    command.addAll(List.of(arguments));
    return command;
  }
}
