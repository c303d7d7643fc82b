package io.scyllaboot.driver.api.policy;

import io.scyllaboot.driver.api.cql.Statement;
import io.scyllaboot.driver.api.error.ConnectionException;
import io.scyllaboot.driver.api.error.DriverException;
import io.scyllaboot.driver.api.error.OverloadedException;
import io.scyllaboot.driver.api.error.ReadTimeoutException;
import io.scyllaboot.driver.api.error.ServerErrorException;
import io.scyllaboot.driver.api.error.UnavailableException;
import io.scyllaboot.driver.api.error.WriteTimeoutException;

/**
 * The default retry decisions, as the Apache driver's default policy takes them (the table is in
 * docs/fault-tolerance.md):
 *
 * <ul>
 *   <li>read timeout, when enough replicas answered but the data was missing: once, same node;
 *   <li>unavailable: once, next node (another coordinator may see more replicas alive);
 *   <li>write timeout: once, same node, only for an idempotent statement whose write type is {@code
 *       BATCH_LOG} (the batch log write timed out, the batch was not applied yet); never for {@code
 *       CAS}, {@code COUNTER} or other types, where the write may have been applied;
 *   <li>connection closed or failed after the request was written, overloaded, server error: next
 *       node, idempotent only;
 *   <li>everything else: no retry.
 * </ul>
 */
final class DefaultRetryPolicy implements RetryPolicy {
  static final DefaultRetryPolicy INSTANCE = new DefaultRetryPolicy();

  private DefaultRetryPolicy() {}

  @Override
  public RetryDecision onReadTimeout(
      Statement<?> statement, ReadTimeoutException error, int retries) {
    return retries == 0 && error.received() >= error.blockFor() && !error.dataPresent()
        ? RetryDecision.RETRY_SAME
        : RetryDecision.RETHROW;
  }

  @Override
  public RetryDecision onWriteTimeout(
      Statement<?> statement, WriteTimeoutException error, boolean idempotent, int retries) {
    return idempotent && retries == 0 && "BATCH_LOG".equals(error.writeType())
        ? RetryDecision.RETRY_SAME
        : RetryDecision.RETHROW;
  }

  @Override
  public RetryDecision onUnavailable(
      Statement<?> statement, UnavailableException error, int retries) {
    return retries == 0 ? RetryDecision.RETRY_NEXT : RetryDecision.RETHROW;
  }

  @Override
  public RetryDecision onRequestError(
      Statement<?> statement, DriverException error, boolean idempotent, int retries) {
    boolean nodeSide =
        error instanceof ConnectionException
            || error instanceof OverloadedException
            || error instanceof ServerErrorException;
    return idempotent && nodeSide ? RetryDecision.RETRY_NEXT : RetryDecision.RETHROW;
  }

  @Override
  public String toString() {
    return "default";
  }
}
