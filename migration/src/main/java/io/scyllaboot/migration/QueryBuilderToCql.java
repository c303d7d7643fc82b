package io.scyllaboot.migration;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.openrewrite.ExecutionContext;
import org.openrewrite.Recipe;
import org.openrewrite.Tree;
import org.openrewrite.TreeVisitor;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.JavaVisitor;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.TypeUtils;
import org.openrewrite.marker.Markers;

/**
 * The DataStax query builder's common chains, whose every value is a literal or a bind marker,
 * become the CQL text they render: {@code QueryBuilder.selectFrom("t").all().asCql()} becomes
 * {@code "SELECT * FROM t"}; likewise {@code column(..)}, {@code whereColumn(..).isEqualTo(..)},
 * {@code limit(n)}, {@code insertInto(..).value(..)}, {@code ifNotExists()}, {@code deleteFrom},
 * {@code truncate}. A chain kept in a {@code var} becomes its text, and the variable's {@code
 * asCql()} the variable. Other chains are left to the query builder's mark.
 */
public final class QueryBuilderToCql extends Recipe {
  private static final String QUERY_BUILDER =
      "com.datastax.oss.driver.api.querybuilder.QueryBuilder";
  private static final String PACKAGE = "com.datastax.oss.driver.api.querybuilder";

  @Override
  public String getDisplayName() {
    return "Write DataStax query builder chains as CQL text";
  }

  @Override
  public String getDescription() {
    return "`QueryBuilder.selectFrom(\"t\").all().asCql()` becomes `\"SELECT * FROM t\"` when every"
        + " value of the chain is a literal or a bind marker.";
  }

  @Override
  public TreeVisitor<?, ExecutionContext> getVisitor() {
    return new JavaVisitor<>() {
      private final Set<String> textVariables = new HashSet<>();

      @Override
      public J visitCompilationUnit(J.CompilationUnit cu, ExecutionContext ctx) {
        textVariables.clear();
        new JavaIsoVisitor<Set<String>>() {
          @Override
          public J.VariableDeclarations visitVariableDeclarations(
              J.VariableDeclarations multi, Set<String> names) {
            if (inferred(multi)) {
              for (J.VariableDeclarations.NamedVariable v : multi.getVariables()) {
                if (v.getInitializer() != null && render(v.getInitializer()) != null) {
                  names.add(v.getSimpleName());
                }
              }
            }
            return super.visitVariableDeclarations(multi, names);
          }
        }.visit(cu, textVariables);
        return super.visitCompilationUnit(cu, ctx);
      }

      @Override
      public J visitVariableDeclarations(J.VariableDeclarations multi, ExecutionContext ctx) {
        J.VariableDeclarations visited =
            (J.VariableDeclarations) super.visitVariableDeclarations(multi, ctx);
        if (!inferred(visited)) {
          return visited;
        }
        return visited.withVariables(
            visited.getVariables().stream()
                .map(
                    v -> {
                      String cql = v.getInitializer() == null ? null : render(v.getInitializer());
                      if (cql == null) {
                        return v;
                      }
                      maybeRemoveImport(QUERY_BUILDER);
                      return v.withInitializer(text(cql, v.getInitializer()));
                    })
                .toList());
      }

      @Override
      public J visitMethodInvocation(J.MethodInvocation method, ExecutionContext ctx) {
        J result = super.visitMethodInvocation(method, ctx);
        if (!(result instanceof J.MethodInvocation visited)
            || !"asCql".equals(visited.getSimpleName())
            || !visited.getArguments().stream().allMatch(a -> a instanceof J.Empty)) {
          return result;
        }
        if (visited.getSelect() instanceof J.Identifier id
            && textVariables.contains(id.getSimpleName())
            && id.getType() instanceof JavaType.FullyQualified type
            && type.getFullyQualifiedName().startsWith(PACKAGE)) {
          return id.withPrefix(visited.getPrefix());
        }
        String cql = visited.getSelect() == null ? null : render(visited.getSelect());
        if (cql == null) {
          return visited;
        }
        maybeRemoveImport(QUERY_BUILDER);
        return text(cql, visited);
      }
    };
  }

  /** A local variable declared with {@code var}, whose initializer may change type. */
  private static boolean inferred(J.VariableDeclarations multi) {
    return multi.getTypeExpression() instanceof J.Identifier id && "var".equals(id.getSimpleName());
  }

  private static J.Literal text(String cql, Expression replaced) {
    String source = "\"" + cql.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    return new J.Literal(
        Tree.randomId(),
        replaced.getPrefix(),
        Markers.EMPTY,
        cql,
        source,
        null,
        JavaType.Primitive.String);
  }

  /** The CQL text of a query builder chain, or null when it is not one of the shapes handled. */
  static String render(Expression expression) {
    List<J.MethodInvocation> chain = new ArrayList<>();
    Expression link = expression;
    while (link instanceof J.MethodInvocation call) {
      chain.add(0, call);
      link = call.getSelect();
      if (isQueryBuilderCall(call)) {
        break;
      }
    }
    if (chain.isEmpty() || !isQueryBuilderCall(chain.get(0))) {
      return null;
    }
    for (J.MethodInvocation call : chain) {
      if (call.getMethodType() == null
          || !call.getMethodType().getDeclaringType().getFullyQualifiedName().startsWith(PACKAGE)) {
        return null;
      }
    }
    return new Rendering().render(chain);
  }

