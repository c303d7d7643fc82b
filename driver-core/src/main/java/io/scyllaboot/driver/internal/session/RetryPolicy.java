package io.scyllaboot.driver.internal.session;

import io.scyllaboot.driver.api.error.BootstrappingException;
import io.scyllaboot.driver.api.error.BusyConnectionException;
import io.scyllaboot.driver.api.error.ConnectionException;
import io.scyllaboot.driver.api.error.OverloadedException;
import io.scyllaboot.driver.api.error.ReadTimeoutException;
import io.scyllaboot.driver.api.error.RequestNotSentException;
import io.scyllaboot.driver.api.error.ServerErrorException;
import io.scyllaboot.driver.api.error.UnavailableException;
import io.scyllaboot.driver.api.error.WriteTimeoutException;

/**
 * The default retry decisions, as the Apache driver's default policy takes them (the table is in
 * docs/driver.md):
 *
 * <ul>
 *   <li>never sent (no stream id, connection already closing, node bootstrapping): next node,
 *       always, idempotent or not: the node never saw the request;
 *   <li>read timeout, when enough replicas answered but the data was missing: once, same node;
 *   <li>unavailable: once, next node (another coordinator may see more replicas alive);
 *   <li>write timeout: once, same node, only for an idempotent statement whose write type is {@code
 *       BATCH_LOG} (the batch log write timed out, the batch was not applied yet); never for {@code
 *       CAS}, {@code COUNTER} or other types, where the write may have been applied;
 *   <li>connection closed or failed after the request was written, overloaded, server error: next
 *       node, idempotent only;
 *   <li>everything else, including the driver's own timeout: no retry.
 * </ul>
 */
final class RetryPolicy {
  enum Decision {
    RETRY_SAME,
    RETRY_NEXT,
    RETHROW
  }

  private RetryPolicy() {}

  static Decision decide(Throwable error, boolean idempotent, int retries) {
    if (error instanceof RequestNotSentException
        || error instanceof BusyConnectionException
        || error instanceof BootstrappingException) {
      return Decision.RETRY_NEXT;
    }
    if (error instanceof ReadTimeoutException timeout) {
      return retries == 0 && timeout.received() >= timeout.blockFor() && !timeout.dataPresent()
          ? Decision.RETRY_SAME
          : Decision.RETHROW;
    }
    if (error instanceof UnavailableException) {
      return retries == 0 ? Decision.RETRY_NEXT : Decision.RETHROW;
    }
    if (error instanceof WriteTimeoutException timeout) {
      return idempotent && retries == 0 && "BATCH_LOG".equals(timeout.writeType())
          ? Decision.RETRY_SAME
          : Decision.RETHROW;
    }
    if (error instanceof ConnectionException
        || error instanceof OverloadedException
        || error instanceof ServerErrorException) {
      return idempotent ? Decision.RETRY_NEXT : Decision.RETHROW;
    }
    return Decision.RETHROW;
  }
}
