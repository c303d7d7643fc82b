package io.scyllaboot.migration;

import io.scyllaboot.migration.DriverOptionsToSessionBuilder.Kind;
import io.scyllaboot.migration.DriverOptionsToSessionBuilder.Target;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.ExecutionContext;
import org.openrewrite.Recipe;
import org.openrewrite.TreeVisitor;
import org.openrewrite.java.AddImport;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.JavaTemplate;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.Statement;
import org.openrewrite.java.tree.TypeUtils;

/**
 * Options put into a DataStax {@code OptionsMap} and handed to {@code
 * builder.withConfigLoader(DriverConfigLoader.fromMap(options))} become Scylla Boot's session
 * builder calls, in one block: {@code options.put(TypedDriverOption.REQUEST_TIMEOUT, d)} is {@code
 * withRequestTimeout(d)}, {@code CONTACT_POINTS} of {@code "host:port"} literals {@code
 * addContactPoint(..)}s, and a profile's request options ({@code options.put("slow",
 * TypedDriverOption.REQUEST_TIMEOUT, d)}) {@code withProfile("slow", ExecutionProfile.of()
 * .withTimeout(d))}, its own data center {@code .withLocalDatacenter(dc)}; the map and its puts go.
 * When any option has no counterpart (a load-balancing policy class, say), nothing changes and the
 * marks say what is left: no option is dropped silently.
 */
public final class OptionsMapToSessionBuilder extends Recipe {
  private static final String CONFIG = "com.datastax.oss.driver.api.core.config.";
  private static final String OPTIONS_MAP = CONFIG + "OptionsMap";
  private static final String TYPED_OPTION = CONFIG + "TypedDriverOption";
  private static final String OURS = "io.scyllaboot.driver.api.";

  /** A profile's options, as {@code ExecutionProfile}'s withers. */
  private static final Map<String, Target> PROFILE_OPTIONS =
      DriverOptionCatalog.table(
          DriverOptionCatalog.Option::name,
          true,
          option -> new Target(option.profileMethod(), Kind.of(option.kind())));

  @Override
  public String getDisplayName() {
    return "Set an OptionsMap's options on Scylla Boot's session builder";
  }

  @Override
  public String getDescription() {
    return "`options.put(TypedDriverOption.X, v)` handed to `withConfigLoader(DriverConfigLoader"
        + ".fromMap(options))` becomes the builder's own call; profiles become `withProfile(..)`.";
  }

  /** The builder calls being written: template code and its arguments, in placeholder order. */
  private static final class Chain {
    final StringBuilder code = new StringBuilder("#{any()}");
    final List<Object> arguments = new ArrayList<>();
    boolean consistency;
    boolean profiles;
    boolean addresses;
  }

