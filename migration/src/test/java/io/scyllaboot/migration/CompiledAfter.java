package io.scyllaboot.migration;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.ToolProvider;
import org.openrewrite.RecipeRun;
import org.openrewrite.Result;
import org.openrewrite.SourceFile;
import org.openrewrite.java.tree.J;
import org.openrewrite.test.RecipeSpec;

/**
 * The compile step of every recipe test: the Java sources after the recipe are compiled with javac
 * against this module's test class path without the libraries an application leaves behind (Spring
 * Data Cassandra, Boot's Cassandra modules, the DataStax driver), so that a translation that does
 * not compile fails its test. A test whose output deliberately does not compile (a mark that leaves
 * the old type in place) says so with {@link #doesNotCompile(String)}, which then expects javac to
 * refuse it.
 */
final class CompiledAfter {

  /** The jars an application migrated to Scylla Boot no longer has. */
  private static final Pattern BEFORE_ONLY =
      Pattern.compile(
          "(spring-data-cassandra|spring-boot-(starter-)?(data-)?cassandra(-test)?|java-driver-[a-z-]+)-\\d.*\\.jar");

  private static final String CLASS_PATH =
      Stream.of(System.getProperty("java.class.path").split(File.pathSeparator))
          .filter(entry -> !BEFORE_ONLY.matcher(Path.of(entry).getFileName().toString()).matches())
          .collect(Collectors.joining(File.pathSeparator));

  /** Set by {@link #doesNotCompile} for the run of the test method that calls it. */
  private static final ThreadLocal<Refusal> EXPECTED_REFUSAL = new ThreadLocal<>();

  private List<SourceFile> before = List.of();

  private CompiledAfter() {}

  /** Adds the compile step to a spec (a test class's defaults). */
  static void register(RecipeSpec spec) {
    CompiledAfter step = new CompiledAfter();
    // A test class's defaults run before the test method's spec: forget an earlier test's refusal.
    spec.beforeRecipe(
            sources -> {
              EXPECTED_REFUSAL.remove();
              step.before = List.copyOf(sources);
            })
        .afterRecipe(step::compile);
  }

  /**
   * For one test: its output does not compile, for the reason given (e.g. a mark that leaves a type
   * Scylla Boot has no counterpart of), and every error javac reports names one of {@code
   * leftBehind} (the marked types, methods or packages); the test fails if javac accepts the output
   * or refuses anything else.
   */
  static Consumer<RecipeSpec> doesNotCompile(String why, String... leftBehind) {
    assertThat(why).as("the reason the output does not compile").isNotBlank();
    assertThat(leftBehind).as("what the marks leave behind").isNotEmpty();
    Refusal refusal = new Refusal(why, List.of(leftBehind));
    return spec -> spec.beforeRecipe(sources -> EXPECTED_REFUSAL.set(refusal));
  }

  /** An output declared not to compile: why, and the names its errors may mention. */
  private record Refusal(String why, List<String> leftBehind) {}

  private void compile(RecipeRun run) throws IOException {
    Refusal refusal = EXPECTED_REFUSAL.get();
    EXPECTED_REFUSAL.remove();
    Map<Path, Result> results =
        run.getChangeset().getAllResults().stream()
            .filter(result -> result.getBefore() != null)
            .collect(Collectors.toMap(result -> result.getBefore().getSourcePath(), r -> r));
    List<JavaFileObject> units = new ArrayList<>();
    boolean changed = false;
    for (SourceFile source : before) {
      if (!(source instanceof J.CompilationUnit)) {
        continue;
      }
      Result result = results.get(source.getSourcePath());
      SourceFile after = result == null ? source : result.getAfter();
      changed |= result != null;
      if (after != null) {
        units.add(new Unit(after.getSourcePath(), after.printAll()));
      }
    }
    if (!changed || units.isEmpty()) {
      // Nothing translated: the Java sources are the test's input, not the recipe's output.
      assertThat(refusal).as("doesNotCompile on a test whose Java sources do not change").isNull();
      return;
    }
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    Path classes = Files.createTempDirectory("recipe-after");
    boolean compiled;
    try {
      JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
      List<String> options =
          List.of("-classpath", CLASS_PATH, "-d", classes.toString(), "-proc:none", "-nowarn");
      compiled = javac.getTask(null, null, diagnostics, options, null, units).call();
    } finally {
      delete(classes);
    }
    List<String> errors =
        diagnostics.getDiagnostics().stream()
            .filter(d -> d.getKind() == Diagnostic.Kind.ERROR)
            .map(CompiledAfter::describe)
            .toList();
    if (refusal == null) {
      assertThat(compiled)
          .as("the recipe's output compiles; javac says:%n%s", String.join("\n", errors))
          .isTrue();
      return;
    }
    assertThat(compiled)
        .as("the output was declared not to compile (%s), yet javac accepts it", refusal.why())
        .isFalse();
    assertThat(errors)
        .as("javac's errors, each about what the marks leave behind (%s)", refusal.leftBehind())
        .allMatch(error -> refusal.leftBehind().stream().anyMatch(error::contains));
  }

  private static String describe(Diagnostic<? extends JavaFileObject> d) {
    String file = d.getSource() == null ? "" : d.getSource().getName();
    return file + ":" + d.getLineNumber() + ": " + d.getMessage(Locale.ROOT);
  }

  private static void delete(Path directory) {
    try (Stream<Path> paths = Files.walk(directory)) {
      paths.sorted((a, b) -> b.compareTo(a)).forEach(path -> path.toFile().delete());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A source file held in memory, named by its path in the test's project. */
  private static final class Unit extends SimpleJavaFileObject {
    private final String text;

    Unit(Path path, String text) {
      super(URI.create("string:///" + path.toString().replace('\\', '/')), Kind.SOURCE);
      this.text = text;
    }

    @Override
    public CharSequence getCharContent(boolean ignoreEncodingErrors) {
      return text;
    }
  }
}
