package io.scyllaboot.migration;

import static io.scyllaboot.migration.QueryBuilderChain.PACKAGE;
import static io.scyllaboot.migration.QueryBuilderChain.QUERY_BUILDER;
import static io.scyllaboot.migration.QueryBuilderChain.SELECTOR;
import static io.scyllaboot.migration.QueryBuilderChain.render;
import static io.scyllaboot.migration.QueryBuilderChain.renderBuilt;
import static io.scyllaboot.migration.QueryBuilderChain.renderBuiltWithValues;

import io.scyllaboot.migration.QueryBuilderChain.Rendered;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.openrewrite.ExecutionContext;
import org.openrewrite.Recipe;
import org.openrewrite.Tree;
import org.openrewrite.TreeVisitor;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.JavaParser;
import org.openrewrite.java.JavaTemplate;
import org.openrewrite.java.JavaVisitor;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.TypeUtils;
import org.openrewrite.marker.Markers;

/**
 * The DataStax query builder's common chains, whose every value is a literal or a bind marker,
 * become the CQL text they render: {@code QueryBuilder.selectFrom("t").all().asCql()} becomes
 * {@code "SELECT * FROM t"}; likewise {@code column(..)}, {@code whereColumn(..).isEqualTo(..)},
 * {@code limit(n)}, {@code insertInto(..).value(..)}, {@code ifNotExists()}, {@code deleteFrom},
 * {@code truncate}, JSON inserts and selects, functions of columns and literals. A chain kept in a
 * {@code var} becomes its text, and the variable's {@code asCql()} the variable. A chain ending in
 * {@code build()} becomes Scylla Boot's {@code SimpleStatement.of(text)} (with a value for each
 * term known only at run time, {@code literal(user, registry)}, written {@code ?}), or the text
 * alone where it is prepared (Scylla Boot prepares CQL text). Other chains are left to the query
 * builder's mark.
 */
public final class QueryBuilderToCql extends Recipe {
  /**
   * Scylla Boot's statement, written directly: an import of the driver's would join the file's
   * other imports of that package and could fold them into a star import nothing removes later.
   */
  private static final String SIMPLE_STATEMENT = "io.scyllaboot.driver.api.cql.SimpleStatement";

  private static final String SESSION = "com.datastax.oss.driver.api.core.session.Session";

  /** The statement factory: the text, then a value for each {@code ?} of run-time values. */
  private static JavaTemplate newStatement(int values) {
    return JavaTemplate.builder(
            "SimpleStatement.of(#{any(java.lang.String)}" + ", #{any()}".repeat(values) + ")")
        .imports(SIMPLE_STATEMENT)
        .javaParser(
            JavaParser.fromJavaVersion()
                .dependsOn(
                    "package io.scyllaboot.driver.api.cql;"
                        + " public interface SimpleStatement {"
                        + " static SimpleStatement of(String query, Object... values)"
                        + " { return null; } }"))
        .build();
  }

  @Override
  public String getDisplayName() {
    return "Write DataStax query builder chains as CQL text";
  }

  @Override
  public String getDescription() {
    return "`QueryBuilder.selectFrom(\"t\").all().asCql()` becomes `\"SELECT * FROM t\"` when every"
        + " value of the chain is a literal or a bind marker.";
  }

