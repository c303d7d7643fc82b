package io.scyllaboot.driver.api.error;

import io.scyllaboot.driver.api.ConsistencyLevel;

/** Replicas did not answer a read in time (code 0x1200). */
public class ReadTimeoutException extends QueryConsistencyException {
  private final boolean dataPresent;

  public ReadTimeoutException(
      String message,
      ConsistencyLevel consistency,
      int received,
      int blockFor,
      boolean dataPresent) {
    super(ErrorCodes.READ_TIMEOUT, message, consistency, received, blockFor);
    this.dataPresent = dataPresent;
  }

  /** Whether the replica asked for data (not only a digest) answered. */
  public boolean dataPresent() {
    return dataPresent;
  }
}
