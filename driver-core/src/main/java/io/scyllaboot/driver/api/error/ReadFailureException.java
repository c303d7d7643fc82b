package io.scyllaboot.driver.api.error;

import io.scyllaboot.driver.api.ConsistencyLevel;
import java.net.InetAddress;
import java.util.Map;

/** Replicas failed a read, for example on too many tombstones (code 0x1300). */
public class ReadFailureException extends QueryConsistencyException {
  private final int failures;
  private final Map<InetAddress, Integer> reasons;
  private final boolean dataPresent;

  public ReadFailureException(
      String message,
      ConsistencyLevel consistency,
      int received,
      int blockFor,
      int failures,
      Map<InetAddress, Integer> reasons,
      boolean dataPresent) {
    super(ErrorCodes.READ_FAILURE, message, consistency, received, blockFor);
    this.failures = failures;
    this.reasons = Map.copyOf(reasons);
    this.dataPresent = dataPresent;
  }

  /** How many replicas failed. */
  public int failures() {
    return failures;
  }

  /** Per failed replica, its failure reason code (protocol v5; empty under v4). */
  public Map<InetAddress, Integer> reasons() {
    return reasons;
  }

  /** Whether the replica asked for data answered. */
  public boolean dataPresent() {
    return dataPresent;
  }
}
