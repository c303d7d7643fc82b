package io.scyllaboot.spring.core;

import io.scyllaboot.spring.core.query.Criteria;
import io.scyllaboot.spring.core.query.Query;
import io.scyllaboot.spring.mapping.ScyllaEntityConverter;
import io.scyllaboot.spring.mapping.ScyllaPersistentEntity;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Options of an entity UPDATE: those of {@link WriteOptions}, and an optional condition: {@code IF
 * EXISTS} or {@code IF <condition>}, given as CQL or as {@link Criteria} on the entity's properties
 * (Spring Data Cassandra's {@code ifCondition(CriteriaDefinition)}).
 */
public final class UpdateOptions extends WriteOptions {
  private static final UpdateOptions EMPTY = builder().build();
  private final boolean ifExists;
  private final @Nullable WriteCondition ifCondition;
  private final List<Criteria> ifCriteria;

  private UpdateOptions(Builder builder) {
    super(builder);
    this.ifExists = builder.ifExists;
    this.ifCondition = builder.ifCondition;
    this.ifCriteria = List.copyOf(builder.ifCriteria);
  }

  public static Builder builder() {
    return new Builder();
  }

  public static UpdateOptions empty() {
    return EMPTY;
  }

  /** Whether the update is {@code IF EXISTS}. */
  public boolean isIfExists() {
    return ifExists;
  }

  /** The {@code IF} condition given as CQL, or null. */
  public @Nullable WriteCondition getIfCondition() {
    return ifCondition;
  }

  /** The {@code IF} condition given as criteria on properties (joined by AND); may be empty. */
  public List<Criteria> getIfCriteria() {
    return ifCriteria;
  }

  /**
   * The {@code IF} condition as CQL for this entity: the CQL one, or the criteria with column names
   * and values converted as the properties' values; null when there is none.
   *
   * @throws IllegalArgumentException if a criterion names no property or column of the entity
   */
  public @Nullable WriteCondition ifConditionFor(
      ScyllaPersistentEntity<?> entity, ScyllaEntityConverter converter) {
    if (ifCriteria.isEmpty()) {
      return ifCondition;
    }
    StringBuilder cql = new StringBuilder();
    List<Object> values = new ArrayList<>();
    QueryRenderer.criteria(cql, values, ifCriteria, entity, converter, "", " AND ");
    return new WriteCondition(cql.toString(), values.toArray());
  }

  /** Builds {@link UpdateOptions}; {@code ifExists} and {@code ifCondition} exclude each other. */
  public static final class Builder extends WriteOptions.Builder<Builder> {
    private boolean ifExists;
    private @Nullable WriteCondition ifCondition;
    private final List<Criteria> ifCriteria = new ArrayList<>();

    private Builder() {}

    /** Updates only an existing row ({@code IF EXISTS}). */
    public Builder ifExists(boolean ifExists) {
      this.ifExists = ifExists;
      return this;
    }

    /** Updates only if the row matches: {@code ifCondition("name = ?", "x")}. */
    public Builder ifCondition(String cql, Object... values) {
      this.ifCondition = new WriteCondition(cql, values);
      return this;
    }

    /**
     * Updates only if the row matches this criterion on a property ({@code
     * ifCondition(where("level").is(Level.LOW))}), as Spring Data Cassandra's {@code
     * ifCondition(CriteriaDefinition)}; called again, the criteria are joined by AND.
     */
    public Builder ifCondition(Criteria criteria) {
      this.ifCriteria.add(Objects.requireNonNull(criteria, "criteria"));
      return this;
    }

    /**
     * Updates only if the row matches every criterion of this query, as Spring Data Cassandra's
     * {@code ifCondition(Filter)} (a {@code Query} is one there); its sort, limit and columns have
     * no meaning in a condition and are not read.
     *
     * @throws IllegalArgumentException if the query has no criteria
     */
    public Builder ifCondition(Query query) {
      List<Criteria> criteria = Objects.requireNonNull(query, "query").getCriteria();
      if (criteria.isEmpty()) {
        throw new IllegalArgumentException("ifCondition(Query): the query has no criteria");
      }
      this.ifCriteria.addAll(criteria);
      return this;
    }

    /**
     * @throws IllegalStateException if {@code ifExists}, a CQL condition and criteria are not
     *     exclusive
     */
    public UpdateOptions build() {
      Conditions.checkExclusive(ifExists, ifCondition);
      if (!ifCriteria.isEmpty() && (ifExists || ifCondition != null)) {
        throw new IllegalStateException(
            "ifCondition(Criteria) excludes ifExists and ifCondition(String) (CQL allows one IF);"
                + " got "
                + ifCriteria
                + (ifExists ? " and IF EXISTS" : " and IF " + ifCondition.cql()));
      }
      return new UpdateOptions(this);
    }
  }
}
