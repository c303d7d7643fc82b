package io.scyllaboot.driver.internal.session;

import io.scyllaboot.driver.api.error.BootstrappingException;
import io.scyllaboot.driver.api.error.BusyConnectionException;
import io.scyllaboot.driver.api.error.ConnectionException;
import io.scyllaboot.driver.api.error.OverloadedException;
import io.scyllaboot.driver.api.error.ReadTimeoutException;
import io.scyllaboot.driver.api.error.ServerErrorException;
import io.scyllaboot.driver.api.error.UnavailableException;
import io.scyllaboot.driver.api.error.WriteTimeoutException;

/**
 * The default retry decisions (documented in the README):
 *
 * <ul>
 *   <li>read timeout, when enough replicas answered but the data was missing: once, same node;
 *   <li>unavailable: once, next node (another coordinator may see more replicas alive);
 *   <li>write timeout: once, same node, for idempotent statements only;
 *   <li>connection closed or failed, overloaded, server error: next node, idempotent only;
 *   <li>never sent (no stream id, node bootstrapping): next node, always;
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
    if (error instanceof ReadTimeoutException timeout) {
      return retries == 0 && timeout.received() >= timeout.blockFor() && !timeout.dataPresent()
          ? Decision.RETRY_SAME
          : Decision.RETHROW;
    }
    if (error instanceof UnavailableException) {
      return retries == 0 ? Decision.RETRY_NEXT : Decision.RETHROW;
    }
    if (error instanceof WriteTimeoutException) {
      return idempotent && retries == 0 ? Decision.RETRY_SAME : Decision.RETHROW;
    }
    if (error instanceof BusyConnectionException || error instanceof BootstrappingException) {
      return Decision.RETRY_NEXT;
    }
    if (error instanceof ConnectionException
        || error instanceof OverloadedException
        || error instanceof ServerErrorException) {
      return idempotent ? Decision.RETRY_NEXT : Decision.RETHROW;
    }
    return Decision.RETHROW;
  }
}
