package io.scyllaboot.migration;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import org.openrewrite.ExecutionContext;
import org.openrewrite.Option;
import org.openrewrite.Recipe;
import org.openrewrite.TreeVisitor;
import org.openrewrite.internal.ListUtils;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.tree.Flag;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.TypeTree;
import org.openrewrite.java.tree.TypeUtils;
import org.openrewrite.marker.SearchResult;

/**
 * Marks every use of a type that has no Scylla Boot counterpart (its import, annotations,
 * supertypes, constructor calls and static calls on it), with a note saying what to do instead, so
 * the type is found by the compiler error and by the marker next to it rather than by a failing
 * test.
 */
public final class MarkUntranslatedType extends Recipe {

  /** Where the manual explains each mark. */
  static final String SECTION = "see the Scylla Boot manual, Coming from Spring Data Cassandra";

  @Option(
      displayName = "Type",
      description = "Fully qualified name of the type.",
      example = "org.example.Foo")
  private final String fullyQualifiedTypeName;

  @Option(displayName = "Note", description = "What to use instead.", example = "use X")
  private final String note;

  @JsonCreator
  public MarkUntranslatedType(
      @JsonProperty("fullyQualifiedTypeName") String fullyQualifiedTypeName,
      @JsonProperty("note") String note) {
    this.fullyQualifiedTypeName = fullyQualifiedTypeName;
    this.note = note;
  }

  public String getFullyQualifiedTypeName() {
    return fullyQualifiedTypeName;
  }

  public String getNote() {
    return note;
  }

  @Override
  public String getDisplayName() {
    return "Mark a type Scylla Boot has no counterpart of";
  }

  @Override
  public String getDescription() {
    return "Adds a search-result comment naming the manual's section to each use of the type.";
  }

  String message() {
    return "Scylla Boot: no counterpart of " + simpleName() + " (" + note + "; " + SECTION + ")";
  }

  private String simpleName() {
    return fullyQualifiedTypeName.substring(fullyQualifiedTypeName.lastIndexOf('.') + 1);
  }

  @Override
  public TreeVisitor<?, ExecutionContext> getVisitor() {
    return new JavaIsoVisitor<>() {
      @Override
      public J.Import visitImport(J.Import anImport, ExecutionContext ctx) {
        J.Import visited = super.visitImport(anImport, ctx);
        // getTypeName() is the class also for a static import of one of its members.
        boolean matches = visited.getTypeName().replace('$', '.').equals(fullyQualifiedTypeName);
        return matches ? SearchResult.found(visited, message()) : visited;
      }

      @Override
      public J.Annotation visitAnnotation(J.Annotation annotation, ExecutionContext ctx) {
        J.Annotation visited = super.visitAnnotation(annotation, ctx);
        return isTheType(visited.getType()) ? SearchResult.found(visited, message()) : visited;
      }

      @Override
      public J.ClassDeclaration visitClassDeclaration(
          J.ClassDeclaration classDecl, ExecutionContext ctx) {
        J.ClassDeclaration visited = super.visitClassDeclaration(classDecl, ctx);
        TypeTree extending = visited.getExtends();
        if (extending != null && isTheType(extending.getType())) {
          visited = visited.withExtends(SearchResult.found(extending, message()));
        }
        if (visited.getImplements() != null) {
          visited =
              visited.withImplements(
                  ListUtils.map(
                      visited.getImplements(),
                      t -> isTheType(t.getType()) ? SearchResult.found(t, message()) : t));
        }
        return visited;
      }

      @Override
      public J.NewClass visitNewClass(J.NewClass newClass, ExecutionContext ctx) {
        J.NewClass visited = super.visitNewClass(newClass, ctx);
        return isTheType(visited.getType()) ? SearchResult.found(visited, message()) : visited;
      }

      @Override
      public J.MethodInvocation visitMethodInvocation(
          J.MethodInvocation method, ExecutionContext ctx) {
        J.MethodInvocation visited = super.visitMethodInvocation(method, ctx);
        JavaType.Method type = visited.getMethodType();
        boolean onTheType =
            type != null
                && type.hasFlags(Flag.Static)
                && TypeUtils.isOfClassType(type.getDeclaringType(), fullyQualifiedTypeName);
        return onTheType ? SearchResult.found(visited, message()) : visited;
      }

      private boolean isTheType(JavaType type) {
        return TypeUtils.isOfClassType(type, fullyQualifiedTypeName);
      }
    };
  }
}
