package io.scyllaboot.migration;

import java.util.Set;
import org.openrewrite.ExecutionContext;
import org.openrewrite.Recipe;
import org.openrewrite.TreeVisitor;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.Statement;
import org.openrewrite.java.tree.TypeUtils;

/**
 * Deletes a {@code @Bean} method that only builds Spring Data Cassandra's {@code
 * MappingCassandraConverter} (a {@code new MappingCassandraConverter(..)} given the codec registry,
 * the custom conversions or a {@code SimpleUserTypeResolver}, then returned): Spring Data
 * Cassandra's auditing needs that bean, Scylla Boot's auto-configuration provides its converter
 * itself. A method doing anything else is left for the mark that says what to do.
 */
public final class RemoveCassandraConverterBean extends Recipe {
  private static final String CONVERTER =
      "org.springframework.data.cassandra.core.convert.MappingCassandraConverter";
  private static final Set<String> SETTERS =
      Set.of(
          "setCodecRegistry", "setCustomConversions", "setUserTypeResolver", "afterPropertiesSet");

  @Override
  public String getDisplayName() {
    return "Delete a MappingCassandraConverter bean that only wires the defaults";
  }

  @Override
  public String getDescription() {
    return "Scylla Boot's auto-configuration provides the entity converter its auditing and"
        + " templates use, so a `@Bean` method that only builds a `MappingCassandraConverter` with"
        + " the codec registry, custom conversions and user type resolver is deleted.";
  }

  @Override
  public TreeVisitor<?, ExecutionContext> getVisitor() {
    return new JavaIsoVisitor<>() {
      @Override
      public J.ClassDeclaration visitClassDeclaration(
          J.ClassDeclaration classDecl, ExecutionContext ctx) {
        J.ClassDeclaration visited = super.visitClassDeclaration(classDecl, ctx);
        J.Block body = visited.getBody();
        var kept =
            body.getStatements().stream()
                .filter(s -> !(s instanceof J.MethodDeclaration m && onlyBuildsConverter(m)))
                .toList();
        if (kept.size() == body.getStatements().size()) {
          return visited;
        }
        maybeRemoveImport(CONVERTER);
        maybeRemoveImport("org.springframework.context.annotation.Bean");
        maybeRemoveImport("org.springframework.data.cassandra.core.mapping.SimpleUserTypeResolver");
        maybeRemoveImport(
            "org.springframework.data.cassandra.core.mapping.CassandraMappingContext");
        maybeRemoveImport(
            "org.springframework.data.cassandra.core.convert.CassandraCustomConversions");
        maybeRemoveImport("com.datastax.oss.driver.api.core.CqlSession");
        return visited.withBody(body.withStatements(kept));
      }
    };
  }

  private static boolean onlyBuildsConverter(J.MethodDeclaration method) {
    if (method.getBody() == null
        || method.getLeadingAnnotations().stream()
            .noneMatch(
                a ->
                    TypeUtils.isOfClassType(
                        a.getType(), "org.springframework.context.annotation.Bean"))
        || !TypeUtils.isOfClassType(returnType(method), CONVERTER)) {
      return false;
    }
    for (Statement statement : method.getBody().getStatements()) {
      boolean known;
      if (statement instanceof J.VariableDeclarations v) {
        known =
            v.getVariables().size() == 1
                && v.getVariables().get(0).getInitializer() instanceof J.NewClass n
                && TypeUtils.isOfClassType(n.getType(), CONVERTER);
      } else if (statement instanceof J.MethodInvocation call) {
        known = SETTERS.contains(call.getSimpleName());
      } else {
        known = statement instanceof J.Return r && r.getExpression() != null;
      }
      if (!known) {
        return false;
      }
    }
    return true;
  }

  private static JavaType returnType(J.MethodDeclaration method) {
    return method.getReturnTypeExpression() == null
        ? null
        : method.getReturnTypeExpression().getType();
  }
}
