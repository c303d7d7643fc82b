package io.scyllaboot.migration;

import java.util.List;
import org.jspecify.annotations.Nullable;
import org.openrewrite.ExecutionContext;
import org.openrewrite.Recipe;
import org.openrewrite.TreeVisitor;
import org.openrewrite.java.AddImport;
import org.openrewrite.java.JavaTemplate;
import org.openrewrite.java.JavaVisitor;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.Space;
import org.openrewrite.java.tree.TypeUtils;
import org.openrewrite.marker.SearchResult;

/**
 * Values set one by one, where {@link BindValuesInOneCall} cannot fold a chain: Scylla Boot's bound
 * statement has {@code set(index|name, value)}, returning a copy as the DataStax driver's setters
 * do. {@code bound.setString("k", v)} becomes {@code bound.set("k", v)} ({@code set(k, v,
 * Type.class)} too, {@code setToNull(k)} becomes {@code set(k, null)}, {@code unset(k)} {@code
 * set(k, Unset.VALUE)}). A {@code BoundStatementBuilder} becomes the bound statement itself: {@code
 * prepared.boundStatementBuilder(..)} is {@code prepared.bind(..)}, its {@code build()} goes, and a
 * call on a builder variable whose result was dropped (the builder mutated itself) is assigned back
 * to the variable: {@code builder.setInt("k", 1);} becomes {@code builder = builder.set("k", 1);}.
 * An entity helper's {@code helper.set(entity, builder, strategy, lenient);} is assigned back the
 * same way. A {@code BatchStatementBuilder} becomes the batch itself: {@code
 * BatchStatement.builder(type)} is {@code BatchStatement.of(type)}, {@code addStatement(s)} is
 * {@code add(s)}, assigned back, and its {@code build()} goes. A tuple or UDT value's setters
 * ({@code setInt(0, x)}, {@code set("f", v, Type.class)}, {@code setToNull(k)}) become {@code
 * with(k, v)}, which returns a copy (Scylla Boot's values are immutable): chained as they were,
 * assigned back where the value mutated itself.
 */
public final class SettersOnImmutableValues extends Recipe {
  private static final String CQL = "com.datastax.oss.driver.api.core.cql.";
  private static final String BOUND = CQL + "BoundStatement";
  private static final String BUILDER = CQL + "BoundStatementBuilder";
  private static final String BATCH_BUILDER = CQL + "BatchStatementBuilder";
  private static final String ENTITY_HELPER =
      "com.datastax.oss.driver.api.mapper.entity.EntityHelper";
  private static final String SETTABLE = "com.datastax.oss.driver.api.core.data.Settable";
  private static final JavaType.FullyQualified OURS =
      JavaType.ShallowClass.build("io.scyllaboot.driver.api.cql.BoundStatement");
  private static final String DATA = "com.datastax.oss.driver.api.core.data.";
  private static final List<String> VALUES = List.of(DATA + "TupleValue", DATA + "UdtValue");
  private static final String UNSET = "io.scyllaboot.driver.api.cql.Unset";

  @Override
  public String getDisplayName() {
    return "Set a bound statement's or a tuple's values one by one on immutable copies";
  }

  @Override
  public String getDescription() {
    return "`bound.setString(\"k\", v)` becomes `bound.set(\"k\", v)`; a BoundStatementBuilder"
        + " becomes the bound statement it builds; `tuple.setInt(0, x)` becomes `tuple.with(0, x)`.";
  }

