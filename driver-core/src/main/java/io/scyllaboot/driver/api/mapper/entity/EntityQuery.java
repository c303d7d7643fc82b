package io.scyllaboot.driver.api.mapper.entity;

import io.scyllaboot.driver.api.cql.SimpleStatement;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The CQL of an entity's statement, as an {@link EntityHelper} starts it, to be completed with
 * relations, conditions and options, then prepared ({@code session.prepare(query.asCql())}) or
 * built. Immutable: each method returns a new query. Terms are CQL text: {@link #bindMarker()},
 * {@link #bindMarker(String)}, or a literal as CQL writes it.
 */
public final class EntityQuery {
  enum Kind {
    SELECT,
    INSERT,
    UPDATE,
    DELETE
  }

  private final Kind kind;
  private final String table;
  private final String columns;
  private final List<String> where;
  private final List<String> conditions;
  private final boolean ifExists;
  private final boolean ifNotExists;
  private final @Nullable String ttl;
  private final @Nullable String timestamp;
  private final @Nullable String limit;
  private final boolean allowFiltering;

  private EntityQuery(
      Kind kind,
      String table,
      String columns,
      List<String> where,
      List<String> conditions,
      boolean ifExists,
      boolean ifNotExists,
      @Nullable String ttl,
      @Nullable String timestamp,
      @Nullable String limit,
      boolean allowFiltering) {
    this.kind = kind;
    this.table = table;
    this.columns = columns;
    this.where = List.copyOf(where);
    this.conditions = List.copyOf(conditions);
    this.ifExists = ifExists;
    this.ifNotExists = ifNotExists;
    this.ttl = ttl;
    this.timestamp = timestamp;
    this.limit = limit;
    this.allowFiltering = allowFiltering;
  }

  /**
   * A query of one kind on a table: {@code columns} is the selection ({@code SELECT}), the column
   * list ({@code INSERT}, each bound from a named marker of its name), the assignments ({@code
   * UPDATE}) or empty ({@code DELETE}).
   */
  static EntityQuery start(Kind kind, String table, String columns) {
    return new EntityQuery(
        kind, table, columns, List.of(), List.of(), false, false, null, null, null, false);
  }

  /** A positional bind marker, {@code ?}. */
  public static String bindMarker() {
    return "?";
  }

  /** A named bind marker, {@code :name}. */
  public static String bindMarker(String name) {
    return ":" + Objects.requireNonNull(name, "name");
  }

  /** A relation on a column, in the WHERE clause. */
  public Relation whereColumn(String column) {
    return new Relation(column, false);
  }

  /** A relation written out ({@code "k = ?"}), in the WHERE clause. */
  public EntityQuery whereRaw(String relation) {
    return with(append(where, relation), conditions);
  }

  /** A condition on a column, in the IF clause (a lightweight transaction). */
  public Relation ifColumn(String column) {
    return new Relation(column, true);
  }

  /** A condition written out ({@code "v = ?"}), in the IF clause. */
  public EntityQuery ifRaw(String condition) {
    return with(where, append(conditions, condition));
  }

  /** {@code IF EXISTS} (an update or a delete). */
  public EntityQuery ifExists() {
    return new EntityQuery(
        kind,
        table,
        columns,
        where,
        conditions,
        true,
        ifNotExists,
        ttl,
        timestamp,
        limit,
        allowFiltering);
  }

  /** {@code IF NOT EXISTS} (an insert). */
  public EntityQuery ifNotExists() {
    return new EntityQuery(
        kind,
        table,
        columns,
        where,
        conditions,
        ifExists,
        true,
        ttl,
        timestamp,
        limit,
        allowFiltering);
  }

  /** {@code USING TTL}: a number of seconds, or a marker. */
  public EntityQuery usingTtl(Object ttl) {
    return new EntityQuery(
        kind,
        table,
        columns,
        where,
        conditions,
        ifExists,
        ifNotExists,
        String.valueOf(ttl),
        timestamp,
        limit,
        allowFiltering);
  }

  /** {@code USING TIMESTAMP}: microseconds, or a marker. */
  public EntityQuery usingTimestamp(Object timestamp) {
    return new EntityQuery(
        kind,
        table,
        columns,
        where,
        conditions,
        ifExists,
        ifNotExists,
        ttl,
        String.valueOf(timestamp),
        limit,
        allowFiltering);
  }

  /** {@code LIMIT}: a number, or a marker. */
  public EntityQuery limit(Object limit) {
    return new EntityQuery(
        kind,
        table,
        columns,
        where,
        conditions,
        ifExists,
        ifNotExists,
        ttl,
        timestamp,
        String.valueOf(limit),
        allowFiltering);
  }

  /** {@code ALLOW FILTERING} (a select). */
  public EntityQuery allowFiltering() {
    return new EntityQuery(
        kind,
        table,
        columns,
        where,
        conditions,
        ifExists,
        ifNotExists,
        ttl,
        timestamp,
        limit,
        true);
  }

  /** The statement of this query, with values for its markers. */
  public SimpleStatement build(Object... values) {
    return SimpleStatement.of(asCql(), values);
  }

  /** The CQL text. */
  public String asCql() {
    StringBuilder cql = new StringBuilder(64);
    switch (kind) {
      case SELECT -> cql.append("SELECT ").append(columns).append(" FROM ").append(table);
      case INSERT -> {
        cql.append("INSERT INTO ").append(table).append(" (").append(columns).append(") VALUES (");
        String[] names = columns.split(",");
        for (int i = 0; i < names.length; i++) {
          cql.append(i == 0 ? ":" : ",:").append(markerName(names[i]));
        }
        cql.append(')');
        if (ifNotExists) {
          cql.append(" IF NOT EXISTS");
        }
        using(cql);
      }
      case UPDATE -> {
        cql.append("UPDATE ").append(table);
        using(cql);
        cql.append(" SET ").append(columns);
      }
      case DELETE -> {
        cql.append("DELETE FROM ").append(table);
        if (timestamp != null) {
          cql.append(" USING TIMESTAMP ").append(timestamp);
        }
      }
    }
    if (!where.isEmpty()) {
      cql.append(" WHERE ").append(String.join(" AND ", where));
    }
    if (kind == Kind.SELECT) {
      if (limit != null) {
        cql.append(" LIMIT ").append(limit);
      }
      if (allowFiltering) {
        cql.append(" ALLOW FILTERING");
      }
    }
    if (ifExists) {
      cql.append(" IF EXISTS");
    } else if (!conditions.isEmpty()) {
      cql.append(" IF ").append(String.join(" AND ", conditions));
    }
    return cql.toString();
  }

  @Override
  public String toString() {
    return asCql();
  }

  private void using(StringBuilder cql) {
    if (ttl != null && timestamp != null) {
      cql.append(" USING TTL ").append(ttl).append(" AND TIMESTAMP ").append(timestamp);
    } else if (ttl != null) {
      cql.append(" USING TTL ").append(ttl);
    } else if (timestamp != null) {
      cql.append(" USING TIMESTAMP ").append(timestamp);
    }
  }

  /** A column's marker: its name as CQL writes it (a case-sensitive name keeps its quotes). */
  private static String markerName(String column) {
    return column.trim();
  }

  private EntityQuery with(List<String> newWhere, List<String> newConditions) {
    return new EntityQuery(
        kind,
        table,
        columns,
        newWhere,
        newConditions,
        ifExists,
        ifNotExists,
        ttl,
        timestamp,
        limit,
        allowFiltering);
  }

  private static List<String> append(List<String> list, String element) {
    List<String> copy = new ArrayList<>(list);
    copy.add(Objects.requireNonNull(element, "relation"));
    return copy;
  }

  /** A column awaiting its operator and term. */
  public final class Relation {
    private final String column;
    private final boolean condition;

    private Relation(String column, boolean condition) {
      this.column = Objects.requireNonNull(column, "column");
      this.condition = condition;
    }

    public EntityQuery isEqualTo(String term) {
      return add("=", term);
    }

    public EntityQuery isNotEqualTo(String term) {
      return add("!=", term);
    }

    public EntityQuery isLessThan(String term) {
      return add("<", term);
    }

    public EntityQuery isLessThanOrEqualTo(String term) {
      return add("<=", term);
    }

    public EntityQuery isGreaterThan(String term) {
      return add(">", term);
    }

    public EntityQuery isGreaterThanOrEqualTo(String term) {
      return add(">=", term);
    }

    /** {@code IN}: a marker, or a parenthesized list of terms. */
    public EntityQuery in(String term) {
      return add("IN", term);
    }

    private EntityQuery add(String operator, String term) {
      String relation = column + " " + operator + " " + Objects.requireNonNull(term, "term");
      return condition
          ? with(where, append(conditions, relation))
          : with(append(where, relation), conditions);
    }
  }
}
