package io.scyllaboot.spring.repository.query;

import io.scyllaboot.spring.core.DeleteOptions;
import io.scyllaboot.spring.mapping.ScyllaPersistentEntity;
import io.scyllaboot.spring.mapping.ScyllaPersistentProperty;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.data.domain.Limit;
import org.springframework.data.domain.Sort;
import org.springframework.data.repository.query.ParameterAccessor;
import org.springframework.data.repository.query.ParametersParameterAccessor;
import org.springframework.data.repository.query.RepositoryQuery;
import org.springframework.data.repository.query.parser.Part;
import org.springframework.data.repository.query.parser.PartTree;

/**
 * A query derived from a method name ({@code findBySensorAndDayAndSeqGreaterThan}): CQL built and
 * checked once, at start-up. Predicates are limited to what the server runs without ALLOW FILTERING
 * ({@link FilteringCheck}: key columns, and columns whose index serves the operator, read from the
 * server's schema); anything else is logged at start-up as a warning naming the method and the
 * column (and the server refuses it when it runs, as in Spring Data Cassandra), or fails start-up
 * with {@link DerivedQueryCheck#FAIL}, unless the method is annotated {@code @AllowFiltering}.
 */
final class DerivedQuery implements RepositoryQuery {
  private static final Log logger = LogFactory.getLog(DerivedQuery.class);
  private final ScyllaQueryMethod method;
  private final QueryRunner runner;
  private final String cql;
  private final QueryRunner.Shape shape;
  private final List<Part> parts = new ArrayList<>();
  private final List<ScyllaPersistentProperty> partProperties = new ArrayList<>();
  private final List<String> likeColumns = new ArrayList<>();
  private final ScyllaPersistentEntity<?> entity;
  private final boolean dynamic; // a Sort, Pageable or Limit parameter may change the CQL per call
  private String selectHead;
  private Sort staticSort = Sort.unsorted();
  private Integer staticLimit;
  private boolean allowFiltering;

  DerivedQuery(ScyllaQueryMethod method, ScyllaPersistentEntity<?> entity, QueryRunner runner) {
    this(method, entity, runner, new TableSchemas(null), DerivedQueryCheck.WARN);
  }

  /**
   * A derived query whose start-up check knows the table's indexes from {@code schemas} and treats
   * a query the server would filter as {@code check} says.
   */
  DerivedQuery(
      ScyllaQueryMethod method,
      ScyllaPersistentEntity<?> entity,
      QueryRunner runner,
      TableSchemas schemas,
      DerivedQueryCheck check) {
    this.method = method;
    this.runner = runner;
    this.entity = entity;
    if (method.isPageQuery()) {
      throw invalid(
          "a Page needs the count of every matching row, which CQL cannot give without a scan:"
              + " use Slice (paged by the server's paging state) instead");
    }
    PartTree tree = new PartTree(method.getName(), entity.getType());
    Iterator<PartTree.OrPart> ors = tree.iterator();
    if (ors.hasNext()) {
      ors.next().forEach(parts::add);
      if (ors.hasNext()) {
        throw invalid("CQL has no OR: split the method into one query per alternative");
      }
    }
    this.dynamic =
        method.getParameters().hasSortParameter()
            || method.getParameters().hasPageableParameter()
            || method.getParameters().hasLimitParameter();
    List<String> predicates = new ArrayList<>();
    List<FilteringCheck.Restriction> restrictions = new ArrayList<>();
    for (Part part : parts) {
      if (part.shouldIgnoreCase() != Part.IgnoreCaseType.NEVER) {
        throw invalid(
            "CQL cannot compare ignoring case ("
                + part.getProperty().toDotPath()
                + "): store a lower-cased copy of the column and query that");
      }
      ScyllaPersistentProperty property = column(part.getProperty().toDotPath());
      partProperties.add(property);
      String column = property.getCqlName();
      predicates.add(column + operator(part));
      if (isLike(part)) {
        likeColumns.add(column);
      }
      restrictions.add(new FilteringCheck.Restriction(property, part.getType()));
    }
    FilteringCheck.Verdict verdict =
        new FilteringCheck(entity, () -> schemas.table(entity)).check(restrictions);
    boolean filters = !verdict.reasons().isEmpty();
    if (filters && !method.allowsFiltering()) {
      String reasons =
          String.join("; ", verdict.reasons())
              + ": the server would need ALLOW FILTERING (a scan). Query by key columns or indexed"
              + " columns, or annotate the method with @AllowFiltering to accept the scan";
      if (check == DerivedQueryCheck.FAIL) {
        throw invalid(reasons);
      }
      // Spring Data Cassandra checks nothing here: the index may be created after start-up, and
      // the server refuses the query when it runs if it is still missing.
      logger.warn(
          "Repository method "
              + method.describe()
              + ": "
              + reasons
              + ". The query is sent as derived; the server refuses it if no index serves it when"
              + " it runs (set "
              + DerivedQueryCheck.PROPERTY
              + "=fail to fail start-up instead)");
    }
    boolean needsFiltering = filters && method.allowsFiltering();
    if (needsFiltering && verdict.scansTable()) {
      logger.warn(
          "Repository method "
              + method.describe()
              + " reads every partition of "
              + entity.getTableName()
              + " (@AllowFiltering, no partition key): "
              + String.join("; ", verdict.reasons()));
    }
    if (tree.getSort().isSorted()
        && parts.stream()
            .anyMatch(
                part ->
                    part.getType() == Part.Type.IN
                        && entity
                            .getPartitionKey()
                            .contains(column(part.getProperty().toDotPath())))) {
      throw invalid(
          "the server refuses ORDER BY with IN on the partition key when it pages (it would have"
              + " to merge the partitions): query each partition, or sort the rows yourself");
    }
    String where = predicates.isEmpty() ? "" : " WHERE " + String.join(" AND ", predicates);
    String table = entity.getQualifiedTableName();
    if (tree.isDelete()) {
      shape = QueryRunner.Shape.DELETE;
      QueryRunner.checkWriteReturnType(method);
      cql = "DELETE FROM " + table + where;
    } else if (tree.isCountProjection()) {
      shape = QueryRunner.Shape.COUNT;
      cql = "SELECT COUNT(*) FROM " + table + where + (needsFiltering ? " ALLOW FILTERING" : "");
    } else if (tree.isExistsProjection()) {
      shape = QueryRunner.Shape.EXISTS;
      cql =
          "SELECT "
              + entity.getPartitionKey().get(0).getCqlName()
              + " FROM "
              + table
              + where
              + " LIMIT 1"
              + (needsFiltering ? " ALLOW FILTERING" : "");
    } else {
      shape = QueryRunner.Shape.ROWS;
      String columns =
          entity.getColumns().stream()
              .map(ScyllaPersistentProperty::getCqlName)
              .collect(Collectors.joining(", "));
      selectHead = "SELECT " + columns + " FROM " + table + where;
      staticSort = tree.getSort();
      staticLimit = tree.isLimiting() ? tree.getMaxResults() : null;
      allowFiltering = needsFiltering;
      cql = select(staticSort, staticLimit);
    }
  }

