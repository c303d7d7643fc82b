package io.scyllaboot.spring.core;

import io.scyllaboot.driver.api.cql.StatementOptions;
import io.scyllaboot.spring.core.query.Columns;
import io.scyllaboot.spring.core.query.Criteria;
import io.scyllaboot.spring.core.query.Query;
import io.scyllaboot.spring.core.query.Update;
import io.scyllaboot.spring.mapping.ScyllaEntityConverter;
import io.scyllaboot.spring.mapping.ScyllaPersistentEntity;
import io.scyllaboot.spring.mapping.ScyllaPersistentProperty;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import org.springframework.data.domain.Sort;

/**
 * Renders {@link Query} and {@link Update} objects to CQL for an entity's table: names resolved to
 * columns (entity properties first, then column names), every value a bind marker (also {@code IN}
 * lists, {@code LIMIT}, TTL, list indexes and map keys). Shared by the blocking, async and reactive
 * templates; not for applications.
 */
public final class QueryRenderer {
  private final ScyllaEntityConverter converter;
  private final @Nullable String table;

  public QueryRenderer(ScyllaEntityConverter converter) {
    this(converter, null);
  }

  private QueryRenderer(ScyllaEntityConverter converter, @Nullable String table) {
    this.converter = converter;
    this.table = table;
  }

  /**
   * A renderer of the same statements against another table of the entity's shape (the fluent API's
   * {@code inTable}), not the entity's own.
   */
  public QueryRenderer inTable(String table) {
    if (Objects.requireNonNull(table, "table").isBlank()) {
      throw new IllegalArgumentException("table must not be blank");
    }
    return new QueryRenderer(converter, table);
  }

  private String table(ScyllaPersistentEntity<?> entity) {
    return table != null ? table : entity.getQualifiedTableName();
  }

  /** {@code SELECT columns FROM table WHERE ... ORDER BY ... LIMIT ? ALLOW FILTERING}. */
  public QueryStatement select(Query query, ScyllaPersistentEntity<?> entity) {
    List<Object> values = new ArrayList<>();
    Columns columns = query.getColumns();
    String selected =
        columns.isEmpty()
            ? entity.getColumns().stream()
                .map(ScyllaPersistentProperty::getCqlName)
                .collect(Collectors.joining(", "))
            : columns.names().stream()
                .map(name -> property(entity, name).getCqlName())
                .collect(Collectors.joining(", "));
    StringBuilder cql = new StringBuilder("SELECT ").append(selected);
    from(cql, entity);
    where(cql, values, query, entity);
    orderBy(cql, query.getSort(), entity);
    limit(cql, values, query.getLimit());
    filtering(cql, query);
    return new QueryStatement(
        cql.toString(), values.toArray(), readOptions(query), !columns.isEmpty());
  }

  /** {@code SELECT COUNT(*) FROM table WHERE ... LIMIT ? ALLOW FILTERING}. */
  public QueryStatement count(Query query, ScyllaPersistentEntity<?> entity) {
    List<Object> values = new ArrayList<>();
    StringBuilder cql = new StringBuilder("SELECT COUNT(*)");
    from(cql, entity);
    where(cql, values, query, entity);
    limit(cql, values, query.getLimit());
    filtering(cql, query);
    return new QueryStatement(cql.toString(), values.toArray(), readOptions(query), false);
  }

  /** {@code SELECT key FROM table WHERE ... LIMIT 1 ALLOW FILTERING}: one row at most. */
  public QueryStatement exists(Query query, ScyllaPersistentEntity<?> entity) {
    List<Object> values = new ArrayList<>();
    StringBuilder cql =
        new StringBuilder("SELECT ").append(entity.getPrimaryKey().get(0).getCqlName());
    from(cql, entity);
    where(cql, values, query, entity);
    cql.append(" LIMIT 1");
    filtering(cql, query);
    return new QueryStatement(cql.toString(), values.toArray(), readOptions(query), false);
  }