  @Override
  public TreeVisitor<?, ExecutionContext> getVisitor() {
    return new JavaVisitor<>() {
      private final Set<String> textVariables = new HashSet<>();

      @Override
      public J visitCompilationUnit(J.CompilationUnit cu, ExecutionContext ctx) {
        textVariables.clear();
        new JavaIsoVisitor<Set<String>>() {
          @Override
          public J.VariableDeclarations visitVariableDeclarations(
              J.VariableDeclarations multi, Set<String> names) {
            if (inferred(multi)) {
              for (J.VariableDeclarations.NamedVariable v : multi.getVariables()) {
                if (v.getInitializer() != null && render(v.getInitializer()) != null) {
                  names.add(v.getSimpleName());
                }
              }
            }
            return super.visitVariableDeclarations(multi, names);
          }
        }.visit(cu, textVariables);
        return super.visitCompilationUnit(cu, ctx);
      }

      @Override
      public J visitVariableDeclarations(J.VariableDeclarations multi, ExecutionContext ctx) {
        J.VariableDeclarations visited =
            (J.VariableDeclarations) super.visitVariableDeclarations(multi, ctx);
        if (!inferred(visited)) {
          return visited;
        }
        return visited.withVariables(
            visited.getVariables().stream()
                .map(
                    v -> {
                      String cql = v.getInitializer() == null ? null : render(v.getInitializer());
                      if (cql == null) {
                        return v;
                      }
                      removeImports();
                      return v.withInitializer(text(cql, v.getInitializer()));
                    })
                .toList());
      }

      @Override
      public J visitMethodInvocation(J.MethodInvocation method, ExecutionContext ctx) {
        if (prepared(method)) {
          String cql = renderBuilt(method.getArguments().get(0));
          if (cql != null) {
            removeImports();
            return method.withArguments(List.of(text(cql, method.getArguments().get(0))));
          }
        }
        J result = super.visitMethodInvocation(method, ctx);
        if (!(result instanceof J.MethodInvocation visited)
            || !visited.getArguments().stream().allMatch(a -> a instanceof J.Empty)) {
          return result;
        }
        if ("build".equals(visited.getSimpleName())) {
          Rendered rendered = renderBuiltWithValues(visited);
          if (rendered == null) {
            return visited;
          }
          removeImports();
          maybeAddImport(SIMPLE_STATEMENT);
          List<Object> parameters = new ArrayList<>();
          parameters.add(text(rendered.cql(), visited));
          parameters.addAll(rendered.values());
          J.MethodInvocation statement =
              newStatement(rendered.values().size())
                  .apply(
                      updateCursor(visited),
                      visited.getCoordinates().replace(),
                      parameters.toArray());
          // The template indents as a continuation; the chain's own line start is kept.
          return statement.withPrefix(visited.getPrefix());
        }
        if (!"asCql".equals(visited.getSimpleName())) {
          return visited;
        }
        if (visited.getSelect() instanceof J.Identifier id
            && textVariables.contains(id.getSimpleName())
            && id.getType() instanceof JavaType.FullyQualified type
            && type.getFullyQualifiedName().startsWith(PACKAGE)) {
          return id.withPrefix(visited.getPrefix());
        }
        String cql = visited.getSelect() == null ? null : render(visited.getSelect());
        if (cql == null) {
          return visited;
        }
        removeImports();
        return text(cql, visited);
      }

      private void removeImports() {
        maybeRemoveImport(QUERY_BUILDER);
        maybeRemoveImport(SELECTOR);
      }
    };
  }

  /** {@code session.prepare(x)} or {@code prepareAsync(x)} of the driver's session. */
  private static boolean prepared(J.MethodInvocation method) {
    return ("prepare".equals(method.getSimpleName())
            || "prepareAsync".equals(method.getSimpleName()))
        && method.getArguments().size() == 1
        && method.getMethodType() != null
        && TypeUtils.isAssignableTo(SESSION, method.getMethodType().getDeclaringType());
  }

  /** A local variable declared with {@code var}, whose initializer may change type. */
  private static boolean inferred(J.VariableDeclarations multi) {
    return multi.getTypeExpression() instanceof J.Identifier id && "var".equals(id.getSimpleName());
  }

  private static J.Literal text(String cql, Expression replaced) {
    String source = "\"" + cql.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    return new J.Literal(
        Tree.randomId(),
        replaced.getPrefix(),
        Markers.EMPTY,
        cql,
        source,
        null,
        JavaType.Primitive.String);
  }
}