  /** The column a criterion names: a property, or {@code key.column} of a primary key class. */
  private ScyllaPersistentProperty column(String dotPath) {
    ScyllaPersistentProperty property = entity.getColumnProperty(dotPath);
    if (property == null || property == entity.getKeyClassProperty()) {
      throw invalid(
          "'"
              + dotPath
              + "' is not a column of "
              + entity.getTableName()
              + (property == null ? "" : ": name a column of the key class, e.g. key.id"));
    }
    return property;
  }

  /** The SELECT with an ORDER BY (clustering columns only) and a LIMIT, if any. */
  private String select(Sort sort, Integer limit) {
    StringBuilder select = new StringBuilder(selectHead);
    appendOrder(select, sort, entity);
    if (limit != null) {
      select.append(" LIMIT ").append(limit);
    }
    if (allowFiltering) {
      select.append(" ALLOW FILTERING");
    }
    return select.toString();
  }

  private void appendOrder(StringBuilder select, Sort sort, ScyllaPersistentEntity<?> entity) {
    if (sort.isUnsorted()) {
      return;
    }
    List<String> orders = new ArrayList<>();
    for (Sort.Order order : sort) {
      ScyllaPersistentProperty property = entity.getColumnProperty(order.getProperty());
      if (property == null || !property.isClusteringColumn()) {
        throw new IllegalArgumentException(
            "Repository method "
                + method.describe()
                + ": CQL orders only by clustering columns, and '"
                + (property == null ? order.getProperty() : property.getCqlName())
                + "' is not one");
      }
      orders.add(property.getCqlName() + (order.isAscending() ? " ASC" : " DESC"));
    }
    select.append(" ORDER BY ").append(String.join(", ", orders));
  }

  private boolean isLike(Part part) {
    return switch (part.getType()) {
      case STARTING_WITH, ENDING_WITH, LIKE -> true;
      // The column's own type: PropertyPath.getType() is a collection's element type.
      case CONTAINING -> {
        ScyllaPersistentProperty column = column(part.getProperty().toDotPath());
        yield !column.isCollectionLike() && !column.isMap() && column.getType() == String.class;
      }
      default -> false;
    };
  }

  private String column(Part part) {
    return entity.getRequiredPersistentProperty(part.getProperty().getSegment()).getCqlName();
  }