  @Override
  public TreeVisitor<?, ExecutionContext> getVisitor() {
    return new JavaIsoVisitor<>() {
      @Override
      public J.Block visitBlock(J.Block block, ExecutionContext ctx) {
        J.Block visited = super.visitBlock(block, ctx);
        List<Statement> statements = visited.getStatements();
        for (int i = 0; i < statements.size(); i++) {
          String map = optionsMapDeclared(statements.get(i));
          if (map == null) {
            continue;
          }
          List<J.MethodInvocation> puts = new ArrayList<>();
          int next = i + 1;
          while (next < statements.size() && isPut(statements.get(next), map)) {
            puts.add((J.MethodInvocation) statements.get(next));
            next++;
          }
          if (next == statements.size() || usesOutsideLoader(statements, next + 1, map)) {
            continue;
          }
          Chain chain = chain(puts);
          if (chain == null) {
            continue;
          }
          Statement user = statements.get(next);
          AtomicInteger replaced = new AtomicInteger();
          Cursor blockCursor = new Cursor(getCursor().getParentOrThrow(), visited);
          Statement rewritten =
              (Statement)
                  new JavaIsoVisitor<ExecutionContext>() {
                    @Override
                    public J.MethodInvocation visitMethodInvocation(
                        J.MethodInvocation method, ExecutionContext c) {
                      J.MethodInvocation call = super.visitMethodInvocation(method, c);
                      if (!isLoaderFrom(call, map) || call.getSelect() == null) {
                        return call;
                      }
                      replaced.incrementAndGet();
                      List<Object> arguments = new ArrayList<>(chain.arguments);
                      arguments.add(0, call.getSelect());
                      return JavaTemplate.builder(chain.code.toString())
                          .build()
                          .apply(getCursor(), call.getCoordinates().replace(), arguments.toArray());
                    }
                  }.visitNonNull(user, ctx, blockCursor);
          if (replaced.get() != 1 || usesOutsideLoader(List.of(rewritten), 0, map)) {
            continue;
          }
          List<Statement> result = new ArrayList<>(statements.subList(0, i));
          result.add(rewritten.withPrefix(statements.get(i).getPrefix()));
          result.addAll(statements.subList(next + 1, statements.size()));
          maybeRemoveImport(OPTIONS_MAP);
          maybeRemoveImport(TYPED_OPTION);
          maybeRemoveImport(CONFIG + "DriverConfigLoader");
          maybeRemoveImport("java.util.Collections");
          // The template's names carry no types yet: imported whether or not a type refers to them.
          if (chain.consistency) {
            doAfterVisit(new AddImport<>(OURS + "ConsistencyLevel", null, false));
          }
          if (chain.profiles) {
            doAfterVisit(new AddImport<>(OURS + "ExecutionProfile", null, false));
          }
          if (chain.addresses) {
            doAfterVisit(new AddImport<>("java.net.InetSocketAddress", null, false));
          }
          return visited.withStatements(result);
        }
        return visited;
      }
    };
  }

  /**
   * The variable an {@code OptionsMap x = OptionsMap.driverDefaults()} (or {@code new}) declares.
   */
  private static @Nullable String optionsMapDeclared(Statement statement) {
    if (!(statement instanceof J.VariableDeclarations declaration)
        || declaration.getVariables().size() != 1
        || !TypeUtils.isOfClassType(declaration.getType(), OPTIONS_MAP)) {
      return null;
    }
    Expression initializer = declaration.getVariables().get(0).getInitializer();
    boolean fresh =
        initializer instanceof J.NewClass
            || initializer instanceof J.MethodInvocation call
                && call.getSimpleName().equals("driverDefaults");
    return fresh ? declaration.getVariables().get(0).getSimpleName() : null;
  }

  private static boolean isPut(Statement statement, String map) {
    return statement instanceof J.MethodInvocation call
        && call.getSimpleName().equals("put")
        && call.getSelect() instanceof J.Identifier target
        && target.getSimpleName().equals(map);
  }

  private static boolean isLoaderFrom(J.MethodInvocation call, String map) {
    return call.getSimpleName().equals("withConfigLoader")
        && call.getArguments().size() == 1
        && call.getArguments().get(0) instanceof J.MethodInvocation fromMap
        && fromMap.getSimpleName().equals("fromMap")
        && fromMap.getArguments().size() == 1
        && fromMap.getArguments().get(0) instanceof J.Identifier argument
        && argument.getSimpleName().equals(map);
  }

  /**
   * Whether the map is read anywhere in these statements from {@code from} on other than as the
   * loader's argument (then it has other users, and stays).
   */
  private static boolean usesOutsideLoader(List<Statement> statements, int from, String map) {
    AtomicInteger uses = new AtomicInteger();
    AtomicInteger loaders = new AtomicInteger();
    for (Statement statement : statements.subList(from, statements.size())) {
      new JavaIsoVisitor<Integer>() {
        @Override
        public J.Identifier visitIdentifier(J.Identifier identifier, Integer p) {
          if (identifier.getSimpleName().equals(map)) {
            uses.incrementAndGet();
          }
          return identifier;
        }

        @Override
        public J.MethodInvocation visitMethodInvocation(J.MethodInvocation method, Integer p) {
          if (isLoaderFrom(method, map)) {
            loaders.incrementAndGet();
          }
          return super.visitMethodInvocation(method, p);
        }
      }.visit(statement, 0);
    }
    return uses.get() > loaders.get();
  }

