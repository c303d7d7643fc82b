package io.scyllaboot.migration;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.openrewrite.ExecutionContext;
import org.openrewrite.Recipe;
import org.openrewrite.TreeVisitor;
import org.openrewrite.java.AddImport;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.JavaTemplate;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.Space;
import org.openrewrite.java.tree.TypeUtils;

/**
 * A Scylla Boot bound statement takes all its values at once: {@code prepared.bind().setInt(0,
 * a).setString(1, b)} becomes {@code prepared.bind(a, b)} and {@code prepared.bind().setInt("k",
 * a).setString("c", b)} becomes {@code prepared.bind(Map.of("k", a, "c", b))}; the same for {@code
 * prepared.boundStatementBuilder()...build()}. Chains it cannot read whole (a setter in a variable
 * assigned later, indexes with gaps, a mix of indexes and names) are left to the marks.
 */
public final class BindValuesInOneCall extends Recipe {
  private static final String DRIVER = "com.datastax.oss.driver.api.core.";
  private static final String PREPARED = DRIVER + "cql.PreparedStatement";
  private static final String BOUND = DRIVER + "cql.BoundStatement";
  private static final String BUILDER = DRIVER + "cql.BoundStatementBuilder";
  private static final String SETTABLE = DRIVER + "data.Settable";

  /** Map.of takes at most ten pairs. */
  private static final int MAX_NAMED = 10;

  @Override
  public String getDisplayName() {
    return "Bind a prepared statement's values in one call";
  }

  @Override
  public String getDescription() {
    return "`prepared.bind().setInt(0, a).setString(1, b)` becomes `prepared.bind(a, b)`; by name,"
        + " `prepared.bind(Map.of(\"k\", a, ...))`.";
  }

  @Override
  public TreeVisitor<?, ExecutionContext> getVisitor() {
    return new JavaIsoVisitor<>() {
      @Override
      public J.MethodInvocation visitMethodInvocation(
          J.MethodInvocation method, ExecutionContext ctx) {
        // The outermost call of a chain is seen first: convert the whole chain there.
        J.MethodInvocation converted = convert(method);
        return converted != null ? converted : super.visitMethodInvocation(method, ctx);
      }

      private J.@Nullable MethodInvocation convert(J.MethodInvocation call) {
        J.MethodInvocation current = call;
        boolean builder = false;
        if (isBuild(call)) {
          builder = true;
          current = (J.MethodInvocation) call.getSelect();
        }
        List<J.MethodInvocation> setters = new ArrayList<>();
        while (isValueSetter(current) && current.getSelect() instanceof J.MethodInvocation inner) {
          setters.add(current);
          current = inner;
        }
        if (setters.isEmpty()
            || !isEmptyBind(current, builder ? "boundStatementBuilder" : "bind")) {
          return null;
        }
        Collections.reverse(setters);
        List<Expression> keys = new ArrayList<>();
        List<Expression> values = new ArrayList<>();
        for (J.MethodInvocation setter : setters) {
          List<Expression> arguments = setter.getArguments();
          if (arguments.size() < 2 || arguments.size() > 3) {
            return null;
          }
          keys.add(arguments.get(0));
          values.add(arguments.get(1));
        }
        if (keys.stream().allMatch(key -> TypeUtils.isString(key.getType()))) {
          return keys.size() <= MAX_NAMED ? byName(call, current, keys, values) : null;
        }
        return byIndex(call, current, keys, values);
      }

      private J.MethodInvocation byName(
          J.MethodInvocation call,
          J.MethodInvocation bind,
          List<Expression> keys,
          List<Expression> values) {
        StringBuilder code = new StringBuilder("#{any()}.bind(Map.of(");
        List<Object> parameters = new ArrayList<>();
        parameters.add(bind.getSelect());
        for (int i = 0; i < keys.size(); i++) {
          code.append(i == 0 ? "" : ", ").append("#{any()}, #{any()}");
          parameters.add(keys.get(i));
          parameters.add(values.get(i));
        }
        code.append("))");
        doAfterVisit(new AddImport<>("java.util.Map", null, false));
        J.MethodInvocation bound =
            JavaTemplate.builder(code.toString())
                .imports("java.util.Map")
                .build()
                .apply(getCursor(), call.getCoordinates().replace(), parameters.toArray());
        // The template knows no driver type: keep the bind call's, for the recipes that follow.
        return bound.withMethodType(bind.getMethodType());
      }

      private J.@Nullable MethodInvocation byIndex(
          J.MethodInvocation call,
          J.MethodInvocation bind,
          List<Expression> keys,
          List<Expression> values) {
        Expression[] ordered = new Expression[keys.size()];
        for (int i = 0; i < keys.size(); i++) {
          if (!(keys.get(i) instanceof J.Literal literal)
              || !(literal.getValue() instanceof Integer index)
              || index < 0
              || index >= ordered.length
              || ordered[index] != null) {
            return null;
          }
          ordered[index] = values.get(i);
        }
        List<Expression> arguments = new ArrayList<>();
        for (int i = 0; i < ordered.length; i++) {
          arguments.add(ordered[i].withPrefix(i == 0 ? Space.EMPTY : Space.SINGLE_SPACE));
        }
        return bind.withName(bind.getName().withSimpleName("bind"))
            .withArguments(arguments)
            .withPrefix(call.getPrefix());
      }

      private boolean isBuild(J.MethodInvocation call) {
        return call.getSimpleName().equals("build")
            && call.getSelect() instanceof J.MethodInvocation
            && TypeUtils.isAssignableTo(BUILDER, call.getSelect().getType());
      }

      private boolean isValueSetter(J.MethodInvocation call) {
        JavaType.Method type = call.getMethodType();
        return call.getSimpleName().startsWith("set")
            && type != null
            && type.getDeclaringType().getFullyQualifiedName().startsWith(SETTABLE)
            && call.getSelect() != null
            && (TypeUtils.isAssignableTo(BOUND, call.getSelect().getType())
                || TypeUtils.isAssignableTo(BUILDER, call.getSelect().getType()));
      }

      private boolean isEmptyBind(J.MethodInvocation call, String name) {
        return call.getSimpleName().equals(name)
            && call.getSelect() != null
            && TypeUtils.isAssignableTo(PREPARED, call.getSelect().getType())
            && call.getArguments().stream().allMatch(J.Empty.class::isInstance);
      }
    };
  }
}
