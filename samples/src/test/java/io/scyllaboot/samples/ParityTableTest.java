package io.scyllaboot.samples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The manual's "Coming from Spring Data Cassandra" table ({@code
 * docs/coming-from-spring-data-cassandra.md}): every row marked covered (✓) or partly covered (~)
 * names at least one test, and every test (and test method) it names exists in some module, so the
 * table cannot claim what no test backs.
 */
class ParityTableTest {
  private static final Pattern TEST =
      Pattern.compile("`([A-Z][A-Za-z0-9]*(?:Test|IT))(?:\\.([a-zA-Z0-9_]+))?`");

  private static Path root() {
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      if (Files.isRegularFile(dir.resolve("README.md"))
          && Files.isDirectory(dir.resolve("samples"))) {
        return dir;
      }
    }
    throw new IllegalStateException("no README.md above " + Path.of("").toAbsolutePath());
  }

  @Test
  void should_back_every_covered_row_with_tests_that_exist() throws IOException {
    Path root = root();
    List<String> lines =
        Files.readAllLines(
            root.resolve("docs/coming-from-spring-data-cassandra.md"), StandardCharsets.UTF_8);
    int start = lines.indexOf("# Coming from Spring Data Cassandra");
    assertThat(start).as("page title").isNotNegative();
    List<String> rows = new ArrayList<>();
    for (String line : lines.subList(start, lines.size())) {
      if (line.startsWith("## ") && !rows.isEmpty()) {
        break;
      }
      if (line.matches("\\| \\d+ \\|.*")) {
        rows.add(line);
      }
    }
    assertThat(rows).hasSizeGreaterThanOrEqualTo(72);
    List<Path> sources = testSources(root);
    for (String row : rows) {
      String[] cells = row.split("\\|");
      String status = cells[4].trim();
      String backedBy = cells.length > 5 ? cells[5] : "";
      if (status.equals("✗")) {
        continue;
      }
      Matcher test = TEST.matcher(backedBy);
      assertThat(test.find()).as("row names a test: %s", row).isTrue();
      do {
        String body = source(sources, test.group(1));
        assertThat(body).as("test class %s of row: %s", test.group(1), row).isNotNull();
        if (test.group(2) != null) {
          assertThat(body).as("%s.%s", test.group(1), test.group(2)).contains(test.group(2) + "(");
        }
      } while (test.find());
    }
  }

  private static List<Path> testSources(Path root) throws IOException {
    try (Stream<Path> files = Files.walk(root)) {
      return files
          .filter(p -> p.toString().contains("/src/test/java/") && p.toString().endsWith(".java"))
          .filter(p -> !p.toString().contains("/target/"))
          .toList();
    }
  }

  private static String source(List<Path> sources, String className) throws IOException {
    for (Path path : sources) {
      if (path.getFileName().toString().equals(className + ".java")) {
        return Files.readString(path);
      }
    }
    return null;
  }
}
