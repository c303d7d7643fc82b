package io.scyllaboot.migration;

import java.util.List;
import org.openrewrite.ExecutionContext;
import org.openrewrite.Recipe;
import org.openrewrite.Tree;
import org.openrewrite.TreeVisitor;
import org.openrewrite.internal.ListUtils;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.RemoveImport;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.Space;
import org.openrewrite.java.tree.TypeUtils;
import org.openrewrite.marker.Markers;

/**
 * A codec kept in a {@code TypeCodec<T>} variable ({@code TypeCodec<User> USER_CODEC =
 * ExtraTypeCodecs.json(User.class)}) is, in Scylla Boot, a {@code MappingCodec<?, T>}: the variable
 * is retyped when every initializer is a ready-made codec or a {@code MappingCodec} subclass.
 * Variables of any other codec (one written byte by byte) are left to the mark on {@code
 * TypeCodec}.
 */
public final class TypeCodecVariableToMappingCodec extends Recipe {
  private static final String TYPE_CODEC = "com.datastax.oss.driver.api.core.type.codec.TypeCodec";
  private static final String EXTRA_TYPE_CODECS =
      "com.datastax.oss.driver.api.core.type.codec.ExtraTypeCodecs";
  private static final String DATASTAX_MAPPING_CODEC =
      "com.datastax.oss.driver.api.core.type.codec.MappingCodec";
  private static final String MAPPING_CODEC = "io.scyllaboot.driver.api.type.MappingCodec";

  @Override
  public String getDisplayName() {
    return "Type a mapping codec's variable as a MappingCodec";
  }

  @Override
  public String getDescription() {
    return "`TypeCodec<User> codec = ExtraTypeCodecs.json(User.class)` becomes"
        + " `MappingCodec<?, User> codec = ExtraTypeCodecs.json(User.class)`.";
  }

  @Override
  public TreeVisitor<?, ExecutionContext> getVisitor() {
    return new JavaIsoVisitor<>() {
      @Override
      public J.CompilationUnit visitCompilationUnit(J.CompilationUnit cu, ExecutionContext ctx) {
        J.CompilationUnit visited = super.visitCompilationUnit(cu, ctx);
        if (visited != cu && !namesTypeCodec(visited)) {
          // The codec factories' method types still return TypeCodec, which keeps a plain
          // maybeRemoveImport from removing an import no code names any more.
          doAfterVisit(new RemoveImport<>(TYPE_CODEC, true));
        }
        return visited;
      }

      /** Whether code outside the imports names TypeCodec. */
      private boolean namesTypeCodec(J.CompilationUnit cu) {
        java.util.concurrent.atomic.AtomicBoolean named =
            new java.util.concurrent.atomic.AtomicBoolean();
        new JavaIsoVisitor<Integer>() {
          @Override
          public J.Import visitImport(J.Import anImport, Integer p) {
            return anImport;
          }

          @Override
          public J.Identifier visitIdentifier(J.Identifier identifier, Integer p) {
            if (identifier.getSimpleName().equals("TypeCodec")) {
              named.set(true);
            }
            return identifier;
          }
        }.visit(cu, 0);
        return named.get();
      }

      @Override
      public J.VariableDeclarations visitVariableDeclarations(
          J.VariableDeclarations multi, ExecutionContext ctx) {
        J.VariableDeclarations visited = super.visitVariableDeclarations(multi, ctx);
        if (!(visited.getTypeExpression() instanceof J.ParameterizedType declared)
            || !TypeUtils.isOfClassType(declared.getType(), TYPE_CODEC)
            || declared.getTypeParameters() == null
            || declared.getTypeParameters().size() != 1
            || !visited.getVariables().stream()
                .allMatch(v -> v.getInitializer() != null && isMappingCodec(v.getInitializer()))) {
          return visited;
        }
        maybeAddImport(MAPPING_CODEC);
        JavaType.ShallowClass mappingCodec = JavaType.ShallowClass.build(MAPPING_CODEC);
        J.Identifier name =
            new J.Identifier(
                Tree.randomId(),
                declared.getClazz().getPrefix(),
                Markers.EMPTY,
                List.of(),
                "MappingCodec",
                mappingCodec,
                null);
        J.Wildcard any = new J.Wildcard(Tree.randomId(), Space.EMPTY, Markers.EMPTY, null, null);
        Expression outer = declared.getTypeParameters().get(0);
        J.ParameterizedType retyped =
            declared
                .withClazz(name)
                .withTypeParameters(List.of(any, outer.withPrefix(Space.SINGLE_SPACE)))
                .withType(mappingCodec);
        // The variables' own types too, so that nothing refers to TypeCodec and its import goes.
        return visited
            .withTypeExpression(retyped.withPrefix(declared.getPrefix()))
            .withVariables(
                ListUtils.map(
                    visited.getVariables(),
                    v ->
                        v.withType(mappingCodec)
                            .withName(
                                v.getName()
                                    .withType(mappingCodec)
                                    .withFieldType(
                                        v.getName().getFieldType() == null
                                            ? null
                                            : v.getName().getFieldType().withType(mappingCodec)))));
      }

      /** A ready-made codec, or a new instance of a mapping codec subclass. */
      private boolean isMappingCodec(Expression initializer) {
        if (initializer instanceof J.MethodInvocation call) {
          return call.getMethodType() != null
              && TypeUtils.isOfClassType(
                  call.getMethodType().getDeclaringType(), EXTRA_TYPE_CODECS);
        }
        return initializer instanceof J.NewClass created
            && TypeUtils.isAssignableTo(DATASTAX_MAPPING_CODEC, created.getType());
      }
    };
  }
}
