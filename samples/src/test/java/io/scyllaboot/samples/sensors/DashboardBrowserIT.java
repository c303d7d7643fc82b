package io.scyllaboot.samples.sensors;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.testing.CassandraNode;
import io.scyllaboot.spring.cql.CqlTemplate;
import io.scyllaboot.test.WithLocalScyllaNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The sample's dashboard page in a real browser: headless Chromium (Debian's {@code chromium},
 * which the test command installs when missing) loads {@code /dashboard.html} while the sample is
 * under a little load; every panel that load moves must show a non-zero value. The screenshot is
 * kept at {@code samples/target/dashboard.png}.
 */
@WithLocalScyllaNode(reuse = true) // the node may be a CI script's
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class DashboardBrowserIT {
  private static final String KEYSPACE = CassandraNode.uniqueKeyspace("dashboard");
  private static final Path CHROMIUM = Path.of("/usr/bin/chromium");

  /**
   * The panel values the page writes: {@code <span class="value" data-panel=".." data-value="..">}.
   */
  private static final Pattern VALUE =
      Pattern.compile("data-panel=\"([a-z]+)\" data-value=\"([0-9.eE+-]+)\"");

  @LocalServerPort int port;
  @Autowired CqlTemplate template;

  @DynamicPropertySource
  static void scylla(DynamicPropertyRegistry registry) {
    registry.add("scylla.keyspace", () -> KEYSPACE);
    registry.add("scylla.request.consistency", () -> "LOCAL_ONE");
  }

  @AfterAll
  static void dropKeyspace() {
    try (CqlSession admin =
        CqlSession.builder()
            .addContactPoint(CassandraNode.address())
            .withRequestTimeout(Duration.ofSeconds(30))
            .build()) {
      admin.execute("DROP KEYSPACE IF EXISTS " + KEYSPACE);
    }
  }

  @Test
  void should_show_non_zero_panels_while_the_sample_is_under_load() throws Exception {
    assertThat(CHROMIUM).as("Debian's chromium (scripts/test.sh installs it)").exists();
    AtomicBoolean loading = new AtomicBoolean(true);
    Thread load =
        new Thread(
            () -> {
              while (loading.get()) {
                template.queryForList(
                    "SELECT release_version FROM system.local WHERE key = ?",
                    String.class,
                    "local");
              }
            },
            "dashboard-load");
    load.start();
    try {
      String url = "http://localhost:" + port + "/dashboard.html";
      String dom = chromium("--dump-dom", url);
      Map<String, Double> panels = panelValues(dom);
      // The nodes table, from /actuator/scylla.
      assertThat(dom).contains("<tr data-node=\"" + CassandraNode.HOST + ":" + CassandraNode.PORT);
      assertThat(panels).containsKeys("requests", "latency", "bytes", "inflight", "cache");
      assertThat(panels.get("requests")).as("requests/s").isPositive();
      assertThat(panels.get("latency")).as("mean latency").isPositive();
      assertThat(panels.get("bytes")).as("bytes received/s").isPositive();
      assertThat(panels.get("cache")).as("statement cache hit ratio").isPositive();

      Path screenshot = Path.of("target/dashboard.png").toAbsolutePath();
      Files.deleteIfExists(screenshot);
      chromium("--screenshot=" + screenshot, "--window-size=1280,1000", url);
      assertThat(screenshot).isNotEmptyFile();
    } finally {
      loading.set(false);
      load.join();
    }
  }

  private static Map<String, Double> panelValues(String dom) {
    Map<String, Double> values = new TreeMap<>();
    Matcher matcher = VALUE.matcher(dom);
    while (matcher.find()) {
      values.put(matcher.group(1), Double.parseDouble(matcher.group(2)));
    }
    return values;
  }

  /**
   * Runs headless Chromium once with the flags this machine's closed network needs, letting the
   * page's polls run for a few seconds of virtual time, and returns what it printed.
   */
  private static String chromium(String... arguments) throws Exception {
    Path profile = Files.createTempDirectory("chromium-profile");
    List<String> command =
        new ArrayList<>(
            List.of(
                CHROMIUM.toString(),
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--user-data-dir=" + profile,
                "--virtual-time-budget=8000"));
    command.addAll(List.of(arguments));
    Path output = Files.createTempFile("chromium", ".out");
    Process process =
        new ProcessBuilder(command)
            .redirectOutput(output.toFile())
            .redirectError(ProcessBuilder.Redirect.DISCARD)
            .start();
    assertThat(process.waitFor(Duration.ofSeconds(90).toSeconds(), TimeUnit.SECONDS))
        .as("chromium finished")
        .isTrue();
    return Files.readString(output);
  }
}
