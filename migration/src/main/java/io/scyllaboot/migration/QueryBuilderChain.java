package io.scyllaboot.migration;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.TypeUtils;

/**
 * Renders a DataStax query builder chain whose every value is a literal or a bind marker as the CQL
 * text the query builder would produce; null for any link or argument it does not know, so that the
 * chain is left to the query builder's mark.
 */
final class QueryBuilderChain {
  static final String QUERY_BUILDER = "com.datastax.oss.driver.api.querybuilder.QueryBuilder";
  static final String SELECTOR = "com.datastax.oss.driver.api.querybuilder.select.Selector";
  static final String PACKAGE = "com.datastax.oss.driver.api.querybuilder";

  private QueryBuilderChain() {}

  /**
   * A chain's text, and the values of its terms that are not literals ({@code literal(user,
   * registry)}), each written as a {@code ?} in the text, in order.
   */
  record Rendered(String cql, List<Expression> values) {}

  /**
   * The text of a chain such as {@code selectFrom("t").all()} (what {@code asCql()} returns); null
   * when a term's value is known only when the code runs.
   */
  static String render(Expression expression) {
    Rendered rendered = renderWithValues(expression);
    return rendered == null || !rendered.values().isEmpty() ? null : rendered.cql();
  }

  private static Rendered renderWithValues(Expression expression) {
    List<J.MethodInvocation> chain = links(expression);
    if (chain == null) {
      return null;
    }
    Rendering rendering = new Rendering();
    String cql = rendering.render(chain);
    // Values bound by position cannot mix with bind markers, which a later bind(..) fills.
    return cql == null || (!rendering.values.isEmpty() && rendering.markers)
        ? null
        : new Rendered(cql, List.copyOf(rendering.values));
  }

  /** The text of a chain ending in {@code build()}, the statement the query builder makes. */
  static String renderBuilt(Expression expression) {
    Rendered rendered = renderBuiltWithValues(expression);
    return rendered == null || !rendered.values().isEmpty() ? null : rendered.cql();
  }

  /** As {@link #renderBuilt}, with the values its text binds by position. */
  static Rendered renderBuiltWithValues(Expression expression) {
    if (!(expression instanceof J.MethodInvocation build)
        || !"build".equals(build.getSimpleName())
        || !arguments(build).isEmpty()
        || build.getSelect() == null) {
      return null;
    }
    return renderWithValues(build.getSelect());
  }

  static boolean isQueryBuilderCall(J.MethodInvocation call) {
    return call.getMethodType() != null
        && TypeUtils.isOfClassType(call.getMethodType().getDeclaringType(), QUERY_BUILDER);
  }

  /** The chain's calls from its factory call on, or null when it is not a query builder chain. */
  private static List<J.MethodInvocation> links(Expression expression) {
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
    return chain;
  }

  private static List<Expression> arguments(J.MethodInvocation call) {
    return call.getArguments().stream().filter(a -> !(a instanceof J.Empty)).toList();
  }

  /** Walks a chain from its factory call; null at the first link it does not know. */
  private static final class Rendering {
    private static final Map<String, String> OPERATORS =
        Map.of(
            "isEqualTo", "=",
            "isNotEqualTo", "!=",
            "isLessThan", "<",
            "isLessThanOrEqualTo", "<=",
            "isGreaterThan", ">",
            "isGreaterThanOrEqualTo", ">=");
    private String kind;
    private String table;
    private boolean json;
    private String jsonValue;
    private final List<String> columns = new ArrayList<>();
    private final List<String> insertValues = new ArrayList<>();
    private final List<String> relations = new ArrayList<>();
    private String pendingColumn;
    private String suffix = "";

    /** Values of terms known only at run time, each a {@code ?} in the text. */
    private final List<Expression> values = new ArrayList<>();

