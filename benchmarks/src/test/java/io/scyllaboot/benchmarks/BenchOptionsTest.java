package io.scyllaboot.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.benchmarks.Clients.Workload;
import org.junit.jupiter.api.Test;

/** {@code --check-ops}: only the two clients the ratio check compares, at its workloads. */
class BenchOptionsTest {
  @Test
  void checkOpsLengthensOnlyTheCheckedClientsAtTheCheckedWorkloads() {
    BenchOptions options =
        BenchOptions.parse(
            new String[] {
              "--quick", "--fake", "--check-ratios", "select.cpu=1.0", "--check-ops", "20000"
            });

    assertThat(options.opsFor(Workload.SELECT, "scylla")).isEqualTo(20_000);
    assertThat(options.warmupFor(Workload.SELECT, "apache")).isEqualTo(20_000);
    assertThat(options.opsFor(Workload.SELECT, "scylla-async-template")).isEqualTo(300);
    assertThat(options.warmupFor(Workload.SELECT, "harness")).isEqualTo(200);
    assertThat(options.opsFor(Workload.INSERT, "scylla")).isEqualTo(300);
  }

  @Test
  void withoutCheckOpsEveryClientRunsTheSmokePassOps() {
    BenchOptions options =
        BenchOptions.parse(new String[] {"--quick", "--check-ratios", "select.cpu=1.0"});

    assertThat(options.opsFor(Workload.SELECT, "scylla")).isEqualTo(300);
    assertThat(options.warmupFor(Workload.SELECT, "apache")).isEqualTo(200);
  }
}
