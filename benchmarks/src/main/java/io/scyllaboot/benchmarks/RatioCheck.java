package io.scyllaboot.benchmarks;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * CI's guard against a regression of our driver's cost (issue 35): ratios of ours ({@code scylla})
 * to the Apache driver ({@code apache}) in one run of the harness, each against an upper bound,
 * never an absolute time (the machine's load moves both clients alike).
 *
 * <p>The bounds come from {@code --check-ratios workload.figure=max,...}, figure {@code cpu}
 * (client CPU us/op) or {@code alloc} (allocated B/op), e.g. {@code
 * select.cpu=1.0,select.alloc=0.6}. The check reads the run's {@code RESULT} lines; a bound whose
 * workload lacks either client's line fails too (a check that cannot run must not pass).
 */
final class RatioCheck {
  static final String OURS = "scylla";

  /** The exit code of a run whose clients all ran but a ratio broke its bound. */
  static final int EXIT_RATIO = 3;

  /** One bound: ours / Apache's {@code figure} at {@code workload} at most {@code max}. */
  record Bound(String workload, String figure, double max) {
    String field() {
      return switch (figure) {
        case "cpu" -> "cpu_us_per_op";
        case "alloc" -> "alloc_bytes_per_op";
        default -> throw new IllegalArgumentException("unknown figure " + figure);
      };
    }
  }

  /** One bound checked: its ratio (NaN when a client's result is missing) and the line to print. */
  record Outcome(Bound bound, double ratio, boolean passed, String line) {}

  private RatioCheck() {}

  /** Parses {@code insert.cpu=1.0,select.alloc=0.6}. */
  static List<Bound> parse(String spec) {
    List<Bound> bounds = new ArrayList<>();
    for (String item : spec.split(",")) {
      String[] nameAndMax = item.trim().split("=");
      String[] workloadAndFigure = nameAndMax[0].split("\\.");
      if (nameAndMax.length != 2 || workloadAndFigure.length != 2) {
        throw new IllegalArgumentException(
            "--check-ratios: expected workload.figure=max, got \"" + item + "\"");
      }
      Bound bound =
          new Bound(workloadAndFigure[0], workloadAndFigure[1], Double.parseDouble(nameAndMax[1]));
      bound.field(); // rejects an unknown figure now rather than after the run
      bounds.add(bound);
    }
    return bounds;
  }

  /**
   * Checks every bound at every concurrency at which either compared client ran that workload (the
   * smoke pass runs the synchronous templates at another one), once with C=? if neither ran it.
   */
  static List<Outcome> check(List<String> resultLines, List<Bound> bounds) {
    Map<String, Map<String, String>> byKey = new LinkedHashMap<>(); // in the run's order
    for (String line : resultLines) {
      Map<String, String> fields = fields(line);
      byKey.put(
          fields.get("workload") + "|" + fields.get("client") + "|" + fields.get("concurrency"),
          fields);
    }
    List<Outcome> outcomes = new ArrayList<>();
    for (Bound bound : bounds) {
      List<String> concurrencies = new ArrayList<>();
      for (Map<String, String> fields : byKey.values()) {
        boolean compared =
            fields.get("client").equals(OURS) || fields.get("client").equals(Benchmark.BASELINE);
        if (compared
            && bound.workload().equals(fields.get("workload"))
            && !concurrencies.contains(fields.get("concurrency"))) {
          concurrencies.add(fields.get("concurrency"));
        }
      }
      if (concurrencies.isEmpty()) {
        concurrencies.add("?");
      }
      for (String concurrency : concurrencies) {
        Map<String, String> ours = byKey.get(bound.workload() + "|" + OURS + "|" + concurrency);
        Map<String, String> apache =
            byKey.get(bound.workload() + "|" + Benchmark.BASELINE + "|" + concurrency);
        outcomes.add(outcome(bound, concurrency, ours, apache));
      }
    }
    return outcomes;
  }

  private static Outcome outcome(
      Bound bound, String concurrency, Map<String, String> ours, Map<String, String> apache) {
    String name =
        String.format(
            Locale.ROOT,
            "%s %s C=%s %s/%s",
            bound.workload(),
            bound.field(),
            concurrency,
            OURS,
            Benchmark.BASELINE);
    if (ours == null || apache == null) {
      return new Outcome(
          bound,
          Double.NaN,
          false,
          String.format(
              Locale.ROOT,
              "RATIO CHECK FAILED: %s: no result for %s (bound %.2fx)",
              name,
              ours == null ? OURS : Benchmark.BASELINE,
              bound.max()));
    }
    double mine = Double.parseDouble(ours.get(bound.field()));
    double theirs = Double.parseDouble(apache.get(bound.field()));
    double ratio = mine / theirs;
    boolean passed = ratio <= bound.max(); // NaN (0 / 0) fails
    return new Outcome(
        bound,
        ratio,
        passed,
        String.format(
            Locale.ROOT,
            "RATIO CHECK %s: %s = %.2fx %s bound %.2fx (%s %s, %s %s)",
            passed ? "ok" : "FAILED",
            name,
            ratio,
            passed ? "<=" : "above",
            bound.max(),
            OURS,
            ours.get(bound.field()),
            Benchmark.BASELINE,
            apache.get(bound.field())));
  }

  /** The {@code key=value} fields of a RESULT line. */
  static Map<String, String> fields(String line) {
    Map<String, String> fields = new HashMap<>();
    for (String token : line.trim().split("\\s+")) {
      int eq = token.indexOf('=');
      if (eq > 0) {
        fields.put(token.substring(0, eq), token.substring(eq + 1));
      }
    }
    return fields;
  }
}