  private String operator(Part part) {
    return switch (part.getType()) {
      case SIMPLE_PROPERTY -> " = ?";
      case GREATER_THAN, AFTER -> " > ?";
      case GREATER_THAN_EQUAL -> " >= ?";
      case LESS_THAN, BEFORE -> " < ?";
      case LESS_THAN_EQUAL -> " <= ?";
      case IN -> " IN ?";
      // On a collection CONTAINS; on a text column a LIKE '%x%', as in Spring Data Cassandra.
      case CONTAINING -> isLike(part) ? " LIKE ?" : " CONTAINS ?";
      // Exclusive bounds, as Spring Data Cassandra's Between with two values.
      case BETWEEN -> " > ? AND " + column(part) + " < ?";
      // Bound as a pattern (prefix%, %suffix, %part%, or as given); the server needs a LIKE-capable
      // index (SASI on Cassandra) or, on ScyllaDB, ALLOW FILTERING.
      case STARTING_WITH, ENDING_WITH, LIKE -> " LIKE ?";
      case TRUE -> " = true";
      case FALSE -> " = false";
      default ->
          throw new IllegalStateException(
              "a derived query cannot express "
                  + part.getType()
                  + " in CQL (on "
                  + part.getProperty()
                  + ")");
    };
  }

  private IllegalStateException invalid(String why) {
    return new IllegalStateException("Repository method " + method.describe() + ": " + why);
  }

  String cql() {
    return cql;
  }

  /** The CQL of one call: the method's, or with the call's Sort / Pageable sort / Limit applied. */
  String cqlFor(Object[] parameters) {
    return cqlFor(new ParametersParameterAccessor(method.getParameters(), parameters));
  }

  private String cqlFor(ParameterAccessor accessor) {
    if (!dynamic || shape != QueryRunner.Shape.ROWS) {
      return cql;
    }
    Sort sort = accessor.getSort();
    // A Pageable pages by the server's paging state: its size is a page size, never a LIMIT.
    // Nor is a window's Limit: it is the window's page size.
    Limit limit =
        method.getParameters().hasLimitParameter() && !method.isScrollQuery()
            ? accessor.getLimit()
            : Limit.unlimited();
    if (sort.isUnsorted() && limit.isUnlimited()) {
      return cql;
    }
    Integer max = staticLimit;
    if (limit.isLimited() && (max == null || limit.max() < max)) {
      max = limit.max();
    }
    return select(staticSort.and(sort), max);
  }

  @Override
  public Object execute(Object[] parameters) {
    ScyllaParameterAccessor accessor =
        new ScyllaParameterAccessor(method.getParameters(), parameters);
    List<Object> values = new ArrayList<>();
    Iterator<Object> bindable = accessor.iterator();
    for (int p = 0; p < parts.size(); p++) {
      Part part = parts.get(p);
      for (int i = 0; i < part.getNumberOfArguments(); i++) {
        // Converted when bound (QueryRunner), as property values are: custom conversions apply.
        Object value = bindable.next();
        values.add(isLike(part) ? pattern(part.getType(), value) : declared(part, p, value));
      }
    }
    String cql = cqlFor(accessor);
    if (shape == QueryRunner.Shape.DELETE
        && accessor.getOptions() instanceof DeleteOptions options) {
      // As Spring Data Cassandra's derived deletes: the delete options' condition, bound.
      if (options.getIfCondition() != null) {
        cql += " IF " + options.getIfCondition().cql();
        Collections.addAll(values, options.getIfCondition().values());
      } else if (options.isIfExists()) {
        cql += " IF EXISTS";
      }
    }
    try {
      return runner.run(cql, values.toArray(), shape, accessor);
    } catch (RuntimeException e) {
      if (!likeColumns.isEmpty() && mentions(e, "LIKE restriction is only supported")) {
        throw new LikeNotSupportedException(method.describe(), likeColumns, e);
      }
      throw e;
    }
  }

  /** An argument compared with a {@code @CqlType} column, as that type (each of an IN list). */
  private Object declared(Part part, int index, Object value) {
    ScyllaPersistentProperty property = partProperties.get(index);
    if (property.getCqlType() == null || value == null) {
      return value;
    }
    return switch (part.getType()) {
      case IN, NOT_IN -> runner.converter().convertWriteEach(property, value);
      case CONTAINING, NOT_CONTAINING -> value;
      default -> runner.converter().convertWrite(property, value);
    };
  }

  /** The LIKE pattern of a StartingWith/EndingWith/Containing/Like argument. */
  private Object pattern(Part.Type type, Object value) {
    if (!(value instanceof String text)) {
      throw new IllegalArgumentException(
          "Repository method " + method.describe() + ": " + type + " needs a String, got " + value);
    }
    return switch (type) {
      case STARTING_WITH -> text + "%";
      case ENDING_WITH -> "%" + text;
      case CONTAINING -> "%" + text + "%";
      default -> text;
    };
  }

  private static boolean mentions(Throwable error, String text) {
    for (Throwable t = error; t != null; t = t.getCause()) {
      if (t.getMessage() != null && t.getMessage().contains(text)) {
        return true;
      }
    }
    return false;
  }

  @Override
  public ScyllaQueryMethod getQueryMethod() {
    return method;
  }
}
