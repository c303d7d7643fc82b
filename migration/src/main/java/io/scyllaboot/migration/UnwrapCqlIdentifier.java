package io.scyllaboot.migration;

import org.openrewrite.ExecutionContext;
import org.openrewrite.Recipe;
import org.openrewrite.TreeVisitor;
import org.openrewrite.java.JavaVisitor;
import org.openrewrite.java.MethodMatcher;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;

/**
 * Table and column names are Strings in Scylla Boot, so the DataStax driver's {@code CqlIdentifier}
 * becomes {@code String}: its factories ({@code CqlIdentifier.fromCql("person")}, {@code
 * fromInternal}) become their argument and its renderings ({@code id.asCql(true)}, {@code
 * asInternal()}, {@code toString()}) the identifier itself. Runs before the type change, which
 * would otherwise leave {@code String.fromCql("person")}, which cannot compile.
 */
public final class UnwrapCqlIdentifier extends Recipe {
  private static final String TYPE = "com.datastax.oss.driver.api.core.CqlIdentifier";
  private static final MethodMatcher FROM_CQL = new MethodMatcher(TYPE + " fromCql(String)");
  private static final MethodMatcher FROM_INTERNAL =
      new MethodMatcher(TYPE + " fromInternal(String)");
  private static final MethodMatcher AS_CQL = new MethodMatcher(TYPE + " asCql(boolean)");
  private static final MethodMatcher AS_INTERNAL = new MethodMatcher(TYPE + " asInternal()");

  @Override
  public String getDisplayName() {
    return "Unwrap CqlIdentifier factories and renderings into Strings";
  }

  @Override
  public String getDescription() {
    return "`CqlIdentifier.fromCql(x)` and `fromInternal(x)` become `x`; `id.asCql(..)` and"
        + " `id.asInternal()` become `id`, since names are Strings in Scylla Boot.";
  }

  @Override
  public TreeVisitor<?, ExecutionContext> getVisitor() {
    return new JavaVisitor<>() {
      @Override
      public J visitMethodInvocation(J.MethodInvocation method, ExecutionContext ctx) {
        J result = super.visitMethodInvocation(method, ctx);
        if (!(result instanceof J.MethodInvocation visited)) {
          return result;
        }
        Expression replacement = null;
        if (FROM_CQL.matches(visited) || FROM_INTERNAL.matches(visited)) {
          replacement = visited.getArguments().get(0);
        } else if ((AS_CQL.matches(visited) || AS_INTERNAL.matches(visited))
            && visited.getSelect() != null) {
          replacement = visited.getSelect();
        }
        if (replacement == null) {
          return visited;
        }
        maybeRemoveImport(TYPE);
        // The invocation's place in the code (its prefix), the argument's or receiver's text.
        return replacement.withPrefix(visited.getPrefix());
      }
    };
  }
}
