package io.scyllaboot.migration;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.openrewrite.ExecutionContext;
import org.openrewrite.Recipe;
import org.openrewrite.TreeVisitor;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.Javadoc;

/**
 * An import of the DataStax driver that only a Javadoc comment reads ({@code {@link
 * ConcurrencyLimitingRequestThrottler}}, an internal class named in an example's description) goes:
 * the driver's jar leaves with the migration, and the import would no longer compile; the comment
 * keeps the name as text.
 */
public final class DropJavadocOnlyImports extends Recipe {
  private static final List<String> PREFIXES =
      List.of("com.datastax.oss.driver.", "com.datastax.dse.driver.");

  @Override
  public String getDisplayName() {
    return "Drop DataStax driver imports only Javadoc reads";
  }

  @Override
  public String getDescription() {
    return "An import of the DataStax driver used by no code, only by a Javadoc link, is removed.";
  }

  @Override
  public TreeVisitor<?, ExecutionContext> getVisitor() {
    return new JavaIsoVisitor<>() {
      @Override
      public J.CompilationUnit visitCompilationUnit(J.CompilationUnit unit, ExecutionContext ctx) {
        Set<String> usedInCode = new HashSet<>();
        new JavaIsoVisitor<Set<String>>() {
          @Override
          public J.Import visitImport(J.Import anImport, Set<String> used) {
            return anImport; // an import's own name is no use
          }

          @Override
          public J.Identifier visitIdentifier(J.Identifier identifier, Set<String> used) {
            if (getCursor().firstEnclosing(Javadoc.class) == null) {
              used.add(identifier.getSimpleName());
            }
            return identifier;
          }
        }.visit(unit, usedInCode);
        List<J.Import> imports = unit.getImports();
        List<J.Import> kept =
            new java.util.ArrayList<>(
                imports.stream().filter(anImport -> !javadocOnly(anImport, usedInCode)).toList());
        if (kept.size() == imports.size()) {
          return unit;
        }
        if (!kept.isEmpty() && kept.get(0) != imports.get(0)) {
          // The first import's place after the package line goes to the new first one.
          kept.set(0, kept.get(0).withPrefix(imports.get(0).getPrefix()));
        }
        return unit.withImports(kept);
      }
    };
  }

  private static boolean javadocOnly(J.Import anImport, Set<String> usedInCode) {
    String simpleName = anImport.getQualid().getSimpleName();
    return !anImport.isStatic()
        && !simpleName.equals("*")
        && PREFIXES.stream().anyMatch(anImport.getTypeName()::startsWith)
        && !usedInCode.contains(simpleName);
  }
}
