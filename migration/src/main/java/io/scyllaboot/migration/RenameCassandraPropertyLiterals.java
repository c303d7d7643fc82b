package io.scyllaboot.migration;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.openrewrite.ExecutionContext;
import org.openrewrite.Recipe;
import org.openrewrite.TreeVisitor;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;

/**
 * {@code spring.cassandra.*} keys set from code: a string literal that is such a key ({@code
 * System.setProperty("spring.cassandra.port", ..)}, {@code registry.add(..)} in a
 * {@code @DynamicPropertySource}, {@code getRequiredProperty(..)}) or a {@code key=value} pair
 * ({@code @SpringBootTest(properties = ..)}, {@code @TestPropertySource}) gets the same new key as
 * in the configuration files. Keys with no counterpart are left as they are.
 */
public final class RenameCassandraPropertyLiterals extends Recipe {
  private static final Pattern KEY =
      Pattern.compile(
          "^spring\\.(?:data\\.)?cassandra\\.([a-z0-9.-]+)(\\s*[=:].*)?$", Pattern.DOTALL);

  @Override
  public String getDisplayName() {
    return "Rename spring.cassandra.* keys in string literals";
  }

  @Override
  public String getDescription() {
    return "A `spring.cassandra.*` key (or `key=value`) written in code becomes its `scylla.*`"
        + " counterpart, as in the configuration files.";
  }

  /** The new key of {@code spring.cassandra.<rest>}, or null when it has no counterpart. */
  static String renamed(String rest, boolean data) {
    if (data) {
      return rest.equals("repositories.type") ? "scylla.repositories.type" : null;
    }
    if (rest.equals("config")
        || rest.equals("pool.idle-timeout")
        || rest.equals("controlconnection.timeout")
        || rest.startsWith("request.throttler.")
            && !rest.equals("request.throttler.max-concurrent-requests")
            && !rest.equals("request.throttler.max-queue-size")) {
      return null;
    }
    return "scylla." + (rest.equals("keyspace-name") ? "keyspace" : rest);
  }

  @Override
  public TreeVisitor<?, ExecutionContext> getVisitor() {
    return new JavaIsoVisitor<>() {
      @Override
      public J.Literal visitLiteral(J.Literal literal, ExecutionContext ctx) {
        if (literal.getType() != JavaType.Primitive.String
            || !(literal.getValue() instanceof String value)
            || literal.getValueSource() == null) {
          return literal;
        }
        Matcher m = KEY.matcher(value);
        if (!m.matches()) {
          return literal;
        }
        String key = renamed(m.group(1), value.startsWith("spring.data."));
        if (key == null) {
          return literal;
        }
        String oldKey = value.substring(0, m.end(1));
        String newValue = key + value.substring(m.end(1));
        return literal
            .withValue(newValue)
            .withValueSource(literal.getValueSource().replace(oldKey, key));
      }
    };
  }
}