    /** Whether a bind marker was written. */
    private boolean markers;

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
                : "SELECT "
                    + (json ? "JSON " : "")
                    + String.join(",", columns)
                    + " FROM "
                    + table
                    + where
                    + suffix;
        case "INSERT" -> insert();
        case "DELETE" -> relations.isEmpty() ? null : "DELETE FROM " + table + where + suffix;
        case "TRUNCATE" -> "TRUNCATE " + table;
        default -> null;
      };
    }

    private String insert() {
      if (jsonValue != null) {
        return columns.isEmpty() ? "INSERT INTO " + table + " JSON " + jsonValue + suffix : null;
      }
      if (columns.isEmpty()) {
        return null;
      }
      return "INSERT INTO "
          + table
          + " ("
          + String.join(",", columns)
          + ") VALUES ("
          + String.join(",", insertValues)
          + ")"
          + suffix;
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
        case "function" -> {
          String call = functionCall(args, Rendering::selectorColumn);
          columns.add(call);
          return "SELECT".equals(kind) && call != null;
        }
        case "as" -> {
          String alias = args.size() == 1 ? string(args.get(0)) : null;
          if (!"SELECT".equals(kind) || columns.isEmpty() || alias == null) {
            return false;
          }
          columns.set(columns.size() - 1, columns.get(columns.size() - 1) + " AS " + alias);
          return true;
        }
        case "json" -> {
          if ("SELECT".equals(kind) && args.isEmpty() && columns.isEmpty()) {
            json = true;
            return true;
          }
          if (!"INSERT".equals(kind) || args.isEmpty() || args.size() > 2 || !columns.isEmpty()) {
            return false;
          }
          String text = args.size() == 1 ? string(args.get(0)) : null;
          if (text != null) {
            jsonValue = quoted(text);
          } else if (args.size() == 1 && isTerm(args.get(0))) {
            jsonValue = term(args.get(0));
          } else {
            // json(value) or json(value, registry): the value, as JSON text, bound at run time.
            values.add(args.get(0));
            jsonValue = "?";
          }
          return jsonValue != null;
        }
        case "value" -> {
          String column = args.size() == 2 ? string(args.get(0)) : null;
          String term = args.size() == 2 ? term(args.get(1)) : null;
          columns.add(column);
          insertValues.add(term);
          return "INSERT".equals(kind) && jsonValue == null && column != null && term != null;
        }
        case "whereColumn" -> {
          pendingColumn = args.size() == 1 ? string(args.get(0)) : null;
          return pendingColumn != null;
        }
        case "isEqualTo",
            "isNotEqualTo",
            "isLessThan",
            "isLessThanOrEqualTo",
            "isGreaterThan",
            "isGreaterThanOrEqualTo" -> {
          String term = args.size() == 1 ? term(args.get(0)) : null;
          return relation(OPERATORS.get(name), term);
        }
        case "in" -> {
          // One bind marker stands for the whole list; otherwise each term is an element.
          String single = args.size() == 1 ? term(args.get(0)) : null;
          if (single != null && (single.equals("?") || single.startsWith(":"))) {
            return relation(" IN ", single);
          }
          List<String> terms = new ArrayList<>();
          for (Expression arg : args) {
            terms.add(term(arg));
          }
          return !terms.isEmpty()
              && !terms.contains(null)
              && relation(" IN ", "(" + String.join(",", terms) + ")");
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

    /** A relation on the column named by the last {@code whereColumn(..)}. */
    private boolean relation(String operator, String term) {
      if (pendingColumn == null || term == null) {
        return false;
      }
      relations.add(pendingColumn + operator + term);
      pendingColumn = null;
      return true;
    }

    /** {@code Selector.column("c")}: {@code c}. */
    private static String selectorColumn(Expression arg) {
      if (!(arg instanceof J.MethodInvocation call)
          || !"column".equals(call.getSimpleName())
          || call.getMethodType() == null
          || !TypeUtils.isOfClassType(call.getMethodType().getDeclaringType(), SELECTOR)
          || arguments(call).size() != 1) {
        return null;
      }
      return string(arguments(call).get(0));
    }

    /** {@code name(arguments..)} of a function call's arguments: its name, then its arguments. */
    private static String functionCall(
        List<Expression> args, Function<Expression, String> argument) {
      String function = args.isEmpty() ? null : string(args.get(0));
      if (function == null) {
        return null;
      }
      List<String> rendered = new ArrayList<>();
      for (Expression arg : args.subList(1, args.size())) {
        String text = argument.apply(arg);
        if (text == null) {
          return null;
        }
        rendered.add(text);
      }
      return function + "(" + String.join(",", rendered) + ")";
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

    private static String quoted(String text) {
      return "'" + text.replace("'", "''") + "'";
    }

    private static String number(Expression arg) {
      return arg instanceof J.Literal literal
              && (literal.getValue() instanceof Integer || literal.getValue() instanceof Long)
          ? literal.getValue().toString()
          : null;
    }

    /** Whether the expression is a call of the query builder's terms. */
    private static boolean isTerm(Expression arg) {
      return arg instanceof J.MethodInvocation call && isQueryBuilderCall(call);
    }

    /**
     * A {@code literal(..)} of a literal, a {@code bindMarker()} / {@code bindMarker("name")}, or a
     * {@code function("name", terms..)} of those; a {@code literal(value)} or {@code literal(value,
     * registry)} of any other value is a {@code ?} bound to the value at run time.
     */
    private String term(Expression arg) {
      if (!(arg instanceof J.MethodInvocation call) || !isQueryBuilderCall(call)) {
        return null;
      }
      List<Expression> args = arguments(call);
      switch (call.getSimpleName()) {
        case "bindMarker" -> {
          markers = true;
          if (args.isEmpty()) {
            return "?";
          }
          String name = args.size() == 1 ? string(args.get(0)) : null;
          return name == null ? null : ":" + name;
        }
        case "function" -> {
          return functionCall(args, this::term);
        }
        case "literal" -> {
          if (args.isEmpty() || args.size() > 2) {
            return null;
          }
          if (!(args.get(0) instanceof J.Literal literal) || literal.getValue() == null) {
            values.add(args.get(0)); // the registry, if any, is the session's codecs
            return "?";
          }
          Object value = literal.getValue();
          if (value instanceof String s) {
            return quoted(s);
          }
          return value instanceof Number || value instanceof Boolean ? value.toString() : null;
        }
        default -> {
          return null;
        }
      }
    }
  }
}
