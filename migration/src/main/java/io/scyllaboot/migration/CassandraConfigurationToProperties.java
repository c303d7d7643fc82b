package io.scyllaboot.migration;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import org.openrewrite.Cursor;
import org.openrewrite.ExecutionContext;
import org.openrewrite.Recipe;
import org.openrewrite.TreeVisitor;
import org.openrewrite.java.AddImport;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.JavaTemplate;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.Space;
import org.openrewrite.java.tree.Statement;
import org.openrewrite.java.tree.TypeUtils;

/**
 * A configuration class nested in a {@code @SpringBootTest} class and extending {@code
 * AbstractCassandraConfiguration} (or its reactive twin) whose overrides are all simple (keyspace
 * name, contact points, port, local data center, schema action, entity base packages, each
 * returning a literal, an enum constant or a system property) becomes a configuration with Boot's
 * auto-configuration on: the values become {@code scylla.*} entries of the test's {@code
 * properties}, the packages an {@code @EntityScan}. An override returning the system property of
 * its own key is dropped (the property already sets it). Any other override leaves the class as it
 * is, for the type's mark.
 */
public final class CassandraConfigurationToProperties extends Recipe {
  private static final List<String> BASES =
      List.of(
          "org.springframework.data.cassandra.config.AbstractCassandraConfiguration",
          "org.springframework.data.cassandra.config.AbstractReactiveCassandraConfiguration");
  private static final Map<String, String> KEYS =
      Map.of(
          "getKeyspaceName", "scylla.keyspace",
          "getContactPoints", "scylla.contact-points",
          "getPort", "scylla.port",
          "getLocalDataCenter", "scylla.local-datacenter",
          "getSchemaAction", "scylla.schema-action");
  private static final String AUTO_CONFIGURATION =
      "org.springframework.boot.autoconfigure.EnableAutoConfiguration";
  private static final String ENTITY_SCAN =
      "org.springframework.boot.persistence.autoconfigure.EntityScan";

  @Override
  public String getDisplayName() {
    return "Turn a simple AbstractCassandraConfiguration into properties";
  }

  @Override
  public String getDescription() {
    return "A test's nested configuration class overriding only simple settings becomes"
        + " @EnableAutoConfiguration with scylla.* test properties.";
  }

