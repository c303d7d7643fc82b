package io.scyllaboot.migration;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.openrewrite.ExecutionContext;
import org.openrewrite.Recipe;
import org.openrewrite.TreeVisitor;
import org.openrewrite.java.JavaParser;
import org.openrewrite.java.JavaTemplate;
import org.openrewrite.java.JavaVisitor;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JRightPadded;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.Space;
import org.openrewrite.java.tree.TypeUtils;

/**
 * The DataStax driver's options set in code become Scylla Boot's session builder calls: {@code
 * builder.withDuration(DefaultDriverOption.REQUEST_TIMEOUT, d)} (in Spring Boot's {@code
 * DriverConfigLoaderBuilderCustomizer}, or on {@code DriverConfigLoader.programmaticBuilder()}) is
 * {@code builder.withRequestTimeout(d)}, and {@code CqlSession.builder().withConfigLoader(
 * DriverConfigLoader.programmaticBuilder().withX(..)...build())} puts those calls on the session
 * builder itself. An option without a counterpart is left to the marks (and a loader with one stays
 * as it is).
 */
public final class DriverOptionsToSessionBuilder extends Recipe {
  private static final String CONFIG = "com.datastax.oss.driver.api.core.config.";
  private static final String OPTION_BUILDER = CONFIG + "OngoingConfigOptions";
  private static final String LOADER = CONFIG + "DriverConfigLoader";
  private static final String OURS = "io.scyllaboot.driver.api.";

  /** How an option's value is passed on. */
  enum Kind {
    SAME,
    CONSISTENCY,
    COMPRESSION,
    PROTOCOL;

    static Kind of(DriverOptionCatalog.ValueKind value) {
      return switch (value) {
        case CONSISTENCY -> CONSISTENCY;
        case COMPRESSION -> COMPRESSION;
        case PROTOCOL -> PROTOCOL;
        default -> SAME;
      };
    }
  }

  record Target(String method, Kind kind) {}

  static final Map<String, Target> OPTIONS =
      DriverOptionCatalog.table(
          DriverOptionCatalog.Option::name,
          false,
          option -> new Target(option.sessionMethod(), Kind.of(option.kind())));

  private static final Set<String> OUR_METHODS =
      Set.copyOf(OPTIONS.values().stream().map(Target::method).toList());

  private static final String STUBS =
      "package io.scyllaboot.driver.api; public enum ConsistencyLevel { ONE }";
  private static final String COMPRESSION_STUB =
      "package io.scyllaboot.driver.api; public enum Compression { NONE, LZ4 }";
  private static final String PROTOCOL_STUB =
      "package io.scyllaboot.driver.api; public enum ProtocolVersion { V4, V5 }";

  @Override
  public String getDisplayName() {
    return "Set the DataStax driver's options in code on Scylla Boot's session builder";
  }

  @Override
  public String getDescription() {
    return "`builder.withDuration(DefaultDriverOption.REQUEST_TIMEOUT, d)` becomes"
        + " `builder.withRequestTimeout(d)`; a programmatic config loader's options move onto"
        + " `CqlSession.builder()`.";
  }

