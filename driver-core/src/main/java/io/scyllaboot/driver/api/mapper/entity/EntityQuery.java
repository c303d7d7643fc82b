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

  private EntityQuery(Draft draft) {
    this.kind = draft.kind;
    this.table = draft.table;
    this.columns = draft.columns;
    this.where = List.copyOf(draft.where);
    this.conditions = List.copyOf(draft.conditions);
    this.ifExists = draft.ifExists;
    this.ifNotExists = draft.ifNotExists;
    this.ttl = draft.ttl;
    this.timestamp = draft.timestamp;
    this.limit = draft.limit;
    this.allowFiltering = draft.allowFiltering;
  }

  /** A query's parts, changed one at a time by a wither before they become a new query. */
  private static final class Draft {
    final Kind kind;
    final String table;
    final String columns;
    List<String> where = List.of();
    List<String> conditions = List.of();
    boolean ifExists;
    boolean ifNotExists;
    @Nullable String ttl;
    @Nullable String timestamp;
    @Nullable String limit;
    boolean allowFiltering;

    Draft(Kind kind, String table, String columns) {
      this.kind = kind;
      this.table = table;
      this.columns = columns;
    }

    Draft(EntityQuery query) {
      this(query.kind, query.table, query.columns);
      where = query.where;
      conditions = query.conditions;
      ifExists = query.ifExists;
      ifNotExists = query.ifNotExists;
      ttl = query.ttl;
      timestamp = query.timestamp;
      limit = query.limit;
      allowFiltering = query.allowFiltering;
    }
  }

  /**
   * A query of one kind on a table: {@code columns} is the selection ({@code SELECT}), the column
   * list ({@code INSERT}, each bound from a named marker of its name), the assignments ({@code
   * UPDATE}) or empty ({@code DELETE}).
   */
  static EntityQuery start(Kind kind, String table, String columns) {
    return new EntityQuery(new Draft(kind, table, columns));
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
    Draft copy = new Draft(this);
    copy.ifExists = true;
    return new EntityQuery(copy);
  }

  /** {@code IF NOT EXISTS} (an insert). */
  public EntityQuery ifNotExists() {
    Draft copy = new Draft(this);
    copy.ifNotExists = true;
    return new EntityQuery(copy);
  }

  /** {@code USING TTL}: a number of seconds, or a marker. */
  public EntityQuery usingTtl(Object ttl) {
    Draft copy = new Draft(this);
    copy.ttl = String.valueOf(ttl);
    return new EntityQuery(copy);
  }

  /** {@code USING TIMESTAMP}: microseconds, or a marker. */
  public EntityQuery usingTimestamp(Object timestamp) {
    Draft copy = new Draft(this);
    copy.timestamp = String.valueOf(timestamp);
    return new EntityQuery(copy);
  }

  /** {@code LIMIT}: a number, or a marker. */
  public EntityQuery limit(Object limit) {
    Draft copy = new Draft(this);
    copy.limit = String.valueOf(limit);
    return new EntityQuery(copy);
  }

  /** {@code ALLOW FILTERING} (a select). */
  public EntityQuery allowFiltering() {
    Draft copy = new Draft(this);
    copy.allowFiltering = true;
    return new EntityQuery(copy);
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
    Draft copy = new Draft(this);
    copy.where = List.copyOf(newWhere);
    copy.conditions = List.copyOf(newConditions);
    return new EntityQuery(copy);
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
