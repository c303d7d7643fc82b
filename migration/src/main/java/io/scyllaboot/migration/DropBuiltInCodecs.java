package io.scyllaboot.migration;

import java.util.List;
import org.openrewrite.ExecutionContext;
import org.openrewrite.Recipe;
import org.openrewrite.Tree;
import org.openrewrite.TreeVisitor;
import org.openrewrite.internal.ListUtils;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.MethodMatcher;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.Space;
import org.openrewrite.java.tree.TypeUtils;
import org.openrewrite.marker.Markers;

/**
 * An application that registers one of the DataStax driver's own codecs again ({@code
 * addTypeCodecs(new DateCodec())}, an internal class, or {@code TypeCodecs.TEXT}) asks for a
 * mapping Scylla Boot's driver makes itself: the argument goes, and the call with it when none is
 * left.
 */
public final class DropBuiltInCodecs extends Recipe {
  private static final MethodMatcher ADD_TYPE_CODECS =
      new MethodMatcher(
          "com.datastax.oss.driver.api.core.session.SessionBuilder addTypeCodecs(..)", true);
  private static final String INTERNAL_CODECS = "com.datastax.oss.driver.internal.core.type.codec.";
  private static final String TYPE_CODECS =
      "com.datastax.oss.driver.api.core.type.codec.TypeCodecs";

  @Override
  public String getDisplayName() {
    return "Drop the DataStax driver's built-in codecs from addTypeCodecs(..)";
  }

  @Override
  public String getDescription() {
    return "`builder.addTypeCodecs(new DateCodec(), myCodec)` becomes `builder.addTypeCodecs(myCodec)`;"
        + " `builder.addTypeCodecs(new DateCodec())` becomes `builder`.";
  }

  @Override
  public TreeVisitor<?, ExecutionContext> getVisitor() {
    return new JavaIsoVisitor<>() {
      @Override
      public J.MethodInvocation visitMethodInvocation(
          J.MethodInvocation method, ExecutionContext ctx) {
        J.MethodInvocation visited = super.visitMethodInvocation(method, ctx);
        if (!ADD_TYPE_CODECS.matches(visited)
            || visited.getArguments().stream().noneMatch(this::isBuiltIn)) {
          return visited;
        }
        List<Expression> kept =
            ListUtils.map(
                visited.getArguments(), argument -> isBuiltIn(argument) ? null : argument);
        for (Expression argument : visited.getArguments()) {
          if (isBuiltIn(argument) && argument.getType() instanceof JavaType.FullyQualified type) {
            maybeRemoveImport(type.getFullyQualifiedName());
          }
        }
        maybeRemoveImport(TYPE_CODECS);
        if (kept.isEmpty() && visited.getSelect() instanceof J.MethodInvocation receiver) {
          // Nothing left to register: the builder the call returned is its receiver.
          return receiver.withPrefix(visited.getPrefix());
        }
        if (kept.isEmpty()) {
          return visited.withArguments(
              List.of(new J.Empty(Tree.randomId(), Space.EMPTY, Markers.EMPTY)));
        }
        kept =
            ListUtils.mapFirst(
                kept, first -> first.withPrefix(visited.getArguments().get(0).getPrefix()));
        return visited.withArguments(kept);
      }

      private boolean isBuiltIn(Expression argument) {
        if (argument instanceof J.NewClass created
            && created.getType() instanceof JavaType.FullyQualified type) {
          return type.getFullyQualifiedName().startsWith(INTERNAL_CODECS);
        }
        if (argument instanceof J.FieldAccess access) {
          JavaType.Variable field = access.getName().getFieldType();
          return field != null && TypeUtils.isOfClassType(field.getOwner(), TYPE_CODECS);
        }
        return false;
      }
    };
  }
}
