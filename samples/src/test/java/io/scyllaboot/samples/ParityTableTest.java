package io.scyllaboot.samples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The manual's "Coming from Spring Data Cassandra" table ({@code
 * docs/coming-from-spring-data-cassandra.md}): every row marked covered (✓) or partly covered (~)
 * names at least one test, every test class it names exists in some module, every test method it
 * names is a test method of that class, and a word of the row's feature (the code in its first two
 * cells: an annotation, a type, an option) appears in the tests it names, so the table cannot claim
 * what no test backs.
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
      List<String> features = featureWords(cells[2] + " " + cells[3]);
      StringBuilder named = new StringBuilder();
      do {
        String body = source(sources, test.group(1));
        assertThat(body).as("test class %s of row: %s", test.group(1), row).isNotNull();
        if (test.group(2) != null) {
          String method = testMethod(body, test.group(2));
          assertThat(method)
              .as(
                  "%s.%s is a test method of that class (row: %s)",
                  test.group(1), test.group(2), row)
              .isNotNull();
          // The method, and what it uses: the class's fields and set-up, its package's fixtures.
          Matcher firstTest = TEST_ANNOTATION.matcher(body);
          named.append(method).append(body, 0, firstTest.find() ? firstTest.start() : 0);
        } else {
          named.append(body);
        }
        named.append(fixtures(sources, test.group(1)));
      } while (test.find());
      String text = named.toString().toLowerCase(Locale.ROOT);
      assertThat(features)
          .as("a word of the row's feature %s appears in the tests it names: %s", features, row)
          .anyMatch(word -> text.contains(word.toLowerCase(Locale.ROOT)));
    }
  }

  /** The annotations that make a method a test. */
  private static final Pattern TEST_ANNOTATION =
      Pattern.compile("@(Test|ParameterizedTest|RepeatedTest|TestFactory)\\b");

  /**
   * The text of the test method {@code name} of {@code body} up to the next member, or null when
   * the class declares no such method annotated as a test.
   */
  static String testMethod(String body, String name) {
    Matcher declaration = Pattern.compile("\\bvoid\\s+" + name + "\\s*\\(").matcher(body);
    if (!declaration.find()) {
      return null;
    }
    int start = declaration.start();
    String before = body.substring(Math.max(0, start - 300), start);
    int lastMember = Math.max(before.lastIndexOf(";\n"), before.lastIndexOf("}\n"));
    if (!TEST_ANNOTATION.matcher(before.substring(lastMember + 1)).find()) {
      return null;
    }
    Matcher next = TEST_ANNOTATION.matcher(body);
    int end = next.find(declaration.end()) ? next.start() : body.length();
    return body.substring(start, end);
  }

  /** Backticked code of a row's feature cells: its identifiers, without annotation signs. */
  static List<String> featureWords(String cells) {
    List<String> words = new ArrayList<>();
    Matcher code = Pattern.compile("`([^`]+)`").matcher(cells);
    while (code.find()) {
      for (String word : code.group(1).split("[^A-Za-z0-9]+")) {
        if (word.length() >= 3 && !STOP_WORDS.contains(word.toLowerCase(Locale.ROOT))) {
          words.add(word);
        }
      }
    }
    if (!words.isEmpty()) {
      return words;
    }
    // No code in the row: its plain words (links' targets left out).
    for (String word : cells.replaceAll("\\([^)]*\\)", "").split("[^A-Za-z0-9]+")) {
      if (word.length() >= 4 && !PLAIN_WORDS.contains(word.toLowerCase(Locale.ROOT))) {
        words.add(word);
      }
    }
    return words;
  }

  /** Plain words that say nothing of a feature. */
  private static final Set<String> PLAIN_WORDS =
      Set.of(
          "same",
          "also",
          "with",
          "from",
          "every",
          "that",
          "their",
          "then",
          "fails",
          "start",
          "naming",
          "left",
          "spelled",
          "boot",
          "spring",
          "scylla",
          "cassandra",
          "default");

  /** The non-test sources beside a test class: the entities and repositories it exercises. */
  private static String fixtures(List<Path> sources, String className) throws IOException {
    StringBuilder text = new StringBuilder();
    for (Path path : sources) {
      if (path.getFileName().toString().equals(className + ".java")) {
        try (Stream<Path> siblings = Files.list(path.getParent())) {
          for (Path sibling : siblings.toList()) {
            String name = sibling.getFileName().toString();
            if (name.endsWith(".java") && !name.matches(".*(Test|IT)\\.java")) {
              text.append(Files.readString(sibling));
            }
          }
        }
        break;
      }
    }
    return text.toString();
  }

  /** Words of code that say nothing of the feature (packages, prefixes). */
  private static final Set<String> STOP_WORDS =
      Set.of("scylla", "spring", "cassandra", "io", "scyllaboot", "org", "springframework", "boot");

  private static List<Path> testSources(Path root) throws IOException {
    try (Stream<Path> files = Files.walk(root)) {
      return files
          .filter(
              p ->
                  (p.toString().contains("/src/test/java/") && p.toString().endsWith(".java"))
                      || (p.toString().contains("/src/test/kotlin/")
                          && p.toString().endsWith(".kt")))
          .filter(p -> !p.toString().contains("/target/"))
          .toList();
    }
  }

  private static String source(List<Path> sources, String className) throws IOException {
    for (Path path : sources) {
      String file = path.getFileName().toString();
      if (file.equals(className + ".java") || file.equals(className + ".kt")) {
        return Files.readString(path);
      }
    }
    return null;
  }
}
