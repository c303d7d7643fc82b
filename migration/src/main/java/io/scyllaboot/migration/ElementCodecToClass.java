package io.scyllaboot.migration;

import java.util.Map;
import org.openrewrite.ExecutionContext;
import org.openrewrite.Recipe;
import org.openrewrite.TreeVisitor;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.JavaTemplate;
import org.openrewrite.java.MethodMatcher;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.TypeUtils;

/**
 * The DataStax driver's {@code ExtraTypeCodecs} build codecs of collections and optionals from the
 * element's codec ({@code listToArrayOf(TypeCodecs.TEXT)}); Scylla Boot's take the element's Java
 * class ({@code listToArrayOf(String.class)}), the one the driver reads that CQL type as.
 */
public final class ElementCodecToClass extends Recipe {
  private static final String TYPE_CODECS =
      "com.datastax.oss.driver.api.core.type.codec.TypeCodecs";
  private static final MethodMatcher LIST_TO_ARRAY_OF =
      new MethodMatcher(
          "com.datastax.oss.driver.api.core.type.codec.ExtraTypeCodecs listToArrayOf(..)");
  private static final MethodMatcher OPTIONAL_OF =
      new MethodMatcher(
          "com.datastax.oss.driver.api.core.type.codec.ExtraTypeCodecs optionalOf(..)");

  /** The Java class Scylla Boot's driver reads each of the element codecs' CQL types as. */
  private static final Map<String, String> CLASS_OF_CODEC =
      Map.ofEntries(
          Map.entry("BOOLEAN", "java.lang.Boolean"),
          Map.entry("TINYINT", "java.lang.Byte"),
          Map.entry("SMALLINT", "java.lang.Short"),
          Map.entry("INT", "java.lang.Integer"),
          Map.entry("BIGINT", "java.lang.Long"),
          Map.entry("COUNTER", "java.lang.Long"),
          Map.entry("FLOAT", "java.lang.Float"),
          Map.entry("DOUBLE", "java.lang.Double"),
          Map.entry("VARINT", "java.math.BigInteger"),
          Map.entry("DECIMAL", "java.math.BigDecimal"),
          Map.entry("TEXT", "java.lang.String"),
          Map.entry("ASCII", "java.lang.String"),
          Map.entry("BLOB", "java.nio.ByteBuffer"),
          Map.entry("UUID", "java.util.UUID"),
          Map.entry("TIMEUUID", "java.util.UUID"),
          Map.entry("INET", "java.net.InetAddress"),
          Map.entry("TIMESTAMP", "java.time.Instant"),
          Map.entry("DATE", "java.time.LocalDate"),
          Map.entry("TIME", "java.time.LocalTime"),
          Map.entry("DURATION", "io.scyllaboot.driver.api.type.CqlDuration"));

  @Override
  public String getDisplayName() {
    return "Name an extra codec's element with its class";
  }

  @Override
  public String getDescription() {
    return "`ExtraTypeCodecs.listToArrayOf(TypeCodecs.TEXT)` becomes"
        + " `ExtraTypeCodecs.listToArrayOf(String.class)`; likewise `optionalOf`.";
  }

  @Override
  public TreeVisitor<?, ExecutionContext> getVisitor() {
    return new JavaIsoVisitor<>() {
      @Override
      public J.FieldAccess visitFieldAccess(J.FieldAccess access, ExecutionContext ctx) {
        J.FieldAccess visited = super.visitFieldAccess(access, ctx);
        String javaClass = classOf(visited);
        if (javaClass == null
            || !(getCursor().getParentTreeCursor().getValue() instanceof J.MethodInvocation call)
            || !(LIST_TO_ARRAY_OF.matches(call) || OPTIONAL_OF.matches(call))
            || call.getArguments().size() != 1
            || call.getArguments().get(0) != access) {
          return visited; // any other codec: left to the mark on TypeCodecs
        }
        String simpleName = javaClass.substring(javaClass.lastIndexOf('.') + 1);
        maybeRemoveImport(TYPE_CODECS);
        if (!javaClass.startsWith("java.lang.")) {
          maybeAddImport(javaClass);
        }
        return JavaTemplate.builder(simpleName + ".class")
            .imports(javaClass)
            .build()
            .apply(getCursor(), visited.getCoordinates().replace());
      }

      /** The class for {@code TypeCodecs.X}, or null for any other argument. */
      private String classOf(Expression argument) {
        if (!(argument instanceof J.FieldAccess access)) {
          return null;
        }
        String name = access.getSimpleName();
        JavaType.Variable field = access.getName().getFieldType();
        if (field == null || !TypeUtils.isOfClassType(field.getOwner(), TYPE_CODECS)) {
          return null;
        }
        return CLASS_OF_CODEC.get(name);
      }
    };
  }
}
