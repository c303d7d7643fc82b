package io.scyllaboot.spring.repository.query;

import io.scyllaboot.spring.mapping.ScyllaPersistentEntity;
import io.scyllaboot.spring.mapping.ScyllaPersistentProperty;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.Sort;
import org.springframework.data.repository.query.ParameterAccessor;
import org.springframework.data.repository.query.ParametersParameterAccessor;
import org.springframework.data.repository.query.RepositoryQuery;
import org.springframework.data.repository.query.parser.Part;
import org.springframework.data.repository.query.parser.PartTree;

/**
 * A query derived from a method name ({@code findBySensorAndDayAndSeqGreaterThan}): CQL built and
 * checked once, at start-up. Predicates are limited to what CQL runs without scanning: every
 * partition key column with = or IN, then clustering columns; anything else fails start-up with a
 * message naming the method and the column, unless the method is annotated {@code @AllowFiltering}.
 */
final class DerivedQuery implements RepositoryQuery {
  private final ScyllaQueryMethod method;
  private final QueryRunner runner;
  private final String cql;
  private final QueryRunner.Shape shape;
  private final List<Part> parts = new ArrayList<>();

  DerivedQuery(ScyllaQueryMethod method, ScyllaPersistentEntity<?> entity, QueryRunner runner) {
    this.method = method;
    this.runner = runner;
    PartTree tree = new PartTree(method.getName(), entity.getType());
    Iterator<PartTree.OrPart> ors = tree.iterator();
    if (ors.hasNext()) {
      ors.next().forEach(parts::add);
      if (ors.hasNext()) {
        throw invalid("CQL has no OR: split the method into one query per alternative");
      }
    }
    List<String> predicates = new ArrayList<>();
    Set<ScyllaPersistentProperty> restricted = new java.util.HashSet<>();
    boolean needsFiltering = false;
    for (Part part : parts) {
      ScyllaPersistentProperty property =
          entity.getRequiredPersistentProperty(part.getProperty().getSegment());
      String column = property.getColumnName();
      predicates.add(column + operator(part));
      boolean equality =
          part.getType() == Part.Type.SIMPLE_PROPERTY || part.getType() == Part.Type.IN;
      if (property.isPartitionKey() && equality) {
        restricted.add(property);
      } else if (!property.isClusteringColumn()) {
        needsFiltering = true;
        if (!method.allowsFiltering()) {
          throw invalid(
              "column '"
                  + column
                  + "' is not part of the primary key of "
                  + entity.getTableName()
                  + ": the server would need ALLOW FILTERING (a scan). Query by key columns, or"
                  + " annotate the method with @AllowFiltering to accept the scan");
        }
      }
    }
    if (!parts.isEmpty() && !restricted.containsAll(entity.getPartitionKey())) {
      needsFiltering = true;
      if (!method.allowsFiltering()) {
        throw invalid(
            "it does not restrict every partition key column of "
                + entity.getTableName()
                + " "
                + entity.getPartitionKey().stream()
                    .map(ScyllaPersistentProperty::getColumnName)
                    .toList()
                + " with = or In: the server would need ALLOW FILTERING. Add them, or annotate the"
                + " method with @AllowFiltering");
      }
    }
    String where = predicates.isEmpty() ? "" : " WHERE " + String.join(" AND ", predicates);
    String table = entity.getTableName();
    if (tree.isDelete()) {
      shape = QueryRunner.Shape.DELETE;
      cql = "DELETE FROM " + table + where;
    } else if (tree.isCountProjection()) {
      shape = QueryRunner.Shape.COUNT;
      cql = "SELECT COUNT(*) FROM " + table + where + (needsFiltering ? " ALLOW FILTERING" : "");
    } else if (tree.isExistsProjection()) {
      shape = QueryRunner.Shape.EXISTS;
      cql =
          "SELECT "
              + entity.getPartitionKey().get(0).getColumnName()
              + " FROM "
              + table
              + where
              + " LIMIT 1"
              + (needsFiltering ? " ALLOW FILTERING" : "");
    } else {
      shape = QueryRunner.Shape.ROWS;
      String columns =
          entity.getColumns().stream()
              .map(ScyllaPersistentProperty::getColumnName)
              .collect(Collectors.joining(", "));
      StringBuilder select =
          new StringBuilder("SELECT ").append(columns).append(" FROM ").append(table).append(where);
      appendOrder(select, tree.getSort(), entity);
      if (tree.isLimiting()) {
        select.append(" LIMIT ").append(tree.getMaxResults());
      }
      if (needsFiltering) {
        select.append(" ALLOW FILTERING");
      }
      cql = select.toString();
    }
  }

  private void appendOrder(StringBuilder select, Sort sort, ScyllaPersistentEntity<?> entity) {
    if (sort.isUnsorted()) {
      return;
    }
    List<String> orders = new ArrayList<>();
    for (Sort.Order order : sort) {
      ScyllaPersistentProperty property = entity.getRequiredPersistentProperty(order.getProperty());
      if (!property.isClusteringColumn()) {
        throw invalid(
            "CQL orders only by clustering columns, and '"
                + property.getColumnName()
                + "' is not one");
      }
      orders.add(property.getColumnName() + (order.isAscending() ? " ASC" : " DESC"));
    }
    select.append(" ORDER BY ").append(String.join(", ", orders));
  }

  private static String operator(Part part) {
    return switch (part.getType()) {
      case SIMPLE_PROPERTY -> " = ?";
      case GREATER_THAN, AFTER -> " > ?";
      case GREATER_THAN_EQUAL -> " >= ?";
      case LESS_THAN, BEFORE -> " < ?";
      case LESS_THAN_EQUAL -> " <= ?";
      case IN -> " IN ?";
      case CONTAINING -> " CONTAINS ?";
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

  @Override
  public Object execute(Object[] parameters) {
    ParameterAccessor accessor =
        new ParametersParameterAccessor(method.getParameters(), parameters);
    List<Object> values = new ArrayList<>();
    Iterator<Object> bindable = accessor.iterator();
    for (Part part : parts) {
      for (int i = 0; i < part.getNumberOfArguments(); i++) {
        Object value = bindable.next();
        values.add(value instanceof Enum<?> e ? e.name() : value);
      }
    }
    Pageable pageable = accessor.getPageable();
    return runner.run(cql, values.toArray(), shape, pageable);
  }

  @Override
  public ScyllaQueryMethod getQueryMethod() {
    return method;
  }
}
