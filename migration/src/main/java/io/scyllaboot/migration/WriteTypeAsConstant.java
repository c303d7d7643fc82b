package io.scyllaboot.migration;

import org.openrewrite.ExecutionContext;
import org.openrewrite.Recipe;
import org.openrewrite.TreeVisitor;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.JavaParser;
import org.openrewrite.java.JavaTemplate;
import org.openrewrite.java.MethodMatcher;
import org.openrewrite.java.tree.J;

/**
 * The DataStax driver's write errors give their write type as a {@code DefaultWriteType} constant
 * ({@code e.getWriteType()}), which a retry policy switches on; Scylla Boot's give the server's
 * name ({@code e.writeType()}), which {@code WriteType.of(..)} makes the same constant.
 */
public final class WriteTypeAsConstant extends Recipe {
  private static final String WRITE_TYPE = "io.scyllaboot.driver.api.error.WriteType";
  private static final String WRITE_TYPE_STUB =
      "package io.scyllaboot.driver.api.error;"
          + " public enum WriteType { SIMPLE; public static WriteType of(String name) { return SIMPLE; } }";
  private static final MethodMatcher TIMEOUT =
      new MethodMatcher(
          "com.datastax.oss.driver.api.core.servererrors.WriteTimeoutException getWriteType()");
  private static final MethodMatcher FAILURE =
      new MethodMatcher(
          "com.datastax.oss.driver.api.core.servererrors.WriteFailureException getWriteType()");

  @Override
  public String getDisplayName() {
    return "Read a write error's write type as a constant";
  }

  @Override
  public String getDescription() {
    return "`e.getWriteType()` becomes `WriteType.of(e.writeType())`.";
  }

  @Override
  public TreeVisitor<?, ExecutionContext> getVisitor() {
    JavaTemplate constant =
        JavaTemplate.builder("WriteType.of(#{any()}.writeType())")
            .imports(WRITE_TYPE)
            .javaParser(JavaParser.fromJavaVersion().dependsOn(WRITE_TYPE_STUB))
            .build();
    return new JavaIsoVisitor<>() {
      @Override
      public J.MethodInvocation visitMethodInvocation(
          J.MethodInvocation method, ExecutionContext ctx) {
        J.MethodInvocation visited = super.visitMethodInvocation(method, ctx);
        if (!(TIMEOUT.matches(visited) || FAILURE.matches(visited))
            || visited.getSelect() == null) {
          return visited;
        }
        maybeAddImport(WRITE_TYPE);
        return constant.apply(
            updateCursor(visited), visited.getCoordinates().replace(), visited.getSelect());
      }
    };
  }
}