  /**
   * {@code UPDATE table USING TTL ? SET ... WHERE ... IF EXISTS}.
   *
   * @throws IllegalArgumentException for an empty update or a query without criteria
   */
  public QueryStatement update(
      Query query, Update update, ScyllaPersistentEntity<?> entity, UpdateOptions options) {
    if (update.isEmpty()) {
      throw new IllegalArgumentException(
          "an Update of " + entity.getType().getName() + " needs at least one assignment");
    }
    requireCriteria(query, entity, "UPDATE");
    List<Object> values = new ArrayList<>();
    StringBuilder cql = new StringBuilder("UPDATE ").append(table(entity));
    if (options.getTtl() != null) {
      cql.append(" USING TTL ?");
      values.add((int) options.getTtl().getSeconds());
    }
    cql.append(" SET ");
    List<Update.Assignment> assignments = update.getAssignments();
    for (int i = 0; i < assignments.size(); i++) {
      cql.append(i == 0 ? "" : ", ");
      assign(cql, values, assignments.get(i), entity);
    }
    where(cql, values, query, entity);
    condition(cql, values, options.isIfExists(), options.ifConditionFor(entity, converter));
    return new QueryStatement(
        cql.toString(), values.toArray(), options.getStatementOptions(), false);
  }

  /**
   * {@code DELETE [columns] FROM table WHERE ... IF EXISTS}: the query's columns only, else rows.
   *
   * @throws IllegalArgumentException for a query without criteria
   */
  public QueryStatement delete(
      Query query, ScyllaPersistentEntity<?> entity, DeleteOptions options) {
    requireCriteria(query, entity, "DELETE");
    List<Object> values = new ArrayList<>();
    StringBuilder cql = new StringBuilder("DELETE");
    if (!query.getColumns().isEmpty()) {
      cql.append(' ')
          .append(
              query.getColumns().names().stream()
                  .map(name -> property(entity, name).getCqlName())
                  .collect(Collectors.joining(", ")));
    }
    from(cql, entity);
    where(cql, values, query, entity);
    condition(cql, values, options.isIfExists(), options.getIfCondition());
    return new QueryStatement(
        cql.toString(), values.toArray(), options.getStatementOptions(), false);
  }

  private static void requireCriteria(
      Query query, ScyllaPersistentEntity<?> entity, String statement) {
    if (query.getCriteria().isEmpty()) {
      throw new IllegalArgumentException(
          "a query-based "
              + statement
              + " of "
              + entity.getType().getName()
              + " needs criteria on its primary key "
              + entity.getPrimaryKey().stream().map(ScyllaPersistentProperty::getName).toList()
              + " (use truncate to remove every row)");
    }
  }

  private static StatementOptions readOptions(Query query) {
    StatementOptions options = query.getQueryOptions().getStatementOptions();
    return query.getPagingState() == null
        ? options
        : options.withPagingState(query.getPagingState());
  }

  private void from(StringBuilder cql, ScyllaPersistentEntity<?> entity) {
    cql.append(" FROM ").append(table(entity));
  }

  private void where(
      StringBuilder cql, List<Object> values, Query query, ScyllaPersistentEntity<?> entity) {
    criteria(cql, values, query.getCriteria(), entity, converter, " WHERE ", " AND ");
  }

  /** Criteria as {@code column op ?}, values converted as the properties' (WHERE and IF). */
  static void criteria(
      StringBuilder cql,
      List<Object> values,
      List<Criteria> criteria,
      ScyllaPersistentEntity<?> entity,
      ScyllaEntityConverter converter,
      String first,
      String next) {
    for (int i = 0; i < criteria.size(); i++) {
      Criteria each = criteria.get(i);
      ScyllaPersistentProperty property = property(entity, each.name());
      cql.append(i == 0 ? first : next)
          .append(property.getCqlName())
          .append(' ')
          .append(each.operator().cql())
          .append(" ?");
      values.add(
          switch (each.operator()) {
            // Elements and keys are converted as values of their own type.
            case IN -> converter.convertWriteEach(property, each.value());
            case CONTAINS, CONTAINS_KEY, LIKE -> converter.convertWrite(each.value());
            default -> converter.convertWrite(property, each.value());
          });
    }
  }

