package io.scyllaboot.driver.api.cql;

import java.util.Map;

/**
 * A prepared statement whose bound statements start with given options: {@code
 * session.prepare(simpleStatement)} keeps the simple statement's options this way.
 */
public final class PreparedWithOptions implements PreparedStatement {
  private final PreparedStatement prepared;
  private final StatementOptions options;

  private PreparedWithOptions(PreparedStatement prepared, StatementOptions options) {
    this.prepared = prepared;
    this.options = options;
  }

  /** The prepared statement itself when the options are the defaults. */
  public static PreparedStatement of(PreparedStatement prepared, StatementOptions options) {
    return options.equals(StatementOptions.DEFAULTS)
        ? prepared
        : new PreparedWithOptions(prepared, options);
  }

  @Override
  public String query() {
    return prepared.query();
  }

  @Override
  public ColumnDefinitions variables() {
    return prepared.variables();
  }

  @Override
  public ColumnDefinitions resultColumns() {
    return prepared.resultColumns();
  }

  @Override
  public boolean isLwt() {
    return prepared.isLwt();
  }

  @Override
  public BoundStatement bind(Object... values) {
    return prepared.bind(values).withOptions(options);
  }

  @Override
  public BoundStatement bind(Map<String, ?> valuesByName) {
    return prepared.bind(valuesByName).withOptions(options);
  }

  @Override
  public String toString() {
    return prepared.toString();
  }
}
