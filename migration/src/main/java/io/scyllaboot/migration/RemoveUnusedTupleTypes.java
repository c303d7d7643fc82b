package io.scyllaboot.migration;

import java.util.concurrent.atomic.AtomicInteger;
import org.openrewrite.ExecutionContext;
import org.openrewrite.Recipe;
import org.openrewrite.TreeVisitor;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.Statement;
import org.openrewrite.java.tree.TypeUtils;

/**
 * A local {@code TupleType t = DataTypes.tupleOf(..)} that nothing reads any more (its {@code
 * t.newValue(..)} calls became {@code TupleValue.of(..)}) is deleted: Scylla Boot needs no tuple
 * type to make a tuple value. Building the type has no effect, so nothing is lost with it.
 */
public final class RemoveUnusedTupleTypes extends Recipe {
  private static final String TUPLE_TYPE = "com.datastax.oss.driver.api.core.type.TupleType";
  private static final String DATA_TYPES = "com.datastax.oss.driver.api.core.type.DataTypes";

  @Override
  public String getDisplayName() {
    return "Delete tuple types nothing reads";
  }

  @Override
  public String getDescription() {
    return "`TupleType t = DataTypes.tupleOf(..)` goes when `t` is no longer read.";
  }

  @Override
  public TreeVisitor<?, ExecutionContext> getVisitor() {
    return new JavaIsoVisitor<>() {
      @Override
      public J.Block visitBlock(J.Block block, ExecutionContext ctx) {
        J.Block visited = super.visitBlock(block, ctx);
        J.Block kept =
            visited.withStatements(
                visited.getStatements().stream()
                    .filter(statement -> !unusedTupleType(statement, visited))
                    .toList());
        if (kept.getStatements().size() != visited.getStatements().size()) {
          maybeRemoveImport(TUPLE_TYPE);
          maybeRemoveImport(DATA_TYPES);
        }
        return kept;
      }
    };
  }

  private static boolean unusedTupleType(Statement statement, J.Block block) {
    if (!(statement instanceof J.VariableDeclarations declaration)
        || declaration.getVariables().size() != 1
        || !TypeUtils.isOfClassType(declaration.getType(), TUPLE_TYPE)) {
      return false;
    }
    J.VariableDeclarations.NamedVariable variable = declaration.getVariables().get(0);
    if (!(variable.getInitializer() instanceof J.MethodInvocation built)
        || built.getMethodType() == null
        || !TypeUtils.isOfClassType(built.getMethodType().getDeclaringType(), DATA_TYPES)) {
      return false;
    }
    // Read anywhere in the block (a name is declared once per block; the declaration's own name
    // is a J.VariableDeclarations.NamedVariable's identifier and counts once).
    String name = variable.getSimpleName();
    AtomicInteger mentions = new AtomicInteger();
    new JavaIsoVisitor<AtomicInteger>() {
      @Override
      public J.Identifier visitIdentifier(J.Identifier identifier, AtomicInteger count) {
        if (identifier.getSimpleName().equals(name)) {
          count.incrementAndGet();
        }
        return identifier;
      }
    }.visit(block, mentions);
    return mentions.get() == 1;
  }
}
