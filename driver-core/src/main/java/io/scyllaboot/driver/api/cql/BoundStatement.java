package io.scyllaboot.driver.api.cql;

/** A prepared statement with its values, ready to execute. Immutable. */
public non-sealed interface BoundStatement extends Statement<BoundStatement> {

  /** The prepared statement these values are bound to. */
  PreparedStatement preparedStatement();
}
