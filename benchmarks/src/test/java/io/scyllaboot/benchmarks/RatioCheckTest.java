package io.scyllaboot.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** CI's ratio check on crafted RESULT lines: which ratio broke which bound, and what it prints. */
class RatioCheckTest {
  private static String result(String workload, String client, double cpu, double alloc) {
    return "RESULT workload="
        + workload
        + " client="
        + client
        + " concurrency=256 ops_per_s=1000 cpu_us_per_op="
        + cpu
        + " alloc_bytes_per_op="
        + alloc
        + " p99_us=900 mode=fake";
  }

  @Test
  void parsesBoundsPerWorkloadAndFigure() {
    assertThat(RatioCheck.parse("select.cpu=1.0, insert.alloc=0.6"))
        .containsExactly(
            new RatioCheck.Bound("select", "cpu", 1.0),
            new RatioCheck.Bound("insert", "alloc", 0.6));
  }

  @Test
  void rejectsAMalformedSpecOrAnUnknownFigureBeforeTheRun() {
    assertThatThrownBy(() -> RatioCheck.parse("select=1.0"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("workload.figure=max");
    assertThatThrownBy(() -> RatioCheck.parse("select.p99=1.0"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("p99");
  }

  @Test
  void passesWhenEveryRatioIsWithinItsBound() {
    List<String> lines =
        List.of(
            result("select", "harness", 3, 300),
            result("select", "apache", 40, 5000),
            result("select", "scylla", 24, 1500),
            result("insert", "apache", 35, 3000),
            result("insert", "scylla", 35, 1800));
    List<RatioCheck.Outcome> outcomes =
        RatioCheck.check(lines, RatioCheck.parse("select.cpu=1.0,select.alloc=0.6,insert.cpu=1.0"));

    assertThat(outcomes).allMatch(RatioCheck.Outcome::passed).hasSize(3);
    assertThat(outcomes.get(0).ratio()).isEqualTo(0.6);
    assertThat(outcomes.get(0).line())
        .isEqualTo(
            "RATIO CHECK ok: select cpu_us_per_op C=256 scylla/apache = 0.60x <= bound 1.00x"
                + " (scylla 24.0, apache 40.0)");
    // a ratio equal to its bound holds
    assertThat(outcomes.get(2).ratio()).isEqualTo(1.0);
  }

  @Test
  void namesTheRatioThatBrokeItsBoundWithItsValue() {
    List<String> lines =
        List.of(
            result("select", "apache", 40, 5000),
            result("select", "scylla", 48, 3500),
            result("insert", "apache", 35, 3000),
            result("insert", "scylla", 20, 900));
    List<RatioCheck.Outcome> outcomes =
        RatioCheck.check(lines, RatioCheck.parse("select.cpu=1.0,select.alloc=0.6,insert.cpu=1.0"));

    assertThat(outcomes).extracting(RatioCheck.Outcome::passed).containsExactly(false, false, true);
    assertThat(outcomes.get(0).line())
        .isEqualTo(
            "RATIO CHECK FAILED: select cpu_us_per_op C=256 scylla/apache = 1.20x above bound 1.00x"
                + " (scylla 48.0, apache 40.0)");
    assertThat(outcomes.get(1).line())
        .startsWith(
            "RATIO CHECK FAILED: select alloc_bytes_per_op C=256 scylla/apache = 0.70x above"
                + " bound 0.60x");
  }

  @Test
  void failsABoundWhoseClientDidNotReport() {
    List<RatioCheck.Outcome> outcomes =
        RatioCheck.check(
            List.of(result("select", "apache", 40, 5000)), RatioCheck.parse("select.cpu=1.0"));

    assertThat(outcomes).singleElement().matches(o -> !o.passed());
    assertThat(outcomes.get(0).line())
        .isEqualTo(
            "RATIO CHECK FAILED: select cpu_us_per_op C=256 scylla/apache: no result for scylla"
                + " (bound 1.00x)");
    assertThat(RatioCheck.check(List.of(), RatioCheck.parse("insert.alloc=0.6")))
        .singleElement()
        .matches(o -> !o.passed());
  }

  @Test
  void checksEachConcurrencyOfTheRun() {
    List<String> lines =
        List.of(
            result("select", "apache", 40, 5000),
            result("select", "scylla", 20, 1500),
            result("select", "apache", 40, 5000).replace("concurrency=256", "concurrency=100"),
            result("select", "scylla", 60, 1500).replace("concurrency=256", "concurrency=100"));
    List<RatioCheck.Outcome> outcomes = RatioCheck.check(lines, RatioCheck.parse("select.cpu=1.0"));

    assertThat(outcomes).extracting(RatioCheck.Outcome::passed).containsExactly(true, false);
    assertThat(outcomes.get(1).line()).contains("C=100").contains("1.50x above");
  }

  @Test
  void ignoresConcurrenciesAtWhichNeitherCheckedClientRan() {
    // the smoke pass runs the synchronous templates from 256 threads, the async clients at C=100
    List<String> lines =
        List.of(
            result("select", "apache", 40, 5000).replace("concurrency=256", "concurrency=100"),
            result("select", "scylla", 20, 1500).replace("concurrency=256", "concurrency=100"),
            result("select", "scylla-template", 90, 2000),
            result("select", "spring-data", 120, 6000));
    List<RatioCheck.Outcome> outcomes = RatioCheck.check(lines, RatioCheck.parse("select.cpu=1.0"));

    assertThat(outcomes).singleElement().matches(RatioCheck.Outcome::passed);
    assertThat(outcomes.get(0).line()).contains("C=100");
  }
}
