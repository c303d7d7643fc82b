package io.scyllaboot.spring.repository.query;

import io.scyllaboot.spring.repository.Query;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import org.springframework.data.repository.query.Parameter;
import org.springframework.data.repository.query.ParameterAccessor;
import org.springframework.data.repository.query.RepositoryQuery;
import org.springframework.data.repository.query.ValueExpressionDelegate;

/**
 * A method's {@code @Query} CQL. {@code ?0}-style markers are rewritten to {@code ?} with the
 * arguments reordered to match; {@code :name} markers bind by name; plain {@code ?} bind in order.
 * SpEL ({@code :#{[0]}}, {@code ?#{...}}) is evaluated per call and bound like a parameter ({@link
 * QueryExpressions}).
 */
final class AnnotatedQuery implements RepositoryQuery {
  private static final Pattern INDEXED = Pattern.compile("\\?(\\d+)");
  private static final Pattern NAMED = Pattern.compile("(?<![:\\w]):([A-Za-z_][A-Za-z0-9_]*)");

  private final ScyllaQueryMethod method;
  private final QueryRunner runner;
  private final String cql;
  private final int[] order; // argument index per marker, for ?N queries; null otherwise
  private final boolean named;
  private final QueryRunner.Shape shape;

  private final @Nullable QueryExpressions expressions;

  AnnotatedQuery(ScyllaQueryMethod method, QueryRunner runner) {
    this(method, runner, null);
  }

  /**
   * @param delegate evaluates SpEL ({@code :#{...}}, {@code ?#{...}}) in the query, or null to send
   *     the CQL as written
   */
  AnnotatedQuery(
      ScyllaQueryMethod method, QueryRunner runner, @Nullable ValueExpressionDelegate delegate) {
    this.method = method;
    this.runner = runner;
    if (method.isPageQuery()) {
      throw invalid(
          "a Page needs the count of every matching row, which CQL cannot give without a scan:"
              + " use Slice (paged by the server's paging state) instead");
    }
    // A window's Limit is its page size, not a LIMIT.
    if (method.getParameters().hasSortParameter()
        || (method.getParameters().hasLimitParameter() && !method.isScrollQuery())) {
      throw invalid(
          "a Sort or Limit parameter cannot change a @Query's CQL: write ORDER BY (on clustering"
              + " columns) and LIMIT in the CQL itself");
    }
    this.expressions = QueryExpressions.parse(method, delegate);
    String query = expressions == null ? method.getAnnotatedQuery() : expressions.cql();
    Matcher indexed = INDEXED.matcher(query);
    List<Integer> positions = new ArrayList<>();
    StringBuilder rewritten = new StringBuilder();
    while (indexed.find()) {
      positions.add(Integer.parseInt(indexed.group(1)));
      indexed.appendReplacement(rewritten, "?");
    }
    indexed.appendTail(rewritten);
    this.cql = rewritten.toString();
    this.order =
        positions.isEmpty() ? null : positions.stream().mapToInt(Integer::intValue).toArray();
    this.named = expressions == null && order == null && NAMED.matcher(query).find();
    this.shape = shape(method.getQueryAnnotation());
    if (shape == QueryRunner.Shape.DELETE) {
      QueryRunner.checkWriteReturnType(method);
    }
  }

  private IllegalStateException invalid(String why) {
    return new IllegalStateException("Repository method " + method.describe() + ": " + why);
  }

  @Override
  public Object execute(Object[] parameters) {
    ParameterAccessor accessor = new ScyllaParameterAccessor(method.getParameters(), parameters);
    if (accessor.getPageable().getSort().isSorted()) {
      throw new IllegalArgumentException(
          "Repository method "
              + method.describe()
              + ": the Pageable's sort cannot change a @Query's CQL: write ORDER BY in the CQL");
    }
    List<Object> bindable = new ArrayList<>();
    accessor.iterator().forEachRemaining(bindable::add);
    Object values;
    if (expressions != null) {
      return runner.run(cql, expressions, bindable, parameters, shape, accessor);
    }
    if (named) {
      Map<String, Object> byName = new LinkedHashMap<>();
      int i = 0;
      for (Parameter parameter : method.getParameters().getBindableParameters()) {
        String name =
            parameter
                .getName()
                .orElseThrow(
                    () ->
                        new IllegalStateException(
                            method.describe()
                                + ": parameter names are not available; compile with -parameters or use @Param"));
        byName.put(name, bindable.get(i++));
      }
      values = byName;
    } else if (order != null) {
      Object[] reordered = new Object[order.length];
      for (int i = 0; i < order.length; i++) {
        reordered[i] = bindable.get(order[i]);
      }
      values = reordered;
    } else {
      values = bindable.toArray();
    }
    return runner.run(cql, values, shape, accessor);
  }

  private QueryRunner.Shape shape(Query annotation) {
    // A named query has no annotation: neither count nor exists.
    Query query = annotation != null ? annotation : Defaults.QUERY;
    if (query.count() && query.exists()) {
      throw invalid("@Query cannot be both count and exists");
    }
    if (query.count() || query.exists()) {
      Class<?> returned = method.getReturnedObjectType();
      boolean fits =
          query.count()
              ? isNumber(returned)
              : returned == boolean.class || returned == Boolean.class;
      if (!fits) {
        throw invalid(
            "a @Query("
                + (query.count() ? "count" : "exists")
                + " = true) method returns "
                + (query.count() ? "long or int" : "boolean")
                + ", not "
                + returned.getName());
      }
      return query.count() ? QueryRunner.Shape.COUNT : QueryRunner.Shape.EXISTS;
    }
    if (cql.trim().regionMatches(true, 0, "SELECT COUNT", 0, 12)
        && isNumber(method.getReturnedObjectType())) {
      return QueryRunner.Shape.COUNT;
    }
    return cql.trim().regionMatches(true, 0, "SELECT", 0, 6)
        ? QueryRunner.Shape.ROWS
        : QueryRunner.Shape.DELETE;
  }

  private static boolean isNumber(Class<?> type) {
    return type == long.class || type == Long.class || type == int.class || type == Integer.class;
  }

  /** The attributes of a {@code @Query} without any set. */
  private static final class Defaults {
    @Query("")
    private static void query() {}

    static final Query QUERY;

    static {
      try {
        QUERY = Defaults.class.getDeclaredMethod("query").getAnnotation(Query.class);
      } catch (NoSuchMethodException e) {
        throw new ExceptionInInitializerError(e);
      }
    }
  }

  @Override
  public ScyllaQueryMethod getQueryMethod() {
    return method;
  }
}
