package io.scyllaboot.migration;

import org.openrewrite.ExecutionContext;
import org.openrewrite.Recipe;
import org.openrewrite.TreeVisitor;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.JavaTemplate;
import org.openrewrite.java.MethodMatcher;
import org.openrewrite.java.tree.J;

/**
 * The DataStax driver's {@code Metadata} holds nodes by id and the schema's keyspaces; Scylla
 * Boot's {@code ClusterMetadata} holds a collection of nodes and the schema behind {@code
 * schema()}: {@code metadata.getNodes().values()} becomes {@code metadata.nodes()}, {@code
 * metadata.getKeyspaces()} {@code metadata.schema().keyspaces()} and {@code
 * metadata.getKeyspace(name)} {@code metadata.schema().keyspace(name)}.
 */
public final class ReadDataStaxMetadata extends Recipe {
  private static final String METADATA = "com.datastax.oss.driver.api.core.metadata.Metadata";
  private static final MethodMatcher GET_NODES = new MethodMatcher(METADATA + " getNodes()");
  private static final MethodMatcher VALUES = new MethodMatcher("java.util.Map values()");
  private static final MethodMatcher GET_KEYSPACES =
      new MethodMatcher(METADATA + " getKeyspaces()");
  private static final MethodMatcher GET_KEYSPACE =
      new MethodMatcher(METADATA + " getKeyspace(..)");

  @Override
  public String getDisplayName() {
    return "Read nodes and keyspaces from Scylla Boot's cluster metadata";
  }

  @Override
  public String getDescription() {
    return "`metadata.getNodes().values()` becomes `metadata.nodes()`, `metadata.getKeyspaces()`"
        + " `metadata.schema().keyspaces()`, `getKeyspace(name)` `schema().keyspace(name)`.";
  }

  @Override
  public TreeVisitor<?, ExecutionContext> getVisitor() {
    JavaTemplate keyspaces = JavaTemplate.builder("#{any()}.schema().keyspaces()").build();
    JavaTemplate keyspace = JavaTemplate.builder("#{any()}.schema().keyspace(#{any()})").build();
    return new JavaIsoVisitor<>() {
      @Override
      public J.MethodInvocation visitMethodInvocation(
          J.MethodInvocation method, ExecutionContext ctx) {
        J.MethodInvocation visited = super.visitMethodInvocation(method, ctx);
        if (VALUES.matches(visited)
            && visited.getSelect() instanceof J.MethodInvocation nodes
            && GET_NODES.matches(nodes)) {
          return nodes
              .withName(nodes.getName().withSimpleName("nodes"))
              .withPrefix(visited.getPrefix());
        }
        if (GET_KEYSPACES.matches(visited) && visited.getSelect() != null) {
          return keyspaces.apply(
              updateCursor(visited), visited.getCoordinates().replace(), visited.getSelect());
        }
        if (GET_KEYSPACE.matches(visited)
            && visited.getSelect() != null
            && visited.getArguments().size() == 1) {
          return keyspace.apply(
              updateCursor(visited),
              visited.getCoordinates().replace(),
              visited.getSelect(),
              visited.getArguments().get(0));
        }
        return visited;
      }
    };
  }
}