  private static void orderBy(StringBuilder cql, Sort sort, ScyllaPersistentEntity<?> entity) {
    String prefix = " ORDER BY ";
    for (Sort.Order order : sort) {
      cql.append(prefix)
          .append(property(entity, order.getProperty()).getCqlName())
          .append(order.isAscending() ? " ASC" : " DESC");
      prefix = ", ";
    }
  }

  private static void limit(StringBuilder cql, List<Object> values, int limit) {
    if (limit > 0) {
      cql.append(" LIMIT ?");
      values.add(limit);
    }
  }

  private static void filtering(StringBuilder cql, Query query) {
    if (query.isAllowFiltering()) {
      cql.append(" ALLOW FILTERING");
    }
  }

  private static void condition(
      StringBuilder cql, List<Object> values, boolean ifExists, @Nullable WriteCondition custom) {
    if (custom != null) {
      cql.append(" IF ").append(custom.cql());
      values.addAll(List.of(custom.values()));
    } else if (ifExists) {
      cql.append(" IF EXISTS");
    }
  }

  private void assign(
      StringBuilder cql,
      List<Object> values,
      Update.Assignment assignment,
      ScyllaPersistentEntity<?> entity) {
    ScyllaPersistentProperty property = property(entity, assignment.name());
    String column = property.getCqlName();
    switch (assignment.kind()) {
      case SET -> {
        cql.append(column).append(" = ?");
        values.add(converter.convertWrite(property, assignment.value()));
      }
      case SET_ELEMENT -> {
        cql.append(column).append("[?] = ?");
        values.add(converter.convertWrite(assignment.element()));
        values.add(converter.convertWrite(assignment.value()));
      }
      case ADD -> {
        cql.append(column).append(" = ").append(column).append(" + ?");
        values.add(collection(property, assignment.value(), false));
      }
      case PREPEND -> {
        cql.append(column).append(" = ? + ").append(column);
        values.add(collection(property, assignment.value(), false));
      }
      case REMOVE -> {
        cql.append(column).append(" = ").append(column).append(" - ?");
        values.add(collection(property, assignment.value(), true));
      }
    }
  }

  /**
   * A collection operand shaped as the column takes it: a set for a set column (and for the keys
   * removed from a map), a list for a list, a map for entries; a counter's delta as it is.
   */
  private Object collection(
      ScyllaPersistentProperty property, @Nullable Object value, boolean removal) {
    Class<?> type = property.getType();
    if (value instanceof Collection<?> elements
        && (Set.class.isAssignableFrom(type) || (removal && Map.class.isAssignableFrom(type)))) {
      return converter.convertWrite(new LinkedHashSet<>(elements));
    }
    return converter.convertWrite(value);
  }

  /**
   * The column a name means: an entity property ({@code key.seq} through a primary key class), else
   * a mapped column name.
   *
   * @throws IllegalArgumentException naming the entity and its columns when neither matches
   */
  static ScyllaPersistentProperty property(ScyllaPersistentEntity<?> entity, String name) {
    ScyllaPersistentProperty property = entity.getColumnProperty(name);
    if (property != null && entity.getColumns().contains(property)) {
      return property;
    }
    property = entity.getPropertyByColumn(name);
    if (property != null) {
      return property;
    }
    throw new IllegalArgumentException(
        entity.getType().getName()
            + " has no property or column '"
            + name
            + "'; its columns are "
            + entity.getColumns().stream().map(ScyllaPersistentProperty::getName).toList());
  }
}
