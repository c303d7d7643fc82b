package io.scyllaboot.migration;

import java.util.HashMap;
import java.util.Map;
import org.openrewrite.ExecutionContext;
import org.openrewrite.ScanningRecipe;
import org.openrewrite.TreeVisitor;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.JavaParser;
import org.openrewrite.java.JavaTemplate;
import org.openrewrite.java.JavaVisitor;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.TypeUtils;

/**
 * The DataStax mapper's annotation processor generates a builder per {@code @Mapper} interface
 * ({@code new InventoryMapperBuilder(session)}); Scylla Boot's mapper reads the annotations at run
 * time, so the generated class is no more: {@code new InventoryMapperBuilder(session)} becomes
 * {@code MapperBuilder.of(InventoryMapper.class, session)}. Only for a {@code @Mapper} interface of
 * the sources (the generated class has no source, hence no type, to match on).
 */
public final class GeneratedMapperBuilderToFactory extends ScanningRecipe<Map<String, String>> {
  private static final String MAPPER = "com.datastax.oss.driver.api.mapper.annotations.Mapper";
  private static final String OURS = "io.scyllaboot.driver.api.mapper.MapperBuilder";

  @Override
  public String getDisplayName() {
    return "Build a mapper with MapperBuilder.of(..) instead of its generated builder";
  }

  @Override
  public String getDescription() {
    return "`new InventoryMapperBuilder(session)` becomes"
        + " `MapperBuilder.of(InventoryMapper.class, session)`.";
  }

  @Override
  public Map<String, String> getInitialValue(ExecutionContext ctx) {
    return new HashMap<>();
  }

  @Override
  public TreeVisitor<?, ExecutionContext> getScanner(Map<String, String> mappers) {
    return new JavaIsoVisitor<>() {
      @Override
      public J.ClassDeclaration visitClassDeclaration(
          J.ClassDeclaration declaration, ExecutionContext ctx) {
        if (declaration.getType() != null
            && declaration.getLeadingAnnotations().stream()
                .anyMatch(a -> TypeUtils.isOfClassType(a.getType(), MAPPER))) {
          mappers.put(declaration.getSimpleName(), declaration.getType().getFullyQualifiedName());
        }
        return super.visitClassDeclaration(declaration, ctx);
      }
    };
  }

  @Override
  public TreeVisitor<?, ExecutionContext> getVisitor(Map<String, String> mappers) {
    return new JavaVisitor<>() {
      @Override
      public J visitNewClass(J.NewClass newClass, ExecutionContext ctx) {
        J visited = super.visitNewClass(newClass, ctx);
        if (!(visited instanceof J.NewClass created)
            || created.getBody() != null
            || !(created.getClazz() instanceof J.Identifier clazz)
            || !clazz.getSimpleName().endsWith("Builder")) {
          return visited;
        }
        String builder = clazz.getSimpleName();
        String mapper = mappers.get(builder.substring(0, builder.length() - "Builder".length()));
        if (mapper == null || created.getArguments().size() != 1) {
          return visited;
        }
        String simpleName = mapper.substring(mapper.lastIndexOf('.') + 1);
        maybeAddImport(OURS);
        maybeAddImport(mapper);
        maybeRemoveImport(mapper + "Builder");
        return JavaTemplate.builder("MapperBuilder.of(" + simpleName + ".class, #{any()})")
            .imports(OURS)
            .javaParser(
                JavaParser.fromJavaVersion()
                    .dependsOn(
                        "package io.scyllaboot.driver.api.mapper; public final class"
                            + " MapperBuilder<M> { public static <M> MapperBuilder<M> of(Class<M>"
                            + " type, Object session) { return null; } }"))
            .contextSensitive()
            .build()
            .apply(
                updateCursor(created),
                created.getCoordinates().replace(),
                created.getArguments().get(0));
      }
    };
  }
}
