package io.scyllaboot.driver.api.error;

import io.scyllaboot.driver.api.ConsistencyLevel;

/** The outcome of a lightweight transaction is unknown (code 0x1700, protocol v5). */
public class CasWriteUnknownException extends QueryConsistencyException {
  public CasWriteUnknownException(
      String message, ConsistencyLevel consistency, int received, int blockFor) {
    super(ErrorCodes.CAS_WRITE_UNKNOWN, message, consistency, received, blockFor);
  }
}
