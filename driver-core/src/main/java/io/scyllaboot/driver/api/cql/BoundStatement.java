package io.scyllaboot.driver.api.cql;

/**
 * A prepared statement with its values, ready to execute. Immutable: {@link #set(int, Object)} and
 * {@link #set(String, Object)} return copies, so a statement can be built value by value ({@code
 * bound = bound.set("id", id)}) from {@code prepared.bind()}, which leaves every marker unset.
 */
public non-sealed interface BoundStatement extends Statement<BoundStatement> {

  /** The prepared statement these values are bound to. */
  PreparedStatement preparedStatement();

  /**
   * A copy with the marker at {@code index} bound to {@code value}, checked as {@link
   * PreparedStatement#bind(Object...)} checks it ({@code null} writes a null, {@link Unset#VALUE}
   * leaves the column untouched).
   *
   * @throws io.scyllaboot.driver.api.error.InvalidBindValueException if there is no such marker or
   *     the value does not fit it
   */
  BoundStatement set(int index, Object value);

  /**
   * A copy with every marker named {@code name} bound to {@code value} (a name in double quotes is
   * matched case-sensitively).
   *
   * @throws io.scyllaboot.driver.api.error.InvalidBindValueException if no marker has that name or
   *     the value does not fit it
   */
  BoundStatement set(String name, Object value);
}