  @Override
  public TreeVisitor<?, ExecutionContext> getVisitor() {
    return new JavaVisitor<>() {
      @Override
      public J visitMethodInvocation(J.MethodInvocation method, ExecutionContext ctx) {
        J visited = super.visitMethodInvocation(method, ctx);
        if (!(visited instanceof J.MethodInvocation call)) {
          return visited;
        }
        if (isBuilderBuild(call)) {
          return call.getSelect().withPrefix(call.getPrefix());
        }
        J.MethodInvocation converted = call;
        String statementSetter = SimpleStatementBuilderToStatement.statementSetter(call);
        if (isOn(call, CQL + "PreparedStatement")
            && call.getSimpleName().equals("boundStatementBuilder")) {
          converted = call.withName(call.getName().withSimpleName("bind"));
        } else if (call.getSimpleName().equals("builder")
            && call.getMethodType() != null
            && TypeUtils.isOfClassType(
                call.getMethodType().getDeclaringType(), CQL + "BatchStatement")
            && call.getArguments().size() == 1
            && !(call.getArguments().get(0) instanceof J.Empty)) {
          converted = call.withName(call.getName().withSimpleName("of"));
        } else if (isOn(call, BATCH_BUILDER)
            && (call.getSimpleName().equals("addStatement")
                || call.getSimpleName().equals("addStatements")
                    && call.getArguments().stream()
                        .noneMatch(
                            a -> TypeUtils.isAssignableTo("java.lang.Iterable", a.getType())))) {
          converted = call.withName(call.getName().withSimpleName("add"));
        } else if (statementSetter != null && isOn(call, BATCH_BUILDER)) {
          converted = call.withName(call.getName().withSimpleName(statementSetter));
        } else if (isValueSetter(call)) {
          converted = toSet(call);
        } else if (statementSetter != null && isOn(call, BUILDER)) {
          converted = call.withName(call.getName().withSimpleName(statementSetter));
        }
        return assignedBack(call, converted);
      }

      /**
       * {@code setX(k, v)}, {@code set(k, v, type)}, {@code setToNull(k)}, {@code unset(k)}: {@code
       * set(k, v)} on a bound statement, {@code with(k, v)} on a tuple or UDT value.
       */
      private J.MethodInvocation toSet(J.MethodInvocation setter) {
        String value = valueType(setter);
        String name = value == null ? "set" : "with";
        JavaType.FullyQualified ours =
            value == null
                ? OURS
                : JavaType.ShallowClass.build(
                    "io.scyllaboot.driver.api.type." + value.substring(DATA.length()));
        List<Expression> arguments = setter.getArguments();
        Expression key = arguments.get(0);
        J.MethodInvocation set;
        if (arguments.size() == 1) {
          boolean unset = setter.getSimpleName().equals("unset");
          if (unset) {
            doAfterVisit(new AddImport<>(UNSET, null, false));
          }
          set =
              JavaTemplate.builder(
                      "#{any()}." + name + "(#{any()}, " + (unset ? "Unset.VALUE" : "null") + ")")
                  .imports(UNSET)
                  .build()
                  .apply(getCursor(), setter.getCoordinates().replace(), setter.getSelect(), key);
        } else {
          set =
              setter
                  .withName(setter.getName().withSimpleName(name))
                  .withArguments(List.of(key, arguments.get(1)));
        }
        JavaType.Method type = setter.getMethodType();
        return set.withMethodType(
            type == null ? null : type.withName(name).withDeclaringType(ours));
      }

      /** The DataStax value type (tuple or UDT) a call is on, else null. */
      private @Nullable String valueType(J.MethodInvocation call) {
        for (String value : VALUES) {
          if (isOn(call, value)) {
            return value;
          }
        }
        return null;
      }

      /**
       * A builder that mutated itself: the copy its call returns goes back into the variable. Where
       * that would not reach the builder's other users (a parameter: the caller keeps its own; a
       * call in an expression lambda, or on an expression other than a variable) the call is marked
       * instead of silently losing the value.
       */
      private J assignedBack(J.MethodInvocation original, J.MethodInvocation converted) {
        Object parent = getCursor().getParentTreeCursor().getValue();
        boolean resultDropped = parent instanceof J.Block || parent instanceof J.Lambda;
        Expression target = mutatedBuilder(original);
        if (!resultDropped || target == null) {
          return converted;
        }
        if (!(parent instanceof J.Block)
            || !(target instanceof J.Identifier variable)
            || isParameter(variable)) {
          boolean value = valueType(original) != null;
          return SearchResult.found(
              converted,
              (value
                      ? "Scylla Boot: a tuple or UDT value mutated in place; Scylla Boot's values"
                          + " are immutable: keep the value "
                      : "Scylla Boot: a statement builder mutated in place; Scylla Boot's statements"
                          + " are immutable: keep the statement ")
                  + converted.getSimpleName()
                  + "(..) returns (return it to the caller, or assign it); "
                  + MarkUntranslatedMethod.SECTION);
        }
        J.Assignment assignment =
            JavaTemplate.builder(variable.getSimpleName() + " = #{any()}")
                .contextSensitive()
                .build()
                .apply(
                    getCursor(),
                    original.getCoordinates().replace(),
                    converted.withPrefix(Space.EMPTY));
        return assignment.withPrefix(original.getPrefix());
      }

      /**
       * The builder a call mutates, whose copy the call's result is in Scylla Boot: the builder a
       * setter is called on, or the one an entity helper's {@code set} fills; else null.
       */
      private @Nullable Expression mutatedBuilder(J.MethodInvocation call) {
        for (String builder : List.of(BUILDER, BATCH_BUILDER)) {
          if (isOn(call, builder) && TypeUtils.isAssignableTo(builder, call.getType())) {
            return call.getSelect();
          }
        }
        String value = valueType(call);
        if (value != null && TypeUtils.isAssignableTo(value, call.getType())) {
          return call.getSelect();
        }
        if (isOn(call, ENTITY_HELPER)
            && call.getSimpleName().equals("set")
            && call.getArguments().size() >= 2
            && TypeUtils.isAssignableTo(BUILDER, call.getArguments().get(1).getType())) {
          return call.getArguments().get(1);
        }
        return null;
      }

      /** Whether the variable is a parameter of the enclosing method or lambda. */
      private boolean isParameter(J.Identifier variable) {
        J.Lambda lambda = getCursor().firstEnclosing(J.Lambda.class);
        J.MethodDeclaration method = getCursor().firstEnclosing(J.MethodDeclaration.class);
        List<J> parameters = new java.util.ArrayList<>();
        if (lambda != null) {
          parameters.addAll(lambda.getParameters().getParameters());
        }
        if (method != null) {
          parameters.addAll(method.getParameters());
        }
        for (J parameter : parameters) {
          if (parameter instanceof J.VariableDeclarations declarations
              && declarations.getVariables().stream()
                  .anyMatch(v -> v.getSimpleName().equals(variable.getSimpleName()))) {
            return true;
          }
        }
        return false;
      }

      private boolean isBuilderBuild(J.MethodInvocation call) {
        return call.getSimpleName().equals("build")
            && call.getArguments().stream().allMatch(J.Empty.class::isInstance)
            && (isOn(call, BUILDER) || isOn(call, BATCH_BUILDER));
      }

      private boolean isValueSetter(J.MethodInvocation call) {
        JavaType.Method type = call.getMethodType();
        String name = call.getSimpleName();
        String declaring = type == null ? "" : type.getDeclaringType().getFullyQualifiedName();
        return (declaring.startsWith(SETTABLE) && name.startsWith("set")
                || declaring.equals(CQL + "Bindable") && name.equals("unset"))
            && !name.equals("setBytesUnsafe")
            && !call.getArguments().isEmpty()
            && (isOn(call, BOUND) || isOn(call, BUILDER) || valueType(call) != null);
      }

      private boolean isOn(J.MethodInvocation call, String type) {
        return call.getSelect() != null
            && TypeUtils.isAssignableTo(type, call.getSelect().getType());
      }
    };
  }
}
