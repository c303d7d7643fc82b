package io.scyllaboot.driver.api.error;

import io.scyllaboot.driver.api.ConsistencyLevel;
import java.net.InetAddress;
import java.util.Map;

/** Replicas failed a write (code 0x1500). */
public class WriteFailureException extends QueryConsistencyException {
  private final int failures;
  private final Map<InetAddress, Integer> reasons;
  private final String writeType;

  public WriteFailureException(
      String message,
      ConsistencyLevel consistency,
      int received,
      int blockFor,
      int failures,
      Map<InetAddress, Integer> reasons,
      String writeType) {
    super(ErrorCodes.WRITE_FAILURE, message, consistency, received, blockFor);
    this.failures = failures;
    this.reasons = Map.copyOf(reasons);
    this.writeType = writeType;
  }

  /** How many replicas failed. */
  public int failures() {
    return failures;
  }

  /** Per failed replica, its failure reason code (protocol v5; empty under v4). */
  public Map<InetAddress, Integer> reasons() {
    return reasons;
  }

  /** The kind of write, as in {@link WriteTimeoutException#writeType()}. */
  public String writeType() {
    return writeType;
  }
}
