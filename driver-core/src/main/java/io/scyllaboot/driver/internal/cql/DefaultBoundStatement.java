package io.scyllaboot.driver.internal.cql;

import io.scyllaboot.driver.api.cql.BoundStatement;
import io.scyllaboot.driver.api.cql.PreparedStatement;
import io.scyllaboot.driver.api.cql.StatementOptions;
import io.scyllaboot.driver.internal.protocol.message.Values;
import java.util.Objects;

/** A prepared statement with values already checked against its markers. Immutable. */
public final class DefaultBoundStatement implements BoundStatement {
  private final DefaultPreparedStatement prepared;
  private final CodecValues values;
  private final StatementOptions options;

  DefaultBoundStatement(
      DefaultPreparedStatement prepared, CodecValues values, StatementOptions options) {
    this.prepared = prepared;
    this.values = values;
    this.options = options;
  }

  @Override
  public PreparedStatement preparedStatement() {
    return prepared;
  }

  public DefaultPreparedStatement prepared() {
    return prepared;
  }

  public Values values() {
    return values;
  }

  @Override
  public BoundStatement set(int index, Object value) {
    return new DefaultBoundStatement(prepared, prepared.set(values, index, value), options);
  }

  @Override
  public BoundStatement set(String name, Object value) {
    return new DefaultBoundStatement(prepared, prepared.set(values, name, value), options);
  }

  @Override
  public StatementOptions options() {
    return options;
  }

  @Override
  public BoundStatement withOptions(StatementOptions newOptions) {
    return new DefaultBoundStatement(
        prepared, values, Objects.requireNonNull(newOptions, "options"));
  }

  @Override
  public String toString() {
    return "BoundStatement[" + prepared.query() + "]";
  }
}