  private static boolean isQueryBuilderCall(J.MethodInvocation call) {
    return call.getMethodType() != null
        && TypeUtils.isOfClassType(call.getMethodType().getDeclaringType(), QUERY_BUILDER);
  }

  /** Walks a chain from its factory call; null at the first link it does not know. */
  private static final class Rendering {
    private String kind;
    private String table;
    private final List<String> columns = new ArrayList<>();
    private final List<String> values = new ArrayList<>();
    private final List<String> relations = new ArrayList<>();
    private String pendingColumn;
    private String suffix = "";

    String render(List<J.MethodInvocation> chain) {
      for (J.MethodInvocation call : chain) {
        if (!apply(call.getSimpleName(), arguments(call))) {
          return null;
        }
      }
      if (pendingColumn != null || kind == null) {
        return null;
      }
      String where = relations.isEmpty() ? "" : " WHERE " + String.join(" AND ", relations);
      return switch (kind) {
        case "SELECT" ->
            columns.isEmpty()
                ? null
                : "SELECT " + String.join(",", columns) + " FROM " + table + where + suffix;
        case "INSERT" ->
            columns.isEmpty()
                ? null
                : "INSERT INTO "
                    + table
                    + " ("
                    + String.join(",", columns)
                    + ") VALUES ("
                    + String.join(",", values)
                    + ")"
                    + suffix;
        case "DELETE" -> relations.isEmpty() ? null : "DELETE FROM " + table + where + suffix;
        case "TRUNCATE" -> "TRUNCATE " + table;
        default -> null;
      };
    }

    private boolean apply(String name, List<Expression> args) {
      switch (name) {
        case "selectFrom", "insertInto", "deleteFrom", "truncate" -> {
          if (kind != null || (table = table(args)) == null) {
            return false;
          }
          kind =
              switch (name) {
                case "selectFrom" -> "SELECT";
                case "insertInto" -> "INSERT";
                case "deleteFrom" -> "DELETE";
                default -> "TRUNCATE";
              };
          return true;
        }
        case "all" -> {
          columns.add("*");
          return "SELECT".equals(kind) && args.isEmpty();
        }
        case "column", "columns" -> {
          for (Expression arg : args) {
            String column = string(arg);
            if (column == null) {
              return false;
            }
            columns.add(column);
          }
          return "SELECT".equals(kind) && !args.isEmpty();
        }
        case "value" -> {
          String column = args.size() == 2 ? string(args.get(0)) : null;
          String term = args.size() == 2 ? term(args.get(1)) : null;
          columns.add(column);
          values.add(term);
          return "INSERT".equals(kind) && column != null && term != null;
        }
        case "whereColumn" -> {
          pendingColumn = args.size() == 1 ? string(args.get(0)) : null;
          return pendingColumn != null;
        }
        case "isEqualTo" -> {
          String term = args.size() == 1 ? term(args.get(0)) : null;
          if (pendingColumn == null || term == null) {
            return false;
          }
          relations.add(pendingColumn + "=" + term);
          pendingColumn = null;
          return true;
        }
        case "limit" -> {
          String limit = args.size() == 1 ? number(args.get(0)) : null;
          suffix += " LIMIT " + limit;
          return limit != null;
        }
        case "ifNotExists" -> {
          suffix += " IF NOT EXISTS";
          return "INSERT".equals(kind);
        }
        case "ifExists" -> {
          suffix += " IF EXISTS";
          return "DELETE".equals(kind);
        }
        case "allowFiltering" -> {
          suffix += " ALLOW FILTERING";
          return "SELECT".equals(kind);
        }
        default -> {
          return false;
        }
      }
    }

    private static List<Expression> arguments(J.MethodInvocation call) {
      return call.getArguments().stream().filter(a -> !(a instanceof J.Empty)).toList();
    }

    private static String table(List<Expression> args) {
      if (args.size() == 1) {
        return string(args.get(0));
      }
      if (args.size() == 2 && string(args.get(0)) != null && string(args.get(1)) != null) {
        return string(args.get(0)) + "." + string(args.get(1));
      }
      return null;
    }

    private static String string(Expression arg) {
      return arg instanceof J.Literal literal && literal.getValue() instanceof String s ? s : null;
    }

    private static String number(Expression arg) {
      return arg instanceof J.Literal literal
              && (literal.getValue() instanceof Integer || literal.getValue() instanceof Long)
          ? literal.getValue().toString()
          : null;
    }

    /** A literal(..) of a literal, or a bindMarker() / bindMarker("name"). */
    private static String term(Expression arg) {
      if (!(arg instanceof J.MethodInvocation call) || !isQueryBuilderCall(call)) {
        return null;
      }
      List<Expression> args = arguments(call);
      if ("bindMarker".equals(call.getSimpleName())) {
        if (args.isEmpty()) {
          return "?";
        }
        String name = args.size() == 1 ? string(args.get(0)) : null;
        return name == null ? null : ":" + name;
      }
      if (!"literal".equals(call.getSimpleName())
          || args.size() != 1
          || !(args.get(0) instanceof J.Literal literal)
          || literal.getValue() == null) {
        return null;
      }
      Object value = literal.getValue();
      if (value instanceof String s) {
        return "'" + s.replace("'", "''") + "'";
      }
      if (value instanceof Number || value instanceof Boolean) {
        return value.toString();
      }
      return null;
    }
  }
}