  /** The builder calls of these puts, or null when one has no counterpart. */
  private static @Nullable Chain chain(List<J.MethodInvocation> puts) {
    Chain chain = new Chain();
    Map<String, List<J.MethodInvocation>> profiles = new LinkedHashMap<>();
    for (J.MethodInvocation put : puts) {
      List<Expression> arguments = put.getArguments();
      if (arguments.size() == 3) {
        String name = DriverOptionsToSessionBuilder.literal(arguments.get(0));
        if (name == null) {
          return null;
        }
        profiles.computeIfAbsent(name, n -> new ArrayList<>()).add(put);
        continue;
      }
      String option = optionName(arguments.get(0));
      Expression value = arguments.get(1);
      if ("CONTACT_POINTS".equals(option)) {
        if (!contactPoints(value, chain)) {
          return null;
        }
        continue;
      }
      Target target = option == null ? null : DriverOptionsToSessionBuilder.OPTIONS.get(option);
      if (target == null || !append(chain, "." + target.method(), target.kind(), value)) {
        return null;
      }
    }
    for (List<J.MethodInvocation> profile : profiles.values()) {
      chain.profiles = true;
      chain.code.append(".withProfile(#{any()}, ExecutionProfile.of()");
      chain.arguments.add(profile.get(0).getArguments().get(0)); // the profile's name
      for (J.MethodInvocation put : profile) {
        String option = optionName(put.getArguments().get(1));
        Target target = option == null ? null : PROFILE_OPTIONS.get(option);
        if (target == null
            || !append(chain, "." + target.method(), target.kind(), put.getArguments().get(2))) {
          return null;
        }
      }
      chain.code.append(")");
    }
    return chain;
  }

  /** Appends {@code .method(value)}; false when the value cannot be written (a kind left out). */
  private static boolean append(Chain chain, String method, Kind kind, Expression value) {
    switch (kind) {
      case SAME -> {
        chain.code.append(method).append("(#{any()})");
        chain.arguments.add(value);
      }
      case CONSISTENCY -> {
        chain.consistency = true;
        Object level = DriverOptionsToSessionBuilder.consistency(value);
        if (level instanceof String name) {
          chain.code.append(method).append("(ConsistencyLevel.").append(name).append(')');
        } else {
          chain.code.append(method).append("(ConsistencyLevel.valueOf(#{any()}))");
          chain.arguments.add(level);
        }
      }
      default -> {
        return false; // compression and protocol: left to the marks
      }
    }
    return true;
  }

  /**
   * {@code List.of("h:p", ..)}, {@code Arrays.asList(..)} or {@code singletonList(..)} of literals.
   */
  private static boolean contactPoints(Expression value, Chain chain) {
    if (!(value instanceof J.MethodInvocation list)
        || !Set.of("of", "asList", "singletonList").contains(list.getSimpleName())) {
      return false;
    }
    for (Expression element : list.getArguments()) {
      String hostAndPort = DriverOptionsToSessionBuilder.literal(element);
      if (hostAndPort == null) {
        return false;
      }
      int colon = hostAndPort.lastIndexOf(':');
      if (colon <= 0 || !hostAndPort.substring(colon + 1).matches("\\d{1,5}")) {
        return false;
      }
      chain.addresses = true;
      chain
          .code
          .append(".addContactPoint(new InetSocketAddress(\"")
          .append(hostAndPort, 0, colon)
          .append("\", ")
          .append(hostAndPort.substring(colon + 1))
          .append("))");
    }
    return true;
  }

  private static @Nullable String optionName(Expression option) {
    if (!TypeUtils.isAssignableTo(TYPED_OPTION, option.getType())) {
      return null;
    }
    return option instanceof J.FieldAccess access
        ? access.getSimpleName()
        : option instanceof J.Identifier identifier ? identifier.getSimpleName() : null;
  }
}