  @Override
  public TreeVisitor<?, ExecutionContext> getVisitor() {
    return new JavaIsoVisitor<>() {
      @Override
      public J.ClassDeclaration visitClassDeclaration(
          J.ClassDeclaration classDecl, ExecutionContext ctx) {
        J.ClassDeclaration outer = super.visitClassDeclaration(classDecl, ctx);
        J.Annotation bootTest = springBootTest(outer);
        if (bootTest == null || hasProperties(bootTest)) {
          return outer;
        }
        Map<String, String> properties = new LinkedHashMap<>();
        List<Statement> statements = new ArrayList<>(outer.getBody().getStatements());
        boolean changed = false;
        for (int i = 0; i < statements.size(); i++) {
          if (statements.get(i) instanceof J.ClassDeclaration nested
              && nested.getExtends() != null
              && BASES.stream()
                  .anyMatch(b -> TypeUtils.isOfClassType(nested.getExtends().getType(), b))) {
            J.ClassDeclaration translated = translate(nested, properties, ctx);
            if (translated != null) {
              statements.set(i, translated);
              changed = true;
            }
          }
        }
        if (!changed) {
          return outer;
        }
        outer = outer.withBody(outer.getBody().withStatements(statements));
        if (!properties.isEmpty()) {
          outer = withProperties(outer, bootTest, properties);
        }
        BASES.forEach(this::maybeRemoveImport);
        maybeRemoveImport("org.springframework.data.cassandra.config.SchemaAction");
        return outer;
      }

      private J.ClassDeclaration translate(
          J.ClassDeclaration nested, Map<String, String> properties, ExecutionContext ctx) {
        Map<String, String> found = new LinkedHashMap<>();
        List<String> scanned = new ArrayList<>();
        List<Statement> kept = new ArrayList<>();
        List<String> removed = new ArrayList<>();
        for (Statement member : nested.getBody().getStatements()) {
          if (!(member instanceof J.MethodDeclaration method) || !overrides(method)) {
            kept.add(member);
            continue;
          }
          Expression returned = returned(method);
          String name = method.getSimpleName();
          removed.add(name);
          if (returned == null) {
            return null;
          }
          if (name.equals("getEntityBasePackages")) {
            if (!packages(returned, scanned)) {
              return null;
            }
            continue;
          }
          String key = KEYS.get(name);
          String value = key == null ? null : value(returned);
          if (value == null) {
            return null;
          }
          if (!value.equals("${" + key + "}")) {
            found.put(key, value);
          }
        }
        if (callsInherited(kept, removed)) {
          return null;
        }
        properties.putAll(found);
        J.ClassDeclaration result =
            nested.withExtends(null).withBody(nested.getBody().withStatements(kept));
        result = annotate(result, "@EnableAutoConfiguration", AUTO_CONFIGURATION);
        if (!scanned.isEmpty()) {
          String scan =
              scanned.get(0).startsWith("\"")
                  ? "@EntityScan(" + list(scanned) + ")"
                  : "@EntityScan(basePackageClasses = " + list(scanned) + ")";
          result = annotate(result, scan, ENTITY_SCAN);
        }
        result = reindent(result, nested);
        doAfterVisit(new AddImport<>(AUTO_CONFIGURATION, null, false));
        if (!scanned.isEmpty()) {
          doAfterVisit(new AddImport<>(ENTITY_SCAN, null, false));
        }
        return result;
      }

      private J.ClassDeclaration annotate(J.ClassDeclaration target, String code, String type) {
        return JavaTemplate.builder(code)
            .imports(type)
            .build()
            .apply(
                new Cursor(getCursor(), target),
                target.getCoordinates().addAnnotation((a, b) -> 1));
      }

      private J.ClassDeclaration withProperties(
          J.ClassDeclaration outer, J.Annotation bootTest, Map<String, String> properties) {
        String list =
            properties.entrySet().stream()
                .map(e -> "\"" + e.getKey() + "=" + e.getValue().replace("\"", "\\\"") + "\"")
                .collect(Collectors.joining(", ", "{", "}"));
        List<String> arguments = new ArrayList<>();
        if (bootTest.getArguments() != null) {
          for (Expression argument : bootTest.getArguments()) {
            if (!(argument instanceof J.Empty)) {
              String printed = argument.printTrimmed(getCursor());
              arguments.add(argument instanceof J.Assignment ? printed : "classes = " + printed);
            }
          }
        }
        arguments.add("properties = " + list);
        J.Annotation replaced =
            JavaTemplate.builder("@SpringBootTest(" + String.join(", ", arguments) + ")")
                .imports("org.springframework.boot.test.context.SpringBootTest")
                .build()
                .apply(new Cursor(getCursor(), bootTest), bootTest.getCoordinates().replace());
        return outer.withLeadingAnnotations(
            outer.getLeadingAnnotations().stream()
                .map(a -> a == bootTest ? replaced.withPrefix(a.getPrefix()) : a)
                .toList());
      }
    };
  }

  /** Each annotation and the modifiers on their own line, at the original class's indentation. */
  private static J.ClassDeclaration reindent(
      J.ClassDeclaration result, J.ClassDeclaration original) {
    String first = original.getPrefix().getWhitespace();
    String line = "\n" + first.substring(first.lastIndexOf('\n') + 1);
    List<J.Annotation> annotations = new ArrayList<>();
    for (J.Annotation annotation : result.getLeadingAnnotations()) {
      annotations.add(
          annotation.withPrefix(annotations.isEmpty() ? Space.EMPTY : Space.format(line)));
    }
    J.ClassDeclaration reindented =
        result.withLeadingAnnotations(annotations).withPrefix(original.getPrefix());
    if (!reindented.getModifiers().isEmpty()) {
      List<J.Modifier> modifiers = new ArrayList<>(reindented.getModifiers());
      modifiers.set(0, modifiers.get(0).withPrefix(Space.format(line)));
      reindented = reindented.withModifiers(modifiers);
    } else {
      reindented =
          reindented
              .getPadding()
              .withKind(reindented.getPadding().getKind().withPrefix(Space.format(line)));
    }
    return reindented;
  }

  /**
   * Whether a member kept calls one of the base class's methods, or an override being removed,
   * without a receiver (or on this or super): that call would no longer compile.
   */
  private static boolean callsInherited(List<Statement> kept, List<String> removed) {
    boolean[] found = {false};
    JavaIsoVisitor<Integer> scan =
        new JavaIsoVisitor<>() {
          @Override
          public J.MethodInvocation visitMethodInvocation(J.MethodInvocation method, Integer p) {
            boolean ownReceiver =
                method.getSelect() == null
                    || (method.getSelect() instanceof J.Identifier id
                        && (id.getSimpleName().equals("this")
                            || id.getSimpleName().equals("super")));
            JavaType.Method type = method.getMethodType();
            if (ownReceiver && removed.contains(method.getSimpleName())) {
              found[0] = true;
            }
            if (ownReceiver
                && type != null
                && type.getDeclaringType()
                    .getFullyQualifiedName()
                    .startsWith("org.springframework.data.cassandra.config.")) {
              found[0] = true;
            }
            return super.visitMethodInvocation(method, p);
          }
        };
    kept.forEach(member -> scan.visit(member, 0));
    return found[0];
  }

