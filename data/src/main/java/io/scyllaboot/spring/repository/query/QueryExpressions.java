package io.scyllaboot.spring.repository.query;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import org.springframework.data.expression.ValueEvaluationContext;
import org.springframework.data.expression.ValueEvaluationContextProvider;
import org.springframework.data.expression.ValueExpression;
import org.springframework.data.repository.query.Parameter;
import org.springframework.data.repository.query.ValueExpressionDelegate;
import org.springframework.data.repository.query.ValueExpressionQueryRewriter;
import org.springframework.data.spel.ExpressionDependencies;

/**
 * The SpEL of a {@code @Query} ({@code :#{[0]}}, {@code ?#{#name.toLowerCase()}}, as Spring Data
 * Cassandra supports), found by Spring Data's {@link ValueExpressionQueryRewriter} and evaluated
 * per call with the method's evaluation context (its arguments, {@code #name} parameters and the
 * context's extensions). Each expression becomes a bind marker: the query's other markers decide
 * which kind ({@code ?N} and {@code ?} make every marker positional, {@code :name} keeps them
 * named), so the value is always bound, never spliced into the CQL.
 */
final class QueryExpressions {
  private static final String PREFIX = "spel_";
  private static final Pattern MARKER =
      Pattern.compile("\\?(\\d+)|(?<![:\\w]):([A-Za-z_][A-Za-z0-9_]*)|\\?");

  private final ScyllaQueryMethod method;
  private final Map<String, ValueExpression> expressions;
  private final ValueEvaluationContextProvider contexts;
  private final String cql;

  /** Positional: per marker, an argument index (Integer) or an expression's name; else null. */
  private final @Nullable List<Object> markers;

  /** Named: the parameters' markers, lower-cased (CQL names are case-insensitive unquoted). */
  private final Set<String> names;

  private QueryExpressions(
      ScyllaQueryMethod method,
      Map<String, ValueExpression> expressions,
      ValueEvaluationContextProvider contexts,
      String cql,
      @Nullable List<Object> markers,
      Set<String> names) {
    this.method = method;
    this.expressions = expressions;
    this.contexts = contexts;
    this.cql = cql;
    this.markers = markers;
    this.names = names;
  }

  /** The query's expressions, or null when it has none (or nothing can evaluate them). */
  static @Nullable QueryExpressions parse(
      ScyllaQueryMethod method, @Nullable ValueExpressionDelegate delegate) {
    String query = method.getAnnotatedQuery();
    if (delegate == null || query == null || !query.contains("#{")) {
      return null;
    }
    ValueExpressionQueryRewriter.ParsedQuery parsed =
        ValueExpressionQueryRewriter.of(
                delegate, (index, expression) -> PREFIX + index, (prefix, name) -> ":" + name)
            .parse(query);
    Map<String, ValueExpression> expressions = parsed.getParameterMap();
    if (expressions.isEmpty()) {
      return null;
    }
    String rewritten = parsed.getQueryString();
    List<Object> markers = new ArrayList<>();
    Set<String> names = new HashSet<>();
    boolean positional = false;
    boolean named = false;
    int plain = 0;
    StringBuilder asPositional = new StringBuilder();
    Matcher marker = MARKER.matcher(rewritten);
    while (marker.find()) {
      if (marker.group(1) != null) {
        positional = true;
        markers.add(Integer.parseInt(marker.group(1)));
      } else if (marker.group(2) != null) {
        String name = marker.group(2);
        if (!expressions.containsKey(name)) {
          named = true;
          names.add(name.toLowerCase(Locale.ROOT));
        }
        markers.add(name);
      } else {
        positional = true;
        markers.add(plain++);
      }
      marker.appendReplacement(asPositional, "?");
    }
    marker.appendTail(asPositional);
    if (positional && named) {
      throw new IllegalStateException(
          "Repository method "
              + method.describe()
              + ": a @Query mixes ?-markers and :name markers; use one kind");
    }
    ValueEvaluationContextProvider contexts =
        delegate.createValueContextProvider(method.getParameters());
    return named
        ? new QueryExpressions(method, expressions, contexts, rewritten, null, names)
        : new QueryExpressions(
            method, expressions, contexts, asPositional.toString(), markers, Set.of());
  }

  /**
   * What gives the expressions their context: a {@code ReactiveValueEvaluationContextProvider} when
   * Reactor is present, whose contexts can also come from reactive extensions.
   */
  ValueEvaluationContextProvider contexts() {
    return contexts;
  }

  /** What the expressions use (variables, extension properties and functions). */
  ExpressionDependencies dependencies() {
    return ExpressionDependencies.merged(
        expressions.values().stream().map(ValueExpression::getExpressionDependencies).toList());
  }

  /** The CQL to prepare: expressions as bind markers. */
  String cql() {
    return cql;
  }

  /**
   * The values to bind for one call: an {@code Object[]} for positional markers, a map of marker
   * name to value for named ones.
   *
   * @param bindable the bindable arguments, in order
   * @param arguments every argument of the call, as the expressions see them
   */
  Object values(List<Object> bindable, Object[] arguments) {
    return values(bindable, contexts.getEvaluationContext(arguments, dependencies()));
  }

  /**
   * The values to bind for one call, its expressions evaluated in this context (one a reactive
   * repository resolves when the query is subscribed to, see {@link #contexts()}).
   */
  Object values(List<Object> bindable, ValueEvaluationContext context) {
    if (markers != null) {
      Object[] values = new Object[markers.size()];
      for (int i = 0; i < values.length; i++) {
        Object marker = markers.get(i);
        values[i] =
            marker instanceof Integer index
                ? bindable.get(index)
                : expressions.get((String) marker).evaluate(context);
      }
      return values;
    }
    Map<String, Object> byName = new LinkedHashMap<>();
    int i = 0;
    for (Parameter parameter : method.getParameters().getBindableParameters()) {
      Object value = bindable.get(i++);
      // Only the parameters the CQL names: the driver refuses a name it has no marker for.
      parameter
          .getName()
          .filter(name -> names.contains(name.toLowerCase(Locale.ROOT)))
          .ifPresent(name -> byName.put(name, value));
    }
    expressions.forEach((name, expression) -> byName.put(name, expression.evaluate(context)));
    return byName;
  }
}
