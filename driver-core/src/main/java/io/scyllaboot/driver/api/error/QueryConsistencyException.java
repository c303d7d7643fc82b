package io.scyllaboot.driver.api.error;

import io.scyllaboot.driver.api.ConsistencyLevel;

/**
 * A request reached replicas but too few answered in time or successfully: the common parent of
 * read/write timeouts and failures and CAS-write-unknown.
 */
public abstract class QueryConsistencyException extends ServerException {
  private final ConsistencyLevel consistency;
  private final int received;
  private final int blockFor;

  protected QueryConsistencyException(
      int code, String message, ConsistencyLevel consistency, int received, int blockFor) {
    super(code, message);
    this.consistency = consistency;
    this.received = received;
    this.blockFor = blockFor;
  }

  /** The consistency level of the request. */
  public ConsistencyLevel consistency() {
    return consistency;
  }

  /** How many replicas acknowledged. */
  public int received() {
    return received;
  }

  /** How many acknowledgements the consistency level needs. */
  public int blockFor() {
    return blockFor;
  }
}
