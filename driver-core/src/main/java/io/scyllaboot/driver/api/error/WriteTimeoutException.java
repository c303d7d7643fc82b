package io.scyllaboot.driver.api.error;

import io.scyllaboot.driver.api.ConsistencyLevel;

/** Replicas did not acknowledge a write in time (code 0x1100). */
public class WriteTimeoutException extends QueryConsistencyException {
  private final String writeType;
  private final int contentions;

  public WriteTimeoutException(
      String message,
      ConsistencyLevel consistency,
      int received,
      int blockFor,
      String writeType,
      int contentions) {
    super(ErrorCodes.WRITE_TIMEOUT, message, consistency, received, blockFor);
    this.writeType = writeType;
    this.contentions = contentions;
  }

  /**
   * The kind of write: SIMPLE, BATCH, BATCH_LOG, UNLOGGED_BATCH, COUNTER, CAS, VIEW or CDC ({@link
   * WriteType#of} makes it a constant).
   */
  public String writeType() {
    return writeType;
  }

  /** For a CAS write under protocol v5, how many Paxos contentions occurred; otherwise 0. */
  public int contentions() {
    return contentions;
  }
}
