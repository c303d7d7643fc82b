package io.scyllaboot.samples.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * No drift between the README, the manual under docs/ and the code: links and anchors resolve, and
 * every code block is checked against what runs or marked a fragment (docs/development.md).
 */
class ManualTest {
  private final Path root = ManualCheck.projectRoot();
  private final ManualCheck check = new ManualCheck(root);

  @Test
  void every_relative_link_and_anchor_resolves() {
    List<String> problems = new ArrayList<>();
    for (Path page : check.pages()) {
      problems.addAll(check.brokenLinks(page, ManualCheck.read(page)));
    }
    assertThat(problems).as("broken links").isEmpty();
  }

  @Test
  void every_code_block_is_checked_or_marked_a_fragment() {
    List<String> problems = new ArrayList<>();
    for (Path page : check.pages()) {
      problems.addAll(check.uncheckedBlocks(page, ManualCheck.read(page)));
    }
    assertThat(problems).as("code blocks").isEmpty();
  }

  @Test
  void the_manual_has_its_pages_and_the_readme_links_each() {
    Markdown readme = ManualCheck.read(root.resolve("README.md"));
    List<String> targets = readme.links().stream().map(Markdown.Link::target).toList();
    for (String page :
        List.of(
            "getting-started",
            "driver",
            "spring",
            "configuration",
            "scylladb",
            "coming-from-spring-data-cassandra",
            "fault-tolerance",
            "performance",
            "development")) {
      assertThat(root.resolve("docs/" + page + ".md")).isRegularFile();
      assertThat(targets).as("README links docs/%s.md", page).contains("docs/" + page + ".md");
    }
    assertThat(readmeLines()).as("README lines").isLessThanOrEqualTo(250);
  }

  @Test
  void anchors_follow_githubs_rules() {
    assertThat(Markdown.slug("Against the targets (ratios to the Apache driver's async API)"))
        .isEqualTo("against-the-targets-ratios-to-the-apache-drivers-async-api");
    assertThat(Markdown.slug("Templates: `CqlTemplate` and `AsyncCqlTemplate`"))
        .isEqualTo("templates-cqltemplate-and-asynccqltemplate");
    assertThat(Markdown.slug("Coming from [Spring Data](x.md) Cassandra 5.0"))
        .isEqualTo("coming-from-spring-data-cassandra-50");
    assertThat(Markdown.slug("scylla_boot and émigrés -- two"))
        .isEqualTo("scylla_boot-and-émigrés----two");
    Markdown page = new Markdown(List.of("# A", "## A", "```", "# not a heading", "```", "## A"));
    assertThat(page.anchors()).containsExactly("a", "a-1", "a-2");
  }

  @Test
  void reports_a_broken_link_an_unknown_anchor_and_an_unmarked_block(@TempDir Path dir)
      throws Exception {
    Files.writeString(dir.resolve("README.md"), "# Home\n");
    Files.createDirectories(dir.resolve("docs"));
    Files.writeString(dir.resolve("docs/a.md"), "# Page A\n\n## Known\n");
    Path page = dir.resolve("docs/b.md");
    List<String> lines =
        List.of(
            "# B",
            "[ok](a.md#known), [self](#b), [up](../README.md#home), [web](https://example.com/x)",
            "[missing](c.md) and [bad anchor](a.md#unknown), `[in code](nowhere.md)`",
            "[wrapped",
            "text](gone.md)",
            "```java",
            "int unmarked;",
            "```",
            "<!-- fragment -->",
            "```java",
            "int marked;",
            "```",
            "```bash",
            "curl localhost:8080",
            "```");
    Files.write(page, lines);
    ManualCheck scratch = new ManualCheck(dir);
    Markdown markdown = ManualCheck.read(page);

    assertThat(scratch.brokenLinks(page, markdown))
        .containsExactly(
            "docs/b.md:3: c.md names a file that does not exist",
            "docs/b.md:3: a.md#unknown names an anchor that docs/a.md does not have",
            "docs/b.md:4: gone.md names a file that does not exist");
    assertThat(scratch.uncheckedBlocks(page, markdown))
        .hasSize(2)
        .anySatisfy(p -> assertThat(p).startsWith("docs/b.md:6: a code block needs"))
        .anySatisfy(p -> assertThat(p).contains("'curl localhost:8080' is neither"));
  }

  @Test
  void reports_a_source_excerpt_that_drifted_and_a_script_option_that_does_not_exist(
      @TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("README.md"), "# Home\n");
    Files.createDirectories(dir.resolve("docs"));
    Files.createDirectories(dir.resolve("scripts"));
    Path script = dir.resolve("scripts/run.sh");
    Files.writeString(
        script,
        "#!/bin/bash\nrounds=${RUN_ROUNDS:-1} names=${RUN_NAMES:-}\ncase $1 in --fast) ;; esac\n");
    script.toFile().setExecutable(true);
    Files.writeString(
        dir.resolve("Source.java"), "class Source {\n  int a = 1;\n  int b = 2;\n}\n");
    Path page = dir.resolve("docs/c.md");
    Files.write(
        page,
        List.of(
            "<!-- source: Source.java -->",
            "```java",
            "class Source {",
            "  // ...",
            "  int   b = 2;",
            "```",
            "<!-- source: Source.java -->",
            "```java",
            "int b = 3;",
            "```",
            "```bash",
            "scripts/run.sh --fast   # a comment --slow",
            "scripts/run.sh --slow",
            "RUN_ROUNDS=3 RUN_NAMES=\"a b\" scripts/run.sh --fast",
            "RUN_SPEED=9 scripts/run.sh",
            "```"));
    List<String> problems = new ManualCheck(dir).uncheckedBlocks(page, ManualCheck.read(page));

    assertThat(problems)
        .containsExactly(
            "docs/c.md:8: this part is not in Source.java (in this order): int b = 3;",
            "docs/c.md:11: scripts/run.sh knows no option --slow",
            "docs/c.md:11: scripts/run.sh knows no setting RUN_SPEED");
  }

  private long readmeLines() {
    try {
      return Files.readAllLines(root.resolve("README.md")).size();
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
