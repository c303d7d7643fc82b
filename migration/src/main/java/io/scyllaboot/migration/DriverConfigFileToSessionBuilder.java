package io.scyllaboot.migration;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.ExecutionContext;
import org.openrewrite.ScanningRecipe;
import org.openrewrite.SourceFile;
import org.openrewrite.Tree;
import org.openrewrite.TreeVisitor;
import org.openrewrite.java.AddImport;
import org.openrewrite.java.JavaTemplate;
import org.openrewrite.java.JavaVisitor;
import org.openrewrite.java.MethodMatcher;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.marker.SearchResult;
import org.openrewrite.quark.Quark;
import org.openrewrite.text.PlainText;

/**
 * The DataStax driver reads {@code application.conf} from the class path by itself; Scylla Boot's
 * driver reads no file. So that what the file configures is not lost silently (a throttler, a
 * profile, the contact points of the production cluster), its options become builder calls on each
 * {@code CqlSession.builder()...build()} chain that would have read it: right after {@code
 * builder()}, so that the application's own calls still win, as they did over the file; its contact
 * points only where the chain adds none. A chain given another loader ({@code fromMap}, {@code
 * fromClasspath}, ...) did not read the file and is left alone; a programmatic loader did (on top
 * of the file). A builder the recipe cannot follow (held in a variable, or given a loader held in
 * one) is marked. Each module's {@code src/main/resources/application.conf} goes to its own
 * sources, and a {@code src/test/resources} one to its tests. The file gets a comment at its top
 * saying where its options went and naming those without a counterpart.
 *
 * <p>rewrite-maven-plugin does not parse {@code .conf} files as text by default: when the file is
 * an unparsed source, the recipe reads it from the project directory.
 */
