package io.scyllaboot.driver.api.error;

import io.scyllaboot.driver.api.ConsistencyLevel;

/** Not enough live replicas to reach the consistency level; nothing was attempted (code 0x1000). */
public class UnavailableException extends ServerException {
  private final ConsistencyLevel consistency;
  private final int required;
  private final int alive;

  public UnavailableException(
      String message, ConsistencyLevel consistency, int required, int alive) {
    super(ErrorCodes.UNAVAILABLE, message);
    this.consistency = consistency;
    this.required = required;
    this.alive = alive;
  }

  /** The consistency level of the request. */
  public ConsistencyLevel consistency() {
    return consistency;
  }

  /** How many replicas the consistency level needs. */
  public int required() {
    return required;
  }

  /** How many replicas were known to be alive. */
  public int alive() {
    return alive;
  }
}