  @Override
  public TreeVisitor<?, ExecutionContext> getVisitor() {
    return new JavaVisitor<>() {
      @Override
      public J visitMethodInvocation(J.MethodInvocation method, ExecutionContext ctx) {
        J visited = super.visitMethodInvocation(method, ctx);
        if (!(visited instanceof J.MethodInvocation call)) {
          return visited;
        }
        if (call.getSimpleName().equals("withConfigLoader") && call.getArguments().size() == 1) {
          J.MethodInvocation inlined = inlineLoader(call);
          return inlined != null ? inlined : call;
        }
        Target target = target(call);
        if (target == null || call.getSelect() == null) {
          return call;
        }
        Expression value = call.getArguments().get(1);
        maybeRemoveImport(CONFIG + "DefaultDriverOption");
        return switch (target.kind()) {
          case SAME -> renamed(call, target.method(), value);
          case CONSISTENCY ->
              constant(call, target.method(), "ConsistencyLevel", consistency(value), STUBS);
          case COMPRESSION -> {
            String name = literal(value);
            yield name == null || !Set.of("lz4", "none").contains(name.toLowerCase())
                ? call
                : constant(
                    call, target.method(), "Compression", name.toUpperCase(), COMPRESSION_STUB);
          }
          case PROTOCOL -> {
            String name = literal(value);
            yield name == null || !Set.of("V4", "V5").contains(name)
                ? call
                : constant(call, target.method(), "ProtocolVersion", name, PROTOCOL_STUB);
          }
        };
      }

      /**
       * The option set by a {@code withX(DefaultDriverOption.OPTION, value)} call, if ours has it.
       */
      private @Nullable Target target(J.MethodInvocation call) {
        JavaType.Method type = call.getMethodType();
        if (type == null
            || call.getArguments().size() != 2
            || !TypeUtils.isAssignableTo(OPTION_BUILDER, type.getDeclaringType())
            || !(call.getArguments().get(0) instanceof J.FieldAccess
                || call.getArguments().get(0) instanceof J.Identifier)) {
          return null;
        }
        Expression option = call.getArguments().get(0);
        String name =
            option instanceof J.FieldAccess access
                ? access.getSimpleName()
                : ((J.Identifier) option).getSimpleName();
        return TypeUtils.isOfClassType(option.getType(), CONFIG + "DefaultDriverOption")
            ? OPTIONS.get(name)
            : null;
      }

      private J.MethodInvocation renamed(J.MethodInvocation call, String name, Expression value) {
        return call.withName(call.getName().withSimpleName(name))
            .withArguments(List.of(value.withPrefix(Space.EMPTY)))
            .withMethodType(ourType(call.getMethodType(), name, value.getType()));
      }

      /**
       * The call renamed, its value {@code Type.X} (or {@code Type.valueOf(value)}); the builder
       * expression keeps its own layout (only the call is templated).
       */
      private J constant(
          J.MethodInvocation call, String name, String type, Object constant, String stub) {
        maybeAddImport(OURS + type);
        String argument =
            constant instanceof String constantName
                ? type + "." + constantName
                : type + ".valueOf(#{any()})";
        JavaTemplate template =
            JavaTemplate.builder("#{any()}." + name + "(" + argument + ")")
                .imports(OURS + type)
                .javaParser(JavaParser.fromJavaVersion().dependsOn(stub))
                .build();
        J.MethodInvocation templated =
            constant instanceof String
                ? template.apply(
                    updateCursor(call), call.getCoordinates().replace(), call.getSelect())
                : template.apply(
                    updateCursor(call),
                    call.getCoordinates().replace(),
                    call.getSelect(),
                    constant);
        return templated
            .getPadding()
            .withSelect(call.getPadding().getSelect())
            .withPrefix(call.getPrefix())
            .withMethodType(
                ourType(call.getMethodType(), name, JavaType.ShallowClass.build(OURS + type)));
      }

      /**
       * The session builder's method of that name, taking the value: a builder returning itself.
       */
      private JavaType.@Nullable Method ourType(
          JavaType.@Nullable Method original, String name, @Nullable JavaType valueType) {
        if (original == null) {
          return null;
        }
        JavaType.FullyQualified builder = JavaType.ShallowClass.build(OURS + "CqlSessionBuilder");
        return original
            .withName(name)
            .withDeclaringType(builder)
            .withReturnType(builder)
            .withParameterNames(List.of("value"))
            .withParameterTypes(
                List.of(valueType == null ? JavaType.Unknown.getInstance() : valueType));
      }

      /**
       * {@code builder.withConfigLoader(DriverConfigLoader.programmaticBuilder().a(..).build())}
       * whose links are all ours by now: {@code builder.a(..)}.
       */
      private J.@Nullable MethodInvocation inlineLoader(J.MethodInvocation call) {
        if (!(call.getArguments().get(0) instanceof J.MethodInvocation build)
            || !build.getSimpleName().equals("build")
            || call.getSelect() == null) {
          return null;
        }
        List<J.MethodInvocation> links = new ArrayList<>();
        Expression current = build.getSelect();
        while (current instanceof J.MethodInvocation link
            && !link.getSimpleName().equals("programmaticBuilder")) {
          if (!OUR_METHODS.contains(link.getSimpleName())) {
            return null;
          }
          links.add(0, link);
          current = link.getSelect();
        }
        if (!(current instanceof J.MethodInvocation factory)
            || factory.getMethodType() == null
            || !TypeUtils.isOfClassType(factory.getMethodType().getDeclaringType(), LOADER)) {
          return null;
        }
        maybeRemoveImport(LOADER);
        maybeRemoveImport(CONFIG + "DefaultDriverOption");
        // Each call on its own line, as the builder's calls before it.
        Space before = call.getPadding().getSelect().getAfter();
        Expression result = call.getSelect();
        for (J.MethodInvocation link : links) {
          result =
              link.getPadding()
                  .withSelect(JRightPadded.build(result).withAfter(before))
                  .withPrefix(Space.EMPTY);
        }
        return ((J.MethodInvocation) result).withPrefix(call.getPrefix());
      }
    };
  }

  /**
   * A consistency level: a string literal's constant name, {@code DefaultConsistencyLevel.X
   * .name()}'s constant, or the expression itself (then {@code valueOf(..)}).
   */
  static Object consistency(Expression value) {
    String name = literal(value);
    if (name != null) {
      return name;
    }
    if (value instanceof J.MethodInvocation nameCall
        && nameCall.getSimpleName().equals("name")
        && nameCall.getSelect() instanceof J.FieldAccess constant
        && TypeUtils.isOfClassType(
            constant.getType(), "com.datastax.oss.driver.api.core.DefaultConsistencyLevel")) {
      return constant.getSimpleName();
    }
    return value.withPrefix(Space.EMPTY);
  }

  static @Nullable String literal(Expression value) {
    return value instanceof J.Literal literal && literal.getValue() instanceof String s ? s : null;
  }
}
