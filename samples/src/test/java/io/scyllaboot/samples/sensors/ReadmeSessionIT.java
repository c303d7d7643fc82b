package io.scyllaboot.samples.sensors;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.testing.CassandraNode;
import io.scyllaboot.test.WithLocalScyllaNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Replays the curl session of the manual's getting-started page ("The sample, with curl", {@code
 * docs/getting-started.md}) with curl against the sample, each command as printed (only the port
 * changes), and compares every output with the page's, times, dates, paging tokens and byte counts
 * aside: the manual shows what the sample prints.
 */
@WithLocalScyllaNode(reuse = true) // the node may be a CI script's
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ReadmeSessionIT {
  private static final String KEYSPACE = CassandraNode.uniqueKeyspace("readme");

  @LocalServerPort int port;

  @DynamicPropertySource
  static void scylla(DynamicPropertyRegistry registry) {
    registry.add("scylla.keyspace", () -> KEYSPACE);
    registry.add("scylla.request.consistency", () -> "LOCAL_ONE");
  }

  @AfterAll
  static void dropKeyspace() {
    // DDL on a loaded machine can take longer than the default 2 s.
    try (CqlSession admin =
        CqlSession.builder()
            .addContactPoint(CassandraNode.address())
            .withRequestTimeout(java.time.Duration.ofSeconds(30))
            .build()) {
      admin.execute("DROP KEYSPACE IF EXISTS " + KEYSPACE);
    }
  }

  /** The manual's getting-started page, under the project root above the working directory. */
  private static Path gettingStarted() {
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      if (Files.isRegularFile(dir.resolve("README.md"))
          && Files.isDirectory(dir.resolve("samples"))) {
        return dir.resolve("docs/getting-started.md");
      }
    }
    throw new IllegalStateException("no README.md above " + Path.of("").toAbsolutePath());
  }

  /** The session block: commands (lines starting "$ ") each followed by their expected output. */
  private static List<String[]> session() throws Exception {
    List<String> lines = Files.readAllLines(gettingStarted(), StandardCharsets.UTF_8);
    int start = lines.indexOf("## The sample, with curl");
    assertThat(start).as("docs/getting-started.md section 'The sample, with curl'").isNotNegative();
    int open = lines.subList(start, lines.size()).indexOf("```") + start;
    List<String[]> steps = new ArrayList<>();
    String command = null;
    StringBuilder output = new StringBuilder();
    for (String line : lines.subList(open + 1, lines.size())) {
      if (line.equals("```") || line.startsWith("$ ")) {
        if (command != null) {
          steps.add(new String[] {command, output.toString()});
        }
        if (line.equals("```")) {
          break;
        }
        command = line.substring(2);
        output.setLength(0);
      } else {
        output.append(line).append('\n');
      }
    }
    return steps;
  }

  private static String run(String command) throws Exception {
    Process process = new ProcessBuilder("bash", "-c", command).redirectErrorStream(true).start();
    byte[] out = process.getInputStream().readAllBytes();
    assertThat(process.waitFor(30, TimeUnit.SECONDS)).as(command).isTrue();
    String text = new String(out, StandardCharsets.UTF_8);
    return text.endsWith("\n") ? text : text + "\n";
  }

  /** What varies from run to run: times, dates, paging tokens, byte counts. */
  private static String normalize(String text) {
    return text.replaceAll("\\d{4}-\\d{2}-\\d{2}T[0-9:.]+Z", "<time>")
        .replaceAll("\\d{4}-\\d{2}-\\d{2}", "<date>")
        .replaceAll("\"next\":\"[^\"]+\"", "\"next\":\"<token>\"")
        .replaceAll("(scylla_data_sent_bytes_total\\{[^}]*\\}) [0-9.E]+", "$1 <bytes>");
  }

  @Test
  void should_print_what_the_readme_session_shows() throws Exception {
    List<String[]> steps = session();
    assertThat(steps).hasSizeGreaterThanOrEqualTo(8);
    for (String[] step : steps) {
      String command = step[0].replace("localhost:8080", "localhost:" + port);
      assertThat(normalize(run(command))).as(step[0]).isEqualTo(normalize(step[1]));
    }
  }
}
