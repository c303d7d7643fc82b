package io.scyllaboot.migration;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
import org.openrewrite.java.tree.J;
import org.openrewrite.quark.Quark;
import org.openrewrite.text.PlainText;

/**
 * The DataStax driver reads {@code application.conf} from the class path by itself; Scylla Boot's
 * driver reads no file. So that what the file configures is not lost silently (a throttler, a
 * profile, the contact points of the production cluster), its options become builder calls on each
 * {@code CqlSession.builder()} that would have read it: right after {@code builder()}, so that the
 * application's own calls still win, as they did over the file; its contact points only where the
 * application adds none. A builder given another loader ({@code fromMap}, {@code fromClasspath},
 * ...) did not read the file and is left alone; a programmatic loader did (on top of the file). The
 * file gets a comment at its top saying where its options went and naming those without a
 * counterpart.
 *
 * <p>The file is {@code src/main/resources/application.conf}; rewrite-maven-plugin does not parse
 * {@code .conf} files as text by default, so when it is an unparsed source the recipe reads it from
 * the project directory.
 */
public final class DriverConfigFileToSessionBuilder
    extends ScanningRecipe<DriverConfigFileToSessionBuilder.Found> {
  private static final String FILE = "src/main/resources/application.conf";
  private static final MethodMatcher BUILDER =
      new MethodMatcher("com.datastax.oss.driver.api.core.CqlSession builder()");

  /** The translation of the application's file, once scanned. */
  public static final class Found {
    @Nullable DriverConfigTranslation translation;
    int readers; // the builders that read the file
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
        if (tree instanceof SourceFile source && isDriverFile(source)) {
          String text = text(source);
          if (text != null) {
            found.translation = DriverConfigTranslation.of(text);
          }
        } else if (tree instanceof J) {
          new JavaVisitor<ExecutionContext>() {
            @Override
            public J visitMethodInvocation(J.MethodInvocation method, ExecutionContext c) {
              if (BUILDER.matches(method) && readsTheFile(chainAfter(getCursor()), getCursor())) {
                found.readers++;
              }
              return super.visitMethodInvocation(method, c);
            }
          }.visit(tree, ctx);
        }
        return tree;
      }
    };
  }

  @Override
  public TreeVisitor<?, ExecutionContext> getVisitor(Found found) {
    DriverConfigTranslation translation = found.translation;
    if (translation == null || translation.isEmpty() || found.readers == 0) {
      return TreeVisitor.noop(); // no builder read it: the file keeps MarkDriverConfigFile's mark
    }
    return new TreeVisitor<Tree, ExecutionContext>() {
      @Override
      public @Nullable Tree visit(@Nullable Tree tree, ExecutionContext ctx) {
        if (tree instanceof PlainText text && isDriverFile(text)) {
          return marked(text, translation);
        }
        if (tree instanceof J) {
          return new Builders(translation).visit(tree, ctx);
        }
        return tree;
      }
    };
  }

  /** Appends the file's options to each {@code CqlSession.builder()} that read the file. */
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
      String code = translation.calls();
      if (!readsTheFile(chain, getCursor())) {
        return call;
      }
      boolean addsContactPoints = false;
      for (J.MethodInvocation link : chain) {
        String name = link.getSimpleName();
        addsContactPoints |= name.equals("addContactPoint") || name.equals("addContactPoints");
      }
      if (!addsContactPoints) {
        code = translation.contactPoints() + code;
      }
      if (code.isEmpty() || (!chain.isEmpty() && startsWith(chain, code))) {
        return call;
      }
      for (String type : translation.imports()) {
        doAfterVisit(new AddImport<>(type, null, false));
      }
      return JavaTemplate.builder("#{any()}" + code)
          .build()
          .apply(getCursor(), call.getCoordinates().replace(), call);
    }

    /** Whether the chain already starts with these calls (the recipe's second cycle). */
    private boolean startsWith(List<J.MethodInvocation> chain, String code) {
      J.MethodInvocation outermost = chain.get(chain.size() - 1);
      String printed = outermost.printTrimmed(getCursor()).replaceAll("\\s+", "");
      return printed.contains("builder()" + code.replaceAll("\\s+", ""));
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
   * Whether a builder with these calls read application.conf: not when given another loader (a map,
   * another file); a programmatic loader is layered over the file.
   */
  private static boolean readsTheFile(List<J.MethodInvocation> chain, Cursor cursor) {
    for (J.MethodInvocation link : chain) {
      if (link.getSimpleName().equals("withConfigLoader")
          && !link.getArguments().get(0).printTrimmed(cursor).contains("programmaticBuilder")) {
        return false;
      }
    }
    return true;
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
                + " options on\n# each CqlSession.builder() of the application.\n");
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

  private static boolean isDriverFile(SourceFile source) {
    return source.getSourcePath().toString().replace('\\', '/').endsWith(FILE);
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
