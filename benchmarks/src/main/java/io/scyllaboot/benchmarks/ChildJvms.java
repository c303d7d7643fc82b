package io.scyllaboot.benchmarks;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What the harnesses do with the JVMs they start: flags, a client's METRICS, a server's output. */
final class ChildJvms {
  /** The flags each client JVM gets unless {@code --jvm} says otherwise. */
  static final String DEFAULT_FLAGS = "-Xms1g -Xmx1g -XX:+UseG1GC -XX:+AlwaysPreTouch";

  private ChildJvms() {}

  /** {@code --jvm "FLAGS"}, split at white space. */
  static List<String> flags(String flags) {
    return Arrays.asList(flags.trim().split("\\s+"));
  }

  /**
   * Reads a client's output to its end, every line into {@code output}; returns the fields of its
   * last {@code METRICS name=value ...} line, or null when it printed none.
   */
  static Map<String, Double> metrics(Process process, List<String> output) throws IOException {
    Map<String, Double> metrics = null;
    try (BufferedReader reader =
        new BufferedReader(
            new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = reader.readLine()) != null) {
        output.add(line);
        if (line.startsWith("METRICS ")) {
          metrics = new LinkedHashMap<>();
          for (String field : line.substring(8).trim().split(" ")) {
            int eq = field.indexOf('=');
            metrics.put(field.substring(0, eq), Double.parseDouble(field.substring(eq + 1)));
          }
        }
      }
    }
    return metrics;
  }

  /** Reads the rest of a server's output on a daemon thread, so that it never blocks writing. */
  static void drain(BufferedReader reader) {
    Thread drain =
        new Thread(
            () -> {
              try {
                reader.transferTo(java.io.Writer.nullWriter());
              } catch (IOException ignored) {
                // the server stopped
              }
            });
    drain.setDaemon(true);
    drain.start();
  }
}
