package io.scyllaboot.migration;

import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;
import org.openrewrite.ExecutionContext;
import org.openrewrite.Recipe;
import org.openrewrite.TreeVisitor;
import org.openrewrite.java.AddImport;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.JavaTemplate;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.Statement;
import org.openrewrite.java.tree.TypeUtils;

/**
 * A DataStax UDT value built from its type and filled by setters, {@code var v = type.newValue();
 * v.setString("street", s); v.setInt("number", n);}, becomes Scylla Boot's immutable value built in
 * one call, {@code var v = UdtValue.of(Map.of("street", s, "number", n));} (binding is by field
 * name, so the type's metadata is no longer needed). Only the setters that directly follow the
 * declaration, with a literal field name and no {@code null} literal value, are folded; a
 * declaration followed by none is left to the {@code newValue} mark.
 */
public final class BuildUdtValueInOneCall extends Recipe {
  private static final String USER_DEFINED_TYPE =
      "com.datastax.oss.driver.api.core.type.UserDefinedType";
  private static final String UDT_VALUE = "com.datastax.oss.driver.api.core.data.UdtValue";

  @Override
  public String getDisplayName() {
    return "Build a UDT value in one call";
  }

  @Override
  public String getDescription() {
    return "`var v = type.newValue(); v.setString(\"f\", x);` becomes `var v ="
        + " UdtValue.of(Map.of(\"f\", x));`.";
  }

  @Override
  public TreeVisitor<?, ExecutionContext> getVisitor() {
    return new JavaIsoVisitor<>() {
      @Override
      public J.Block visitBlock(J.Block block, ExecutionContext ctx) {
        J.Block visited = super.visitBlock(block, ctx);
        List<Statement> statements = visited.getStatements();
        List<Statement> result = new ArrayList<>();
        boolean changed = false;
        for (int i = 0; i < statements.size(); i++) {
          Statement statement = statements.get(i);
          if (!(statement instanceof J.VariableDeclarations declaration)
              || declaration.getVariables().size() != 1
              || !isNewValue(declaration.getVariables().get(0).getInitializer())) {
            result.add(statement);
            continue;
          }
          String name = declaration.getVariables().get(0).getSimpleName();
          List<Expression> pairs = new ArrayList<>();
          int next = i + 1;
          while (next < statements.size() && setter(statements.get(next), name, pairs)) {
            next++;
          }
          if (pairs.isEmpty()) {
            result.add(statement);
            continue;
          }
          result.add(fold(declaration, pairs, ctx));
          changed = true;
          i = next - 1;
        }
        return changed ? visited.withStatements(result) : visited;
      }

      private J.VariableDeclarations fold(
          J.VariableDeclarations declaration, List<Expression> pairs, ExecutionContext ctx) {
        boolean few = pairs.size() <= 20;
        StringJoiner arguments = new StringJoiner(", ");
        for (int p = 0; p < pairs.size(); p += 2) {
          arguments.add(few ? "#{any()}, #{any()}" : "Map.entry(#{any()}, #{any()})");
        }
        String code = "UdtValue.of(Map." + (few ? "of(" : "ofEntries(") + arguments + "))";
        JavaTemplate template =
            JavaTemplate.builder(code)
                .imports("io.scyllaboot.driver.api.type.UdtValue", "java.util.Map")
                .build();
        J.VariableDeclarations.NamedVariable variable = declaration.getVariables().get(0);
        Expression initializer = variable.getInitializer();
        J.VariableDeclarations applied =
            template.apply(
                new org.openrewrite.Cursor(getCursor(), declaration),
                initializer.getCoordinates().replace(),
                pairs.toArray());
        doAfterVisit(new AddImport<>("io.scyllaboot.driver.api.type.UdtValue", null, false));
        doAfterVisit(new AddImport<>("java.util.Map", null, false));
        return applied;
      }
    };
  }

  private static boolean isNewValue(Expression initializer) {
    return initializer instanceof J.MethodInvocation call
        && "newValue".equals(call.getSimpleName())
        && call.getArguments().stream().allMatch(a -> a instanceof J.Empty)
        && call.getSelect() != null
        && TypeUtils.isAssignableTo(USER_DEFINED_TYPE, call.getSelect().getType());
  }

  /** Whether the statement is name.setX("field", value); its field and value are added. */
  private static boolean setter(Statement statement, String name, List<Expression> pairs) {
    if (!(statement instanceof J.MethodInvocation call)
        || !(call.getSelect() instanceof J.Identifier target)
        || !target.getSimpleName().equals(name)
        || !TypeUtils.isAssignableTo(UDT_VALUE, target.getType())
        || !call.getSimpleName().startsWith("set")
        || call.getArguments().size() != 2
        || !(call.getArguments().get(0) instanceof J.Literal field)
        || !(field.getValue() instanceof String)) {
      return false;
    }
    Expression value = call.getArguments().get(1);
    if (value instanceof J.Literal literal && literal.getValue() == null) {
      return false;
    }
    pairs.add(field.withPrefix(org.openrewrite.java.tree.Space.EMPTY));
    pairs.add(value.withPrefix(org.openrewrite.java.tree.Space.EMPTY));
    return true;
  }
}
