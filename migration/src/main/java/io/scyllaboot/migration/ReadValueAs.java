package io.scyllaboot.migration;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import org.openrewrite.ExecutionContext;
import org.openrewrite.Option;
import org.openrewrite.Recipe;
import org.openrewrite.TreeVisitor;
import org.openrewrite.java.AddImport;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.JavaTemplate;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.TypeUtils;

/**
 * A typed getter Scylla Boot's value has no counterpart of, {@code row.getTupleValue("c")}, becomes
 * the generic read {@code row.get("c", TupleValue.class)}, which every Scylla Boot row, tuple and
 * UDT value offers for any Java type its CQL type maps to.
 */
public final class ReadValueAs extends Recipe {

  @Option(
      displayName = "Receiver type",
      description = "The DataStax type whose getter is rewritten.",
      example = "com.datastax.oss.driver.api.core.cql.Row")
  private final String receiverType;

  @Option(displayName = "Method name", description = "The getter.", example = "getTupleValue")
  private final String methodName;

  @Option(
      displayName = "Value type",
      description = "The class given to get(..), fully qualified.",
      example = "java.time.LocalDate")
  private final String valueType;

  @JsonCreator
  public ReadValueAs(
      @JsonProperty("receiverType") String receiverType,
      @JsonProperty("methodName") String methodName,
      @JsonProperty("valueType") String valueType) {
    this.receiverType = receiverType;
    this.methodName = methodName;
    this.valueType = valueType;
  }

  public String getReceiverType() {
    return receiverType;
  }

  public String getMethodName() {
    return methodName;
  }

  public String getValueType() {
    return valueType;
  }

  @Override
  public String getDisplayName() {
    return "Read a value with get(column, Type.class)";
  }

  @Override
  public String getDescription() {
    return "`row.getX(column)` becomes `row.get(column, X.class)`.";
  }

  @Override
  public TreeVisitor<?, ExecutionContext> getVisitor() {
    String simpleName = valueType.substring(valueType.lastIndexOf('.') + 1);
    JavaTemplate template =
        JavaTemplate.builder("#{any()}.get(#{any()}, " + simpleName + ".class)")
            .imports(valueType)
            .build();
    return new JavaIsoVisitor<>() {
      @Override
      public J.MethodInvocation visitMethodInvocation(
          J.MethodInvocation method, ExecutionContext ctx) {
        J.MethodInvocation visited = super.visitMethodInvocation(method, ctx);
        if (!visited.getSimpleName().equals(methodName)
            || visited.getArguments().size() != 1
            || visited.getSelect() == null
            || !TypeUtils.isAssignableTo(receiverType, visited.getSelect().getType())) {
          return visited;
        }
        if (!valueType.startsWith("java.lang.")) {
          doAfterVisit(new AddImport<>(valueType, null, false));
        }
        return template.apply(
            updateCursor(visited),
            visited.getCoordinates().replace(),
            visited.getSelect(),
            visited.getArguments().get(0));
      }
    };
  }
}
