package io.scyllaboot.samples.quickstart;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.driver.testing.CassandraNodeExtension;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Runs the quick start against the real node, as `scripts/run-sample.sh quickstart` does. */
@ExtendWith(CassandraNodeExtension.class)
class QuickstartSampleIT {

  @Test
  void should_write_and_read_back_every_row() {
    PrintStream original = System.out;
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
    try {
      QuickstartSample.main(new String[0]);
    } finally {
      System.setOut(original);
    }
    String output = captured.toString(StandardCharsets.UTF_8);
    assertThat(output)
        .contains("read back and checked 1000 rows by key")
        .contains("SELECT COUNT(*) says 1000 rows")
        .contains("[quickstart] done");
  }
}
