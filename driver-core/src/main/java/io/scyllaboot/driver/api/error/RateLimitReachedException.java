package io.scyllaboot.driver.api.error;

/**
 * ScyllaDB refused the request because a per-partition rate limit was reached (the {@code
 * SCYLLA_RATE_LIMIT_ERROR} extension, code {@link ErrorCodes#SCYLLA_RATE_LIMIT}). Never retried:
 * retrying would only add load to the partition that is over its limit.
 */
public class RateLimitReachedException extends ServerException {
  private final boolean write;
  private final boolean rejectedByCoordinator;

  public RateLimitReachedException(String message, boolean write, boolean rejectedByCoordinator) {
    super(ErrorCodes.SCYLLA_RATE_LIMIT, message);
    this.write = write;
    this.rejectedByCoordinator = rejectedByCoordinator;
  }

  /** Whether the refused operation was a write (else a read). */
  public boolean isWrite() {
    return write;
  }

  /** Whether the coordinator refused it (else a replica did). */
  public boolean rejectedByCoordinator() {
    return rejectedByCoordinator;
  }
}
