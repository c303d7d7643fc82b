package io.scyllaboot.migration;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.openrewrite.ExecutionContext;
import org.openrewrite.Recipe;
import org.openrewrite.Tree;
import org.openrewrite.TreeVisitor;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.Space;
import org.openrewrite.java.tree.TypeUtils;
import org.openrewrite.marker.Markers;

/**
 * Scylla Boot's statements have no builder: {@code
 * SimpleStatement.builder(q).addPositionalValues(a, b).setPageSize(10).build()} becomes {@code
 * SimpleStatement.of(q, a, b).withPageSize(10)}, keeping each setter's place in the chain. A chain
 * with a call that has no counterpart (named values, a routing key) is left to the marks.
 */
public final class SimpleStatementBuilderToStatement extends Recipe {
  private static final String DRIVER = "com.datastax.oss.driver.api.core.cql.";

  /** A statement builder's setters and the statement methods that replace them. */
  static final Map<String, String> SETTERS =
      Map.of(
          "setPageSize", "withPageSize",
          "setConsistencyLevel", "withConsistency",
          "setSerialConsistencyLevel", "withSerialConsistency",
          "setIdempotence", "withIdempotent",
          "setTimeout", "withTimeout",
          "setTracing", "withTracing",
          "setQueryTimestamp", "withTimestamp",
          "setExecutionProfileName", "withProfile",
          "setNode", "withNode");

  /**
   * The statement method that replaces a builder's setter, or null: {@link #SETTERS}, and {@code
   * setPagingState} by its argument (the server's bytes or a {@code PagingState}).
   */
  static String statementSetter(J.MethodInvocation setter) {
    if (setter.getSimpleName().equals("setPagingState") && setter.getArguments().size() == 1) {
      return TypeUtils.isOfClassType(setter.getArguments().get(0).getType(), "java.nio.ByteBuffer")
          ? "withRawPagingState"
          : "withPagingState";
    }
    return SETTERS.get(setter.getSimpleName());
  }

  @Override
  public String getDisplayName() {
    return "Replace SimpleStatement.builder(..) chains with SimpleStatement.of(..)";
  }

  @Override
  public String getDescription() {
    return "`SimpleStatement.builder(q).addPositionalValue(a).setPageSize(10).build()` becomes"
        + " `SimpleStatement.of(q, a).withPageSize(10)`.";
  }

  @Override
  public TreeVisitor<?, ExecutionContext> getVisitor() {
    return new JavaIsoVisitor<>() {
      @Override
      public J.MethodInvocation visitMethodInvocation(
          J.MethodInvocation method, ExecutionContext ctx) {
        J.MethodInvocation visited = super.visitMethodInvocation(method, ctx);
        J.MethodInvocation converted = convert(visited);
        return converted != null ? converted : visited;
      }

      private J.@Nullable MethodInvocation convert(J.MethodInvocation build) {
        if (!build.getSimpleName().equals("build")
            || !(build.getSelect() instanceof J.MethodInvocation current)
            || !TypeUtils.isAssignableTo(
                DRIVER + "SimpleStatementBuilder", build.getSelect().getType())) {
          return null;
        }
        List<J.MethodInvocation> links = new ArrayList<>();
        while (!isBuilderFactory(current)) {
          links.add(0, current);
          if (!(current.getSelect() instanceof J.MethodInvocation inner)) {
            return null;
          }
          current = inner;
        }
        List<Expression> arguments = new ArrayList<>(current.getArguments());
        arguments.removeIf(J.Empty.class::isInstance);
        boolean query = isQueryBuilder(current);
        List<J.MethodInvocation> kept = new ArrayList<>();
        for (J.MethodInvocation link : links) {
          String name = link.getSimpleName();
          if (name.equals("addPositionalValue") || name.equals("addPositionalValues")) {
            for (Expression value : link.getArguments()) {
              if (value instanceof J.Empty
                  || TypeUtils.isAssignableTo("java.lang.Iterable", value.getType())) {
                return null;
              }
              arguments.add(value.withPrefix(Space.SINGLE_SPACE));
            }
          } else if (statementSetter(link) != null
              && !(link.getArguments().get(0) instanceof J.Empty)) {
            kept.add(link.withName(link.getName().withSimpleName(statementSetter(link))));
          } else {
            return null;
          }
        }
        // A query's builder(): the query builds the statement (an entity helper's EntityQuery).
        if (query && !arguments.isEmpty()) {
          arguments.set(0, arguments.get(0).withPrefix(Space.EMPTY));
        }
        Expression result =
            current
                .withName(current.getName().withSimpleName(query ? "build" : "of"))
                .withArguments(
                    arguments.isEmpty()
                        ? List.of(new J.Empty(Tree.randomId(), Space.EMPTY, Markers.EMPTY))
                        : arguments);
        for (J.MethodInvocation link : kept) {
          result = link.withSelect(result);
        }
        return ((J.MethodInvocation) result).withPrefix(build.getPrefix());
      }

      private boolean isBuilderFactory(J.MethodInvocation call) {
        return call.getSimpleName().equals("builder")
            && call.getMethodType() != null
            && (TypeUtils.isOfClassType(
                    call.getMethodType().getDeclaringType(), DRIVER + "SimpleStatement")
                || isQueryBuilder(call));
      }

      /** A query builder's {@code builder()}: {@code query.builder().setX(..).build()}. */
      private boolean isQueryBuilder(J.MethodInvocation call) {
        return call.getSimpleName().equals("builder")
            && call.getMethodType() != null
            && call.getSelect() != null
            && TypeUtils.isAssignableTo(
                "com.datastax.oss.driver.api.querybuilder.BuildableQuery",
                call.getMethodType().getDeclaringType());
      }
    };
  }
}
