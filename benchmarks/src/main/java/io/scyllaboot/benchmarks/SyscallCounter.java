package io.scyllaboot.benchmarks;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Counts the system calls of this process's threads over an interval, with {@code perf stat} on the
 * kernel's syscall tracepoints (root, or {@code perf_event_paranoid} low enough): a counter per
 * event, no sampling, so the run is hardly slowed. perf attaches to the threads that exist when it
 * starts (start it after the warm-up, which creates the clients' threads) with its events disabled;
 * {@link #enable} and {@link #stop} switch them through perf's control FIFOs and wait for its
 * acknowledgement, so that the interval is exact. Off with {@code -Dbench.syscalls=false}; absent
 * or refused perf gives -1 counts.
 */
final class SyscallCounter {
  /** The METRICS field and the tracepoints it sums. */
  static final Map<String, List<String>> GROUPS = new LinkedHashMap<>();

  static {
    GROUPS.put("syscalls", List.of("raw_syscalls:sys_enter"));
    GROUPS.put(
        "sys_writes",
        List.of(
            "syscalls:sys_enter_write",
            "syscalls:sys_enter_writev",
            "syscalls:sys_enter_sendto",
            "syscalls:sys_enter_sendmsg"));
    GROUPS.put(
        "sys_reads",
        List.of(
            "syscalls:sys_enter_read",
            "syscalls:sys_enter_readv",
            "syscalls:sys_enter_recvfrom",
            "syscalls:sys_enter_recvmsg"));
    GROUPS.put(
        "sys_polls",
        List.of(
            "syscalls:sys_enter_epoll_wait",
            "syscalls:sys_enter_epoll_pwait",
            "syscalls:sys_enter_epoll_pwait2"));
    GROUPS.put(
        "sys_timer_ctl",
        List.of("syscalls:sys_enter_timerfd_settime", "syscalls:sys_enter_epoll_ctl"));
    GROUPS.put("sys_futex", List.of("syscalls:sys_enter_futex"));
  }

  private final Process perf;
  private final Path dir;
  private final OutputStream control;
  private final BufferedReader ack;

  private SyscallCounter(Process perf, Path dir, OutputStream control, BufferedReader ack) {
    this.perf = perf;
    this.dir = dir;
    this.control = control;
    this.ack = ack;
  }

  /** Attaches perf to this process with its counters off, or returns null if it cannot. */
  static SyscallCounter attach() {
    if (!Boolean.parseBoolean(System.getProperty("bench.syscalls", "true"))) {
      return null;
    }
    Path dir = null;
    try {
      dir = Files.createTempDirectory("bench-syscalls");
      Path ctl = dir.resolve("ctl");
      Path ackFifo = dir.resolve("ack");
      if (new ProcessBuilder("mkfifo", ctl.toString(), ackFifo.toString()).start().waitFor() != 0) {
        return null;
      }
      String events = String.join(",", GROUPS.values().stream().flatMap(List::stream).toList());
      Process perf =
          new ProcessBuilder(
                  "perf",
                  "stat",
                  "-x,",
                  "-D",
                  "-1",
                  "--control",
                  "fifo:" + ctl + "," + ackFifo,
                  "-o",
                  dir.resolve("counts").toString(),
                  "-e",
                  events,
                  "-p",
                  Long.toString(ProcessHandle.current().pid()))
              .redirectErrorStream(true)
              .redirectOutput(dir.resolve("perf.log").toFile())
              .start();
      // Opening a FIFO blocks until perf opens its end; a perf that fails never does, so the
      // opening runs aside and is given up after a while (its thread is a daemon).
      CompletableFuture<SyscallCounter> opened = new CompletableFuture<>();
      Path finalDir = dir;
      Thread opener =
          new Thread(
              () -> {
                try {
                  OutputStream out = Files.newOutputStream(ctl);
                  BufferedReader in =
                      new BufferedReader(
                          new InputStreamReader(
                              Files.newInputStream(ackFifo), StandardCharsets.US_ASCII));
                  opened.complete(new SyscallCounter(perf, finalDir, out, in));
                } catch (IOException e) {
                  opened.completeExceptionally(e);
                }
              },
              "syscall-counter-open");
      opener.setDaemon(true);
      opener.start();
      try {
        return opened.get(20, TimeUnit.SECONDS);
      } catch (Exception e) {
        perf.destroyForcibly();
        return null;
      }
    } catch (IOException e) {
      return null;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    }
  }

  /** Turns the counters on; returns once perf has. */
  void enable() throws IOException {
    command("enable");
  }

  /**
   * Turns the counters on, or gives perf up when it does not answer (the counts are then -1): the
   * syscall figures are extra, and a perf hiccup must not fail the client's run.
   */
  boolean tryEnable() {
    try {
      enable();
      return true;
    } catch (IOException e) {
      abandon(e);
      return false;
    }
  }

  /** {@link #stop()}, or null (counts -1) when perf does not answer. */
  Map<String, Long> tryStop() {
    try {
      return stop();
    } catch (IOException e) {
      abandon(e);
      return null;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      abandon(e);
      return null;
    }
  }

  private void abandon(Exception cause) {
    System.err.println(
        "[benchmark] perf stopped answering (" + cause.getMessage() + "): no syscall counts");
    perf.destroyForcibly();
    try {
      for (String file : List.of("counts", "perf.log", "ctl", "ack")) {
        Files.deleteIfExists(dir.resolve(file));
      }
      Files.deleteIfExists(dir);
    } catch (IOException ignored) {
      // a temporary directory left behind
    }
  }

  /** Turns the counters off, ends perf and returns each group's count (-1 where not counted). */
  Map<String, Long> stop() throws IOException, InterruptedException {
    command("disable");
    new ProcessBuilder("kill", "-INT", Long.toString(perf.pid())).start().waitFor();
    perf.waitFor(20, TimeUnit.SECONDS);
    Map<String, Long> byEvent = new LinkedHashMap<>();
    for (String line : Files.readAllLines(dir.resolve("counts"))) {
      String[] fields = line.split(",");
      if (fields.length > 2) {
        try {
          byEvent.put(fields[2], Long.parseLong(fields[0]));
        } catch (NumberFormatException notCounted) {
          byEvent.put(fields[2], -1L);
        }
      }
    }
    for (String file : List.of("counts", "perf.log", "ctl", "ack")) {
      Files.deleteIfExists(dir.resolve(file));
    }
    Files.deleteIfExists(dir);
    Map<String, Long> counts = new LinkedHashMap<>();
    GROUPS.forEach(
        (name, events) -> {
          long sum = 0;
          for (String event : events) {
            long count = byEvent.getOrDefault(event, -1L);
            sum = count < 0 || sum < 0 ? -1 : sum + count;
          }
          counts.put(name, sum);
        });
    return counts;
  }

  private void command(String command) throws IOException {
    control.write((command + "\n").getBytes(StandardCharsets.US_ASCII));
    control.flush();
    String reply = ack.readLine();
    // perf writes the C string with its terminating NUL: the next reply starts with it.
    if (reply == null || !reply.replace("\0", "").startsWith("ack")) {
      throw new IOException("perf did not acknowledge " + command + ": " + reply);
    }
  }

  /** The METRICS fields of counts, -1 each when there are none. */
  static String fields(Map<String, Long> counts) {
    StringBuilder line = new StringBuilder();
    for (String name : GROUPS.keySet()) {
      line.append(' ')
          .append(name)
          .append('=')
          .append(counts == null ? -1 : counts.getOrDefault(name, -1L));
    }
    return line.toString();
  }
}
