package io.scyllaboot.spring.core.query;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One condition of a query's {@code WHERE}: a property (or column) name, an operator and its value,
 * as Spring Data Cassandra's {@code Criteria.where("name").is(value)}. The name is an entity
 * property ({@code key.seq} through a primary key class) or a column name; the value is converted
 * as the property's values are and always bound to a marker.
 *
 * @param name the property or column name
 * @param operator the CQL operator
 * @param value the value ({@code IN}: a list of values)
 */
public record Criteria(String name, Operator operator, @Nullable Object value) {

  /** The operators CQL accepts in a {@code WHERE} of SELECT, UPDATE and DELETE. */
  public enum Operator {
    EQ("="),
    IN("IN"),
    LT("<"),
    LTE("<="),
    GT(">"),
    GTE(">="),
    /** SASI or SAI {@code LIKE}, with {@code %} wildcards in the value. */
    LIKE("LIKE"),
    /** An element of a list or set, or a value of a map (a secondary index or filtering). */
    CONTAINS("CONTAINS"),
    /** A key of a map. */
    CONTAINS_KEY("CONTAINS KEY");

    private final String cql;

    Operator(String cql) {
      this.cql = cql;
    }

    /** The operator as CQL writes it. */
    public String cql() {
      return cql;
    }
  }

  public Criteria {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(operator, "operator");
    if (name.isBlank()) {
      throw new IllegalArgumentException("a criteria's property name must not be blank");
    }
  }

  /** Starts a condition on a property or column: {@code where("name").is("x")}. */
  public static Where where(String name) {
    return new Where(Objects.requireNonNull(name, "name"));
  }

  /** A property awaiting its operator. */
  public static final class Where {
    private final String name;

    private Where(String name) {
      this.name = name;
    }

    /** {@code name = value}. */
    public Criteria is(@Nullable Object value) {
      return new Criteria(name, Operator.EQ, value);
    }

    /** {@code name IN ?}, the values bound as one list (one prepared shape for any count). */
    public Criteria in(Object... values) {
      return in(List.of(values));
    }

    /** {@code name IN ?}, the values bound as one list. */
    public Criteria in(Collection<?> values) {
      Objects.requireNonNull(values, "values");
      if (values.isEmpty()) {
        throw new IllegalArgumentException("IN on '" + name + "' needs at least one value");
      }
      return new Criteria(name, Operator.IN, List.copyOf(new ArrayList<>(values)));
    }

    public Criteria lt(Object value) {
      return new Criteria(name, Operator.LT, Objects.requireNonNull(value, "value"));
    }

    public Criteria lte(Object value) {
      return new Criteria(name, Operator.LTE, Objects.requireNonNull(value, "value"));
    }

    public Criteria gt(Object value) {
      return new Criteria(name, Operator.GT, Objects.requireNonNull(value, "value"));
    }

    public Criteria gte(Object value) {
      return new Criteria(name, Operator.GTE, Objects.requireNonNull(value, "value"));
    }

    /** {@code name LIKE pattern} (needs a SASI or SAI index that supports it). */
    public Criteria like(String pattern) {
      return new Criteria(name, Operator.LIKE, Objects.requireNonNull(pattern, "pattern"));
    }

    /** {@code name CONTAINS value}: an element of a collection column. */
    public Criteria contains(Object value) {
      return new Criteria(name, Operator.CONTAINS, Objects.requireNonNull(value, "value"));
    }

    /** {@code name CONTAINS KEY key}: a key of a map column. */
    public Criteria containsKey(Object key) {
      return new Criteria(name, Operator.CONTAINS_KEY, Objects.requireNonNull(key, "key"));
    }
  }
}
