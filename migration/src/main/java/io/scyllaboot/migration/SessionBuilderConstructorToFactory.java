package io.scyllaboot.migration;

import org.openrewrite.ExecutionContext;
import org.openrewrite.Recipe;
import org.openrewrite.TreeVisitor;
import org.openrewrite.java.JavaParser;
import org.openrewrite.java.JavaTemplate;
import org.openrewrite.java.JavaVisitor;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.TypeUtils;

/**
 * {@code new CqlSessionBuilder()} becomes {@code CqlSession.builder()}: Scylla Boot's builder is
 * made by its factory only (the DataStax driver offers both).
 */
public final class SessionBuilderConstructorToFactory extends Recipe {
  private static final String SESSION = "com.datastax.oss.driver.api.core.CqlSession";
  private static final String BUILDER = "com.datastax.oss.driver.api.core.CqlSessionBuilder";

  /** The factory as the driver declares it, so the later type change moves it to Scylla Boot's. */
  private static final JavaTemplate FACTORY =
      JavaTemplate.builder("CqlSession.builder()")
          .imports(SESSION)
          .javaParser(
              JavaParser.fromJavaVersion()
                  .dependsOn(
                      "package com.datastax.oss.driver.api.core; public class CqlSessionBuilder {}",
                      "package com.datastax.oss.driver.api.core; public interface CqlSession {"
                          + " static CqlSessionBuilder builder() { return null; } }"))
          .build();

  @Override
  public String getDisplayName() {
    return "Build the session with CqlSession.builder()";
  }

  @Override
  public String getDescription() {
    return "`new CqlSessionBuilder()` becomes `CqlSession.builder()`.";
  }

  @Override
  public TreeVisitor<?, ExecutionContext> getVisitor() {
    return new JavaVisitor<>() {
      @Override
      public J visitNewClass(J.NewClass newClass, ExecutionContext ctx) {
        J visited = super.visitNewClass(newClass, ctx);
        if (!(visited instanceof J.NewClass created)
            || created.getBody() != null
            || !created.getArguments().stream().allMatch(a -> a instanceof J.Empty)
            || !TypeUtils.isOfClassType(created.getType(), BUILDER)) {
          return visited;
        }
        maybeAddImport(SESSION);
        maybeRemoveImport(BUILDER);
        return FACTORY.apply(updateCursor(created), created.getCoordinates().replace());
      }
    };
  }
}
