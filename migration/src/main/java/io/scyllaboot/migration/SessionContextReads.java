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

/**
 * What an application reads from a running DataStax session's context is the Scylla Boot session's
 * own: {@code session.getContext().getCodecRegistry()} becomes {@code session.codecRegistry()}, and
 * the throttler's limits read from the default profile ({@code
 * getContext().getConfig().getDefaultProfile().getInt(REQUEST_THROTTLER_MAX_CONCURRENT_REQUESTS)})
 * {@code snapshot().throttler().maxConcurrentRequests()}. Other reads of the context keep its mark.
 */
public final class SessionContextReads extends Recipe {
  private static final String CONTEXT = "com.datastax.oss.driver.api.core.context.DriverContext";
  private static final MethodMatcher GET_CONTEXT =
      new MethodMatcher("com.datastax.oss.driver.api.core.session.Session getContext()");
  // Declared on AttachmentPoint, which DriverContext extends.
  private static final MethodMatcher GET_CODEC_REGISTRY =
      new MethodMatcher(
          "com.datastax.oss.driver.api.core.detach.AttachmentPoint getCodecRegistry()");
  private static final MethodMatcher GET_CONFIG = new MethodMatcher(CONTEXT + " getConfig()");
  private static final MethodMatcher GET_DEFAULT_PROFILE =
      new MethodMatcher("com.datastax.oss.driver.api.core.config.DriverConfig getDefaultProfile()");
  private static final MethodMatcher GET_INT =
      new MethodMatcher(
          "com.datastax.oss.driver.api.core.config.DriverExecutionProfile getInt(..)");
  private static final String OPTION =
      "com.datastax.oss.driver.api.core.config.DefaultDriverOption";
  private static final Map<String, String> THROTTLER_READS =
      Map.of(
          "REQUEST_THROTTLER_MAX_CONCURRENT_REQUESTS", "maxConcurrentRequests",
          "REQUEST_THROTTLER_MAX_QUEUE_SIZE", "maxQueueSize");

  @Override
  public String getDisplayName() {
    return "Read a session's codecs and throttler limits from the session";
  }

  @Override
  public String getDescription() {
    return "`session.getContext().getCodecRegistry()` becomes `session.codecRegistry()`; the"
        + " throttler's limits read from the default profile become `session.snapshot().throttler()`.";
  }

  @Override
  public TreeVisitor<?, ExecutionContext> getVisitor() {
    return new JavaIsoVisitor<>() {
      @Override
      public J.MethodInvocation visitMethodInvocation(
          J.MethodInvocation method, ExecutionContext ctx) {
        J.MethodInvocation visited = super.visitMethodInvocation(method, ctx);
        Expression session = sessionOf(visited.getSelect());
        if (session != null && GET_CODEC_REGISTRY.matches(visited)) {
          return replace(visited, "#{any()}.codecRegistry()", session);
        }
        String read = throttlerRead(visited);
        if (read != null
            && visited.getSelect() instanceof J.MethodInvocation profile
            && GET_DEFAULT_PROFILE.matches(profile)
            && profile.getSelect() instanceof J.MethodInvocation config
            && GET_CONFIG.matches(config)
            && sessionOf(config.getSelect()) != null) {
          maybeRemoveImport(OPTION);
          return replace(
              visited,
              "#{any()}.snapshot().throttler()." + read + "()",
              sessionOf(config.getSelect()));
        }
        return visited;
      }

      private J.MethodInvocation replace(J.MethodInvocation call, String code, Expression session) {
        return JavaTemplate.builder(code)
            .build()
            .apply(updateCursor(call), call.getCoordinates().replace(), session);
      }
    };
  }

  /** The session whose {@code getContext()} this expression is, else null. */
  private static Expression sessionOf(Expression expression) {
    return expression instanceof J.MethodInvocation context
            && GET_CONTEXT.matches(context)
            && context.getSelect() != null
        ? context.getSelect()
        : null;
  }

  /** The throttler accessor a {@code getInt(DefaultDriverOption.X)} reads, else null. */
  private static String throttlerRead(J.MethodInvocation call) {
    if (!GET_INT.matches(call) || call.getArguments().size() != 1) {
      return null;
    }
    Expression option = call.getArguments().get(0);
    String name =
        option instanceof J.FieldAccess field
            ? field.getSimpleName()
            : option instanceof J.Identifier identifier ? identifier.getSimpleName() : null;
    return name == null
            || !org.openrewrite.java.tree.TypeUtils.isOfClassType(option.getType(), OPTION)
        ? null
        : THROTTLER_READS.get(name);
  }
}
