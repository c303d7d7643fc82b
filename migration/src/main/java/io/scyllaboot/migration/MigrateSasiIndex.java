package io.scyllaboot.migration;

import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.ExecutionContext;
import org.openrewrite.Recipe;
import org.openrewrite.TreeVisitor;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.JavaParser;
import org.openrewrite.java.JavaTemplate;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.TypeUtils;

/**
 * Replaces Spring Data Cassandra's {@code @SASI} and the {@code @SASI.StandardAnalyzed} or
 * {@code @SASI.NonTokenizingAnalyzed} next to it with one {@code @SasiIndexed}: the index name,
 * mode and analyzer settings become its attributes. An attribute it cannot read (not a literal or
 * an enum constant) is left, with the annotations, for the untranslated-type marks.
 */
public final class MigrateSasiIndex extends Recipe {
  private static final String SASI = "org.springframework.data.cassandra.core.mapping.SASI";
  private static final String STANDARD = SASI + "$StandardAnalyzed";
  private static final String NON_TOKENIZING = SASI + "$NonTokenizingAnalyzed";
  private static final String TARGET = "io.scyllaboot.spring.mapping.SasiIndexed";

  // The target's shape, so that the template's result is typed without Scylla Boot on the path.
  private static final String TARGET_STUB =
      """
      package io.scyllaboot.spring.mapping;
      public @interface SasiIndexed {
        String name() default "";
        Mode mode() default Mode.PREFIX;
        Analyzer analyzer() default Analyzer.NONE;
        String locale() default "en";
        boolean stemming() default false;
        boolean skipStopWords() default false;
        boolean caseSensitive() default true;
        Normalization normalization() default Normalization.NONE;
        String[] options() default {};
        enum Mode { PREFIX, CONTAINS, SPARSE }
        enum Analyzer { NONE, STANDARD, NON_TOKENIZING }
        enum Normalization { NONE, LOWERCASE, UPPERCASE }
      }
      """;

  @Override
  public String getDisplayName() {
    return "Migrate @SASI to @SasiIndexed";
  }

  @Override
  public String getDescription() {
    return "Replaces Spring Data Cassandra's @SASI and its analyzer annotation with Scylla Boot's"
        + " @SasiIndexed.";
  }

  @Override
  public TreeVisitor<?, ExecutionContext> getVisitor() {
    return new JavaIsoVisitor<>() {
      @Override
      public J.VariableDeclarations visitVariableDeclarations(
          J.VariableDeclarations declarations, ExecutionContext ctx) {
        J.VariableDeclarations visited = super.visitVariableDeclarations(declarations, ctx);
        List<J.Annotation> migrated = migrate(visited.getLeadingAnnotations(), ctx);
        return migrated == null ? visited : visited.withLeadingAnnotations(migrated);
      }

      @Override
      public J.MethodDeclaration visitMethodDeclaration(
          J.MethodDeclaration method, ExecutionContext ctx) {
        J.MethodDeclaration visited = super.visitMethodDeclaration(method, ctx);
        List<J.Annotation> migrated = migrate(visited.getLeadingAnnotations(), ctx);
        return migrated == null ? visited : visited.withLeadingAnnotations(migrated);
      }

      /** The annotations with @SASI and its analyzer merged, or null to leave them. */
      private @Nullable List<J.Annotation> migrate(
          List<J.Annotation> annotations, ExecutionContext ctx) {
        J.Annotation sasi = find(annotations, SASI);
        if (sasi == null) {
          return null;
        }
        J.Annotation standard = find(annotations, STANDARD);
        J.Annotation nonTokenizing = find(annotations, NON_TOKENIZING);
        List<String> attributes = new ArrayList<>();
        if (!translate(sasi, attributes)
            || (standard != null && !translate(standard, attributes))
            || (nonTokenizing != null && !translate(nonTokenizing, attributes))) {
          return null;
        }
        if (standard != null) {
          attributes.add("analyzer = SasiIndexed.Analyzer.STANDARD");
        } else if (nonTokenizing != null) {
          attributes.add("analyzer = SasiIndexed.Analyzer.NON_TOKENIZING");
        }
        String code =
            attributes.isEmpty()
                ? "@SasiIndexed"
                : "@SasiIndexed(" + String.join(", ", attributes) + ")";
        J.Annotation replacement =
            JavaTemplate.builder(code)
                .imports(TARGET)
                .javaParser(JavaParser.fromJavaVersion().dependsOn(TARGET_STUB))
                .build()
                .apply(new Cursor(getCursor(), sasi), sasi.getCoordinates().replace());
        maybeAddImport(TARGET);
        maybeRemoveImport(SASI);
        for (String nested :
            List.of("IndexMode", "Normalization", "StandardAnalyzed", "NonTokenizingAnalyzed")) {
          maybeRemoveImport(SASI + "." + nested);
          maybeRemoveImport(SASI + "$" + nested);
        }
        List<J.Annotation> result = new ArrayList<>();
        for (J.Annotation annotation : annotations) {
          if (annotation == sasi) {
            result.add(replacement.withPrefix(sasi.getPrefix()));
          } else if (annotation != standard && annotation != nonTokenizing) {
            result.add(annotation);
          }
        }
        // The first annotation keeps its place's whitespace, also when it was an analyzer.
        result.set(0, result.get(0).withPrefix(annotations.get(0).getPrefix()));
        return result;
      }
    };
  }

