package io.scyllaboot.migration;

import java.util.List;
import org.openrewrite.ExecutionContext;
import org.openrewrite.Recipe;
import org.openrewrite.TreeVisitor;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.JavaTemplate;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.TypeTree;
import org.openrewrite.java.tree.TypeUtils;

/**
 * A DataStax {@code MappingCodec<I, O>} subclass names its types with codecs ({@code
 * super(TypeCodecs.INT, GenericType.STRING)}); Scylla Boot's {@code MappingCodec} names them with
 * classes: the call becomes {@code super(Integer.class, String.class)}, read from the class's own
 * {@code extends MappingCodec<I, O>}. Type arguments that are themselves generic are left to the
 * marks. A codec built over a codec variable ({@code super(innerCodec, GenericType.of(X.class))})
 * is left as it is: Scylla Boot's {@code MappingCodec} has that constructor too.
 */
public final class MappingCodecSuperCall extends Recipe {
  private static final String MAPPING_CODEC =
      "com.datastax.oss.driver.api.core.type.codec.MappingCodec";
  private static final String UDT = "com.datastax.oss.driver.api.core.type.UserDefinedType";
  private static final String OUR_UDT = "io.scyllaboot.driver.api.type.DataType$UserDefinedType";

  @Override
  public String getDisplayName() {
    return "Name a mapping codec's types with classes";
  }

  @Override
  public String getDescription() {
    return "`super(TypeCodecs.INT, GenericType.STRING)` in a `MappingCodec<Integer, String>` becomes"
        + " `super(Integer.class, String.class)`.";
  }

  @Override
  public TreeVisitor<?, ExecutionContext> getVisitor() {
    return new JavaIsoVisitor<>() {
      /**
       * A UDT codec's {@code getCqlType()} narrowed to the DataStax {@code UserDefinedType} (whose
       * {@code newValue()} it calls) narrows to Scylla Boot's {@code DataType.UserDefinedType}:
       * elsewhere that type is the schema's {@code UserTypeMetadata}, which is no CQL type.
       */
      @Override
      public J.MethodDeclaration visitMethodDeclaration(
          J.MethodDeclaration method, ExecutionContext ctx) {
        J.MethodDeclaration visited = super.visitMethodDeclaration(method, ctx);
        J.ClassDeclaration owner = getCursor().firstEnclosing(J.ClassDeclaration.class);
        if (!visited.getSimpleName().equals("getCqlType")
            || owner == null
            || owner.getExtends() == null
            || !TypeUtils.isAssignableTo(MAPPING_CODEC, owner.getExtends().getType())
            || visited.getReturnTypeExpression() == null
            || !TypeUtils.isOfClassType(visited.getReturnTypeExpression().getType(), UDT)) {
          return visited;
        }
        return (J.MethodDeclaration)
            new org.openrewrite.java.ChangeType(UDT, OUR_UDT, false)
                .getVisitor()
                .visitNonNull(visited, ctx, getCursor().getParentOrThrow());
      }

      @Override
      public J.MethodInvocation visitMethodInvocation(
          J.MethodInvocation method, ExecutionContext ctx) {
        J.MethodInvocation visited = super.visitMethodInvocation(method, ctx);
        if (!visited.getSimpleName().equals("super")
            || visited.getArguments().size() != 2
            || overAnInnerCodec(visited.getArguments().get(0))) {
          return visited;
        }
        J.ClassDeclaration owner = getCursor().firstEnclosing(J.ClassDeclaration.class);
        List<String> types = owner == null ? null : mappedTypes(owner.getExtends());
        if (types == null) {
          return visited;
        }
        // The codecs and generic types that named them are often used nowhere else.
        maybeRemoveImport("com.datastax.oss.driver.api.core.type.codec.TypeCodecs");
        maybeRemoveImport("com.datastax.oss.driver.api.core.type.reflect.GenericType");
        J.MethodInvocation replaced =
            JavaTemplate.builder("super(" + types.get(0) + ".class, " + types.get(1) + ".class)")
                .contextSensitive()
                .build()
                .apply(getCursor(), visited.getCoordinates().replace());
        return replaced.withPrefix(visited.getPrefix()).withMethodType(visited.getMethodType());
      }

      /**
       * Whether the inner codec is a variable (a codec handed in, typically the registry's own for
       * a tuple or UDT): Scylla Boot's {@code MappingCodec(TypeCodec, GenericType)} takes it as it
       * is and keeps its CQL type for {@code getCqlType()}. The driver's constants ({@code
       * TypeCodecs.INT}) have no counterpart and become classes.
       */
      private boolean overAnInnerCodec(Expression innerCodec) {
        return innerCodec instanceof J.Identifier variable
            && variable.getFieldType() != null
            && !variable.getFieldType().hasFlags(org.openrewrite.java.tree.Flag.Static);
      }

      /** The simple names of {@code I} and {@code O} when both are plain classes, else null. */
      private List<String> mappedTypes(TypeTree extended) {
        if (!(extended instanceof J.ParameterizedType parameterized)
            || !TypeUtils.isOfClassType(parameterized.getType(), MAPPING_CODEC)
            || parameterized.getTypeParameters() == null
            || parameterized.getTypeParameters().size() != 2) {
          return null;
        }
        List<String> names = new java.util.ArrayList<>();
        for (J argument : parameterized.getTypeParameters()) {
          if (!(argument instanceof J.Identifier identifier)
              || !(identifier.getType() instanceof JavaType.Class)) {
            return null;
          }
          names.add(identifier.getSimpleName());
        }
        return names;
      }
    };
  }
}
