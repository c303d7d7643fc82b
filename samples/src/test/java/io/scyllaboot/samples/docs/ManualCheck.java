package io.scyllaboot.samples.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The manual's two drift checks, as docs/development.md describes them: every relative link and
 * anchor resolves, and every code block is either checked against what runs or marked a fragment.
 */
final class ManualCheck {
  private static final Pattern ENV_SETTING =
      Pattern.compile("([A-Z][A-Z0-9_]*)=(\"[^\"]*\"|'[^']*'|\\S*)\\s+");
  private static final Pattern LONG_OPTION = Pattern.compile("(?<=\\s)--[a-z][a-z0-9-]*");
  private static final Pattern MVN_MODULES = Pattern.compile("\\s-pl\\s+(\\S+)");
  private static final Pattern DEPENDENCY = Pattern.compile("(?s)<dependency>(.*?)</dependency>");
  private static final Pattern MVN_PROFILE = Pattern.compile("\\s-P(\\S+)");

  private final Path root;

  ManualCheck(Path root) {
    this.root = root;
  }

  /** The project root: the nearest directory above the working directory with README and docs. */
  static Path projectRoot() {
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      if (Files.isRegularFile(dir.resolve("README.md")) && Files.isDirectory(dir.resolve("docs"))) {
        return dir;
      }
    }
    throw new IllegalStateException("no README.md and docs/ above " + Path.of("").toAbsolutePath());
  }

  /** README.md and every Markdown page under docs/. */
  List<Path> pages() {
    List<Path> pages = new ArrayList<>(List.of(root.resolve("README.md")));
    try (Stream<Path> docs = Files.walk(root.resolve("docs"))) {
      docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return pages;
  }

  static Markdown read(Path page) {
    try {
      return new Markdown(Files.readAllLines(page, StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Links to files that do not exist, or to anchors their page does not have. */
  List<String> brokenLinks(Path page, Markdown markdown) {
    List<String> problems = new ArrayList<>();
    for (Markdown.Link link : markdown.links()) {
      String target = link.target();
      if (target.matches("^[a-zA-Z][a-zA-Z0-9+.-]*:.*")) {
        continue; // http:, https:, mailto: ... are not checked here
      }
      String where = root.relativize(page) + ":" + link.line() + ": " + target;
      int hash = target.indexOf('#');
      String file = hash < 0 ? target : target.substring(0, hash);
      String anchor = hash < 0 ? null : target.substring(hash + 1);
      Path resolved =
          file.isEmpty()
              ? page
              : (file.startsWith("/") ? root.resolve(file.substring(1)) : page.resolveSibling(file))
                  .normalize();
      if (!resolved.startsWith(root)) {
        problems.add(where + " points outside the repository");
      } else if (!Files.exists(resolved)) {
        problems.add(where + " names a file that does not exist");
      } else if (anchor != null && resolved.toString().endsWith(".md")) {
        if (!read(resolved).anchors().contains(anchor)) {
          problems.add(
              where + " names an anchor that " + root.relativize(resolved) + " does not have");
        }
      }
    }
    return problems;
  }

  /** Code blocks that are neither checked against a source, a test or a script, nor fragments. */
  List<String> uncheckedBlocks(Path page, Markdown markdown) {
    List<String> problems = new ArrayList<>();
    for (Markdown.CodeBlock block : markdown.codeBlocks()) {
      String where = root.relativize(page) + ":" + block.line();
      String marker = block.marker();
      if (marker.equals("fragment")) {
        continue;
      }
      if (marker.startsWith("source:")) {
        problems.addAll(notInSources(where, block, words(marker.substring(7))));
      } else if (marker.startsWith("tested-by:")) {
        for (String test : words(marker.substring(10))) {
          problems.addAll(notReadByTest(where, page, test));
        }
      } else if (block.info().equals("xml") && marker.isEmpty()) {
        problems.addAll(notPublished(where, String.join("\n", block.body())));
      } else if (block.info().equals("bash") && marker.isEmpty()) {
        for (String line : block.body()) {
          problems.addAll(notRunnable(where, line));
        }
      } else {
        problems.add(
            where
                + ": a code block needs <!-- fragment -->, <!-- source: FILE... --> or"
                + " <!-- tested-by: TEST --> on the line before it (see docs/development.md)");
      }
    }
    return problems;
  }

  /**
   * A {@code source:} block is an excerpt of the named files: each of its paragraphs (split at
   * blank lines and at "..." or "// ..." lines) appears in them, in order, whitespace aside.
   */
  private List<String> notInSources(String where, Markdown.CodeBlock block, List<String> files) {
    StringBuilder sources = new StringBuilder();
    for (String file : files) {
      Path path = root.resolve(file);
      if (!Files.isRegularFile(path)) {
        return List.of(where + ": source " + file + " does not exist");
      }
      sources.append(squeeze(readString(path)));
    }
    List<String> problems = new ArrayList<>();
    int from = 0;
    StringBuilder paragraph = new StringBuilder();
    List<String> body = new ArrayList<>(block.body());
    body.add("");
    for (String line : body) {
      String trimmed = line.strip();
      if (trimmed.isEmpty() || trimmed.equals("...") || trimmed.equals("// ...")) {
        if (!paragraph.isEmpty()) {
          int at = sources.indexOf(squeeze(paragraph.toString()), from);
          if (at < 0) {
            problems.add(
                where
                    + ": this part is not in "
                    + String.join(", ", files)
                    + " (in this order): "
                    + paragraph.toString().strip().lines().findFirst().orElse(""));
          } else {
            from = at + squeeze(paragraph.toString()).length();
          }
          paragraph.setLength(0);
        }
      } else {
        paragraph.append(line).append('\n');
      }
    }
    return problems;
  }

  /** A {@code tested-by:} test exists and reads this page (names its file). */
  private List<String> notReadByTest(String where, Path page, String test) {
    List<Path> found = testSources(test + ".java");
    if (found.isEmpty()) {
      return List.of(where + ": test " + test + " does not exist");
    }
    String name = page.getFileName().toString();
    return readString(found.get(0)).contains(name)
        ? List.of()
        : List.of(where + ": test " + test + " does not read " + name);
  }

  /** Test sources of that file name, skipping build output and hidden directories (the nodes). */
  private List<Path> testSources(String fileName) {
    List<Path> found = new ArrayList<>();
    try {
      Files.walkFileTree(
          root,
          new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attributes) {
              String name = dir.getFileName().toString();
              return !dir.equals(root) && (name.startsWith(".") || name.equals("target"))
                  ? FileVisitResult.SKIP_SUBTREE
                  : FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
              if (file.getFileName().toString().equals(fileName)
                  && file.toString().contains("/src/test/java/")) {
                found.add(file);
              }
              return FileVisitResult.CONTINUE;
            }
          });
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return found;
  }

  /**
   * A command of a bash block: a script of the project that exists, is executable and knows each
   * long option used, or {@code mvn} with modules and profiles that exist.
   */
  private List<String> notRunnable(String where, String line) {
    String command = line.replaceAll("\\s+#.*$", "").strip();
    if (command.isEmpty() || command.startsWith("#")) {
      return List.of();
    }
    // Settings before the command (NAME=value ...) are the environment of a project script, which
    // must read each of them.
    List<String> settings = new ArrayList<>();
    Matcher setting = ENV_SETTING.matcher(command);
    while (setting.lookingAt()) {
      settings.add(setting.group(1));
      command = command.substring(setting.end());
      setting = ENV_SETTING.matcher(command);
    }
    String program = command.split("\\s+")[0];
    if (!settings.isEmpty() && !program.contains("/")) {
      return List.of(where + ": '" + line.strip() + "' sets the environment of no project script");
    }
    if (program.equals("mvn")) {
      List<String> problems = new ArrayList<>();
      Matcher modules = MVN_MODULES.matcher(" " + command);
      while (modules.find()) {
        for (String module : modules.group(1).split(",")) {
          if (!Files.isRegularFile(root.resolve(module).resolve("pom.xml"))) {
            problems.add(where + ": mvn module " + module + " does not exist: " + command);
          }
        }
      }
      Matcher profiles = MVN_PROFILE.matcher(" " + command);
      while (profiles.find()) {
        for (String profile : profiles.group(1).split(",")) {
          if (!definesProfile(profile)) {
            problems.add(where + ": no pom defines profile " + profile + ": " + command);
          }
        }
      }
      return problems;
    }
    Path script = root.resolve(program);
    if (program.contains("/") && Files.isRegularFile(script) && Files.isExecutable(script)) {
      String text = readString(script);
      List<String> problems = new ArrayList<>();
      Matcher option = LONG_OPTION.matcher(" " + command);
      while (option.find()) {
        if (!text.contains(option.group())) {
          problems.add(where + ": " + program + " knows no option " + option.group());
        }
      }
      for (String name : settings) {
        if (!text.contains(name)) {
          problems.add(where + ": " + program + " knows no setting " + name);
        }
      }
      return problems;
    }
    return List.of(
        where
            + ": '"
            + command
            + "' is neither a project script nor mvn; mark the block <!-- fragment -->");
  }

  /**
   * An xml block of {@code <dependency>} elements names artifacts this build publishes: the root
   * pom's group and version, and a module's artifact id.
   */
  private List<String> notPublished(String where, String xml) {
    Matcher dependency = DEPENDENCY.matcher(xml);
    if (!dependency.find()) {
      return List.of(where + ": an xml block needs <!-- fragment --> unless it is a <dependency>");
    }
    String rootPom = ownElements(readString(root.resolve("pom.xml")));
    String group = element(rootPom, "groupId");
    String version = element(rootPom, "version");
    List<String> artifacts = new ArrayList<>();
    try (Stream<Path> poms = Files.list(root)) {
      poms.map(dir -> dir.resolve("pom.xml"))
          .filter(Files::isRegularFile)
          .forEach(pom -> artifacts.add(element(ownElements(readString(pom)), "artifactId")));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    List<String> problems = new ArrayList<>();
    do {
      String body = dependency.group(1);
      String artifact = element(body, "artifactId");
      if (!group.equals(element(body, "groupId")) || !artifacts.contains(artifact)) {
        problems.add(where + ": no module publishes " + element(body, "groupId") + ":" + artifact);
      }
      if (!version.equals(element(body, "version"))) {
        problems.add(
            where + ": the project's version is " + version + ", not " + element(body, "version"));
      }
    } while (dependency.find());
    return problems;
  }

  /** A pom without the parts that name other artifacts (parent, dependencies, build, profiles). */
  private static String ownElements(String pom) {
    return pom.replaceAll(
        "(?s)<(parent|dependencies|dependencyManagement|build|profiles|reporting)>.*?</\\1>", "");
  }

  private static String element(String xml, String name) {
    Matcher value = Pattern.compile("<" + name + ">\\s*([^<]*?)\\s*</" + name + ">").matcher(xml);
    return value.find() ? value.group(1) : "";
  }

  private boolean definesProfile(String profile) {
    try (Stream<Path> poms = Files.walk(root, 2)) {
      return poms.filter(p -> p.getFileName().toString().equals("pom.xml"))
          .anyMatch(p -> readString(p).contains("<id>" + profile + "</id>"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static List<String> words(String text) {
    return Arrays.stream(text.split("[\\s,]+")).filter(w -> !w.isEmpty()).toList();
  }

  private static String squeeze(String text) {
    return text.replaceAll("\\s+", "");
  }

  private static String readString(Path path) {
    try {
      return Files.readString(path, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