  private static J.@Nullable Annotation find(List<J.Annotation> annotations, String type) {
    for (J.Annotation annotation : annotations) {
      if (TypeUtils.isOfClassType(annotation.getType(), type)) {
        return annotation;
      }
    }
    return null;
  }

  /** Adds the annotation's attributes in @SasiIndexed's terms; false if one is not readable. */
  private static boolean translate(J.Annotation annotation, List<String> attributes) {
    if (annotation.getArguments() == null) {
      return true;
    }
    boolean sasi = TypeUtils.isOfClassType(annotation.getType(), SASI);
    for (Expression argument : annotation.getArguments()) {
      if (argument instanceof J.Empty) {
        continue;
      }
      String name = "value";
      Expression value = argument;
      if (argument instanceof J.Assignment assignment) {
        name = ((J.Identifier) assignment.getVariable()).getSimpleName();
        value = assignment.getAssignment();
      }
      String target = attributeName(sasi, name);
      String text = valueOf(target, value);
      if (target == null || text == null) {
        return false;
      }
      attributes.add(target + " = " + text);
    }
    return true;
  }

  private static @Nullable String attributeName(boolean sasi, String name) {
    if (sasi) {
      return switch (name) {
        case "value" -> "name";
        case "indexMode" -> "mode";
        default -> null;
      };
    }
    return switch (name) {
      case "value", "locale" -> "locale";
      case "enableStemming" -> "stemming";
      case "skipStopWords", "caseSensitive", "normalization" -> name;
      default -> null;
    };
  }

  /** The value as @SasiIndexed writes it: a literal as is, an enum constant as SasiIndexed's. */
  private static @Nullable String valueOf(@Nullable String attribute, Expression value) {
    if (value instanceof J.Literal literal) {
      return literal.getValueSource();
    }
    String constant =
        value instanceof J.FieldAccess access
            ? access.getSimpleName()
            : value instanceof J.Identifier identifier ? identifier.getSimpleName() : null;
    if (constant == null) {
      return null;
    }
    // Only the enums' own constants; another constant (a field holding one) is not read.
    if ("mode".equals(attribute) && List.of("PREFIX", "CONTAINS", "SPARSE").contains(constant)) {
      return "SasiIndexed.Mode." + constant;
    }
    if ("normalization".equals(attribute)
        && List.of("NONE", "LOWERCASE", "UPPERCASE").contains(constant)) {
      return "SasiIndexed.Normalization." + constant;
    }
    return null;
  }
}