public final class DriverConfigFileToSessionBuilder
    extends ScanningRecipe<DriverConfigFileToSessionBuilder.Found> {
  private static final String MAIN_FILE = "src/main/resources/application.conf";
  private static final String TEST_FILE = "src/test/resources/application.conf";
  private static final MethodMatcher BUILDER =
      new MethodMatcher("com.datastax.oss.driver.api.core.CqlSession builder()");
  private static final Set<String> OTHER_LOADERS =
      Set.of("fromMap", "fromClasspath", "fromFile", "fromUrl", "fromPath", "fromString");
  static final String UNFOLLOWED =
      "Scylla Boot: application.conf's options were not set on this builder (the recipe cannot"
          + " follow it); set them yourself, see the comment at the top of application.conf";

  /** The translations of the files, by module and scope, and which of them a builder read. */
  public static final class Found {
    final Map<String, DriverConfigTranslation> translations = new HashMap<>();
    final Set<String> read = new HashSet<>();
  }

  /** What a builder chain does with the file. */
  private enum Reading {
    READS,
    DOES_NOT_READ,
    UNKNOWN
  }

  @Override
  public String getDisplayName() {
    return "Set the DataStax driver's application.conf options on Scylla Boot's session builder";
  }

  @Override
  public String getDescription() {
    return "The options of `datastax-java-driver { ... }` in `application.conf` become"
        + " `CqlSession.builder()` calls; those without a counterpart are named in the file.";
  }

  @Override
  public Found getInitialValue(ExecutionContext ctx) {
    return new Found();
  }

  @Override
  public TreeVisitor<?, ExecutionContext> getScanner(Found found) {
    return new TreeVisitor<>() {
      @Override
      public @Nullable Tree visit(@Nullable Tree tree, ExecutionContext ctx) {
        if (tree instanceof SourceFile source && fileKey(source) != null) {
          String text = text(source);
          DriverConfigTranslation translation =
              text == null ? null : DriverConfigTranslation.of(text);
          if (translation != null && !translation.isEmpty()) {
            found.translations.put(fileKey(source), translation);
          }
        } else if (tree instanceof J.CompilationUnit unit) {
          new JavaVisitor<ExecutionContext>() {
            @Override
            public J visitMethodInvocation(J.MethodInvocation method, ExecutionContext c) {
              if (BUILDER.matches(method)
                  && reading(chainAfter(getCursor()), getCursor()) != Reading.DOES_NOT_READ) {
                found.read.add(translationKey(unit, found));
              }
              return super.visitMethodInvocation(method, c);
            }
          }.visit(unit, ctx);
        }
        return tree;
      }
    };
  }

  @Override
  public TreeVisitor<?, ExecutionContext> getVisitor(Found found) {
    if (found.translations.isEmpty()) {
      return TreeVisitor.noop();
    }
    return new TreeVisitor<Tree, ExecutionContext>() {
      @Override
      public @Nullable Tree visit(@Nullable Tree tree, ExecutionContext ctx) {
        if (tree instanceof PlainText text && found.read.contains(fileKey(text))) {
          return marked(text, found.translations.get(fileKey(text)));
        }
        if (tree instanceof J.CompilationUnit unit) {
          DriverConfigTranslation translation = found.translations.get(translationKey(unit, found));
          return translation == null ? unit : new Builders(translation).visit(unit, ctx);
        }
        return tree;
      }
    };
  }

  /** Appends the file's options to each {@code CqlSession.builder()} chain that read the file. */
  private static final class Builders extends JavaVisitor<ExecutionContext> {
    private final DriverConfigTranslation translation;

    Builders(DriverConfigTranslation translation) {
      this.translation = translation;
    }

    @Override
    public J visitMethodInvocation(J.MethodInvocation method, ExecutionContext ctx) {
      J visited = super.visitMethodInvocation(method, ctx);
      if (!(visited instanceof J.MethodInvocation call) || !BUILDER.matches(method)) {
        return visited;
      }
      List<J.MethodInvocation> chain = chainAfter(getCursor());
      Reading reading = reading(chain, getCursor());
      if (reading == Reading.DOES_NOT_READ) {
        return call;
      }
      if (reading == Reading.UNKNOWN) {
        return SearchResult.found(call, UNFOLLOWED);
      }
      boolean addsContactPoints = false;
      for (J.MethodInvocation link : chain) {
        String name = link.getSimpleName();
        addsContactPoints |= name.equals("addContactPoint") || name.equals("addContactPoints");
      }
      String code =
          addsContactPoints
              ? translation.calls()
              : translation.contactPoints() + translation.calls();
      if (code.isEmpty() || done(chain)) {
        return call;
      }
      for (String type : translation.imports()) {
        doAfterVisit(new AddImport<>(type, null, false));
      }
      return JavaTemplate.builder("#{any()}" + code)
          .build()
          .apply(getCursor(), call.getCoordinates().replace(), call);
    }

    /** Whether the chain already starts with the file's calls (a later cycle of the recipe). */
    private boolean done(List<J.MethodInvocation> chain) {
      String printed = chain.get(chain.size() - 1).printTrimmed(getCursor()).replaceAll("\\s+", "");
      String calls = translation.calls().replaceAll("\\s+", "");
      String withPoints =
          (translation.contactPoints() + translation.calls()).replaceAll("\\s+", "");
      return printed.contains("builder()" + withPoints)
          || !calls.isEmpty() && printed.contains("builder()" + calls);
    }
  }

  /** The calls chained on the cursor's, innermost first. */
  private static List<J.MethodInvocation> chainAfter(Cursor cursor) {
    List<J.MethodInvocation> chain = new ArrayList<>();
    Object child = cursor.getValue();
    Cursor parent = cursor.getParentTreeCursor();
    while (parent.getValue() instanceof J.MethodInvocation outer && outer.getSelect() == child) {
      chain.add(outer);
      child = outer;
      parent = parent.getParentTreeCursor();
    }
    return chain;
  }

  /**
   * Whether a builder chain read application.conf: a chain that is not built where it is written
   * (the builder held in a variable) or that takes a loader held in a variable cannot be followed;
   * a programmatic loader is layered over the file, the others replace it.
   */
  private static Reading reading(List<J.MethodInvocation> chain, Cursor cursor) {
    if (chain.isEmpty()
        || !Set.of("build", "buildAsync").contains(chain.get(chain.size() - 1).getSimpleName())) {
      return Reading.UNKNOWN;
    }
    for (J.MethodInvocation link : chain) {
      if (!link.getSimpleName().equals("withConfigLoader") || link.getArguments().size() != 1) {
        continue;
      }
      Expression loader = link.getArguments().get(0);
      if (!(loader instanceof J.MethodInvocation)) {
        return Reading.UNKNOWN;
      }
      String printed = loader.printTrimmed(cursor);
      if (printed.contains("programmaticBuilder")) {
        continue;
      }
      return OTHER_LOADERS.stream().anyMatch(printed::contains)
          ? Reading.DOES_NOT_READ
          : Reading.UNKNOWN;
    }
    return Reading.READS;
  }

  private static PlainText marked(PlainText text, DriverConfigTranslation translation) {
    String header = header(translation);
    return text.getText().startsWith(header) ? text : text.withText(header + text.getText());
  }

  /** The comment the file gets: where its options went, and those that went nowhere. */
  static String header(DriverConfigTranslation translation) {
    StringBuilder header =
        new StringBuilder(
            "# Scylla Boot: its driver does not read this file. The migration recipe set these"
                + " options on\n# each CqlSession.builder() of the application (one it could not"
                + " follow is marked).\n");
    if (!translation.untranslated().isEmpty()) {
      header.append(
          "# Not translated, set them on the builder yourself (see the Scylla Boot manual,");
      header.append(" Coming from\n# the DataStax driver API):");
      for (String option : translation.untranslated()) {
        header.append("\n#   ").append(option);
      }
      header.append('\n');
    }
    return header.toString();
  }

  /** "module|main" or "module|test" for a driver configuration file, else null. */
  private static @Nullable String fileKey(SourceFile source) {
    String path = source.getSourcePath().toString().replace('\\', '/');
    if (path.endsWith(MAIN_FILE)) {
      return path.substring(0, path.length() - MAIN_FILE.length()) + "|main";
    }
    if (path.endsWith(TEST_FILE)) {
      return path.substring(0, path.length() - TEST_FILE.length()) + "|test";
    }
    return null;
  }

  /** The key of the file a source's sessions read: its module's test file for tests, if any. */
  private static String translationKey(J.CompilationUnit unit, Found found) {
    String path = unit.getSourcePath().toString().replace('\\', '/');
    int src = path.indexOf("src/");
    String module = src < 0 ? "" : path.substring(0, src);
    boolean test = src >= 0 && path.startsWith("src/test/", src);
    return test && found.translations.containsKey(module + "|test")
        ? module + "|test"
        : module + "|main";
  }

  /** The file's text: parsed as text, or read from the project directory when left unparsed. */
  private static @Nullable String text(SourceFile source) {
    if (source instanceof PlainText text) {
      return text.getText();
    }
    if (source instanceof Quark) {
      Path path = Path.of(System.getProperty("user.dir")).resolve(source.getSourcePath());
      try {
        return Files.isRegularFile(path) ? Files.readString(path) : null;
      } catch (IOException e) {
        return null;
      }
    }
    return null;
  }
}