  private static J.Annotation springBootTest(J.ClassDeclaration classDecl) {
    for (J.Annotation annotation : classDecl.getLeadingAnnotations()) {
      if (annotation.getSimpleName().equals("SpringBootTest")) {
        return annotation;
      }
    }
    return null;
  }

  private static boolean hasProperties(J.Annotation annotation) {
    return annotation.getArguments() != null
        && annotation.getArguments().stream()
            .anyMatch(
                a ->
                    a instanceof J.Assignment assignment
                        && assignment.getVariable() instanceof J.Identifier id
                        && id.getSimpleName().equals("properties"));
  }

  private static boolean overrides(J.MethodDeclaration method) {
    return method.getLeadingAnnotations().stream()
        .anyMatch(a -> a.getSimpleName().equals("Override"));
  }

  /** The expression of a body that is one return statement, else null. */
  private static Expression returned(J.MethodDeclaration method) {
    if (method.getBody() == null
        || method.getBody().getStatements().size() != 1
        || !(method.getBody().getStatements().get(0) instanceof J.Return ret)) {
      return null;
    }
    return ret.getExpression();
  }

  /** A literal's text, an enum constant in property form, ${key} for a system property. */
  private static String value(Expression expression) {
    if (expression instanceof J.Literal literal && literal.getValue() != null) {
      return literal.getValue().toString();
    }
    JavaType.Variable field =
        expression instanceof J.FieldAccess access
            ? access.getName().getFieldType()
            : expression instanceof J.Identifier id ? id.getFieldType() : null;
    if (field != null
        && TypeUtils.isOfClassType(
            field.getOwner(), "org.springframework.data.cassandra.config.SchemaAction")) {
      return switch (field.getName()) {
        case "NONE" -> "none";
        case "CREATE", "CREATE_IF_NOT_EXISTS" -> "create-if-not-exists";
        default -> field.getName().toLowerCase(Locale.ROOT).replace('_', '-');
      };
    }
    if (expression instanceof J.MethodInvocation call
        && call.getArguments().size() == 1
        && call.getArguments().get(0) instanceof J.Literal key
        && key.getValue() instanceof String name
        && call.getSelect() instanceof J.Identifier target
        && ((target.getSimpleName().equals("System") && call.getSimpleName().equals("getProperty"))
            || (target.getSimpleName().equals("Integer")
                && call.getSimpleName().equals("getInteger")))) {
      return "${" + name + "}";
    }
    return null;
  }

  private static String list(List<String> items) {
    return items.size() == 1 ? items.get(0) : "{" + String.join(", ", items) + "}";
  }

  /** new String[] {X.class.getPackage().getName(), "a.b"}: X.class or "a.b" each, else false. */
  private static boolean packages(Expression expression, List<String> scanned) {
    if (!(expression instanceof J.NewArray array) || array.getInitializer() == null) {
      return false;
    }
    for (Expression element : array.getInitializer()) {
      if (element instanceof J.Literal literal && literal.getValue() instanceof String name) {
        scanned.add("\"" + name + "\"");
      } else if (element instanceof J.MethodInvocation getName
          && getName.getSelect() instanceof J.MethodInvocation getPackage
          && getName.getSimpleName().equals("getName")
          && getPackage.getSimpleName().equals("getPackage")
          && getPackage.getSelect() instanceof J.FieldAccess classLiteral
          && classLiteral.getSimpleName().equals("class")) {
        String target = className(classLiteral.getTarget());
        if (target == null) {
          return false;
        }
        scanned.add(target + ".class");
      } else {
        return false;
      }
    }
    long names = scanned.stream().filter(s -> s.startsWith("\"")).count();
    return !scanned.isEmpty() && (names == 0 || names == scanned.size());
  }

  private static String className(Expression target) {
    if (target instanceof J.Identifier id) {
      return id.getSimpleName();
    }
    if (target instanceof J.FieldAccess access) {
      String qualifier = className(access.getTarget());
      return qualifier == null ? null : qualifier + "." + access.getSimpleName();
    }
    return null;
  }
}
