package io.scyllaboot.driver.api.cql;

import java.util.Objects;

/**
 * A CQL string with optional positional values, sent as a QUERY without preparing. The CQL type of
 * each value is inferred from its Java type ({@code Integer} as int, {@code Long} as bigint, {@code
 * String} as text ...). For statements run more than once, prefer {@code session.execute(cql,
 * values...)} or a {@link PreparedStatement}: they are prepared once and bound from the server's
 * metadata.
 */
public final class SimpleStatement implements Statement<SimpleStatement> {
  private final String query;
  private final Object[] values;
  private final StatementOptions options;

  private SimpleStatement(String query, Object[] values, StatementOptions options) {
    this.query = Objects.requireNonNull(query, "query");
    this.values = values;
    this.options = options;
  }

  /** A statement with these positional values (none for a statement without markers). */
  public static SimpleStatement of(String query, Object... values) {
    return new SimpleStatement(query, values.clone(), StatementOptions.DEFAULTS);
  }

  public String query() {
    return query;
  }

  /** A copy of the positional values. */
  public Object[] values() {
    return values.clone();
  }

  /** How many values the statement carries. */
  public int valueCount() {
    return values.length;
  }

  /** The value at this position. */
  public Object value(int index) {
    return values[index];
  }

  @Override
  public StatementOptions options() {
    return options;
  }

  @Override
  public SimpleStatement withOptions(StatementOptions newOptions) {
    return new SimpleStatement(query, values, Objects.requireNonNull(newOptions, "options"));
  }

  @Override
  public String toString() {
    // The count only: values may be secrets, and statements end up in logs and error messages.
    return "SimpleStatement[" + query + ", " + values.length + " values]";
  }
}
