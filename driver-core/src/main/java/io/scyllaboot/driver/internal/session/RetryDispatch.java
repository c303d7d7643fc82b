package io.scyllaboot.driver.internal.session;

import io.scyllaboot.driver.api.cql.Statement;
import io.scyllaboot.driver.api.error.BootstrappingException;
import io.scyllaboot.driver.api.error.BusyConnectionException;
import io.scyllaboot.driver.api.error.ConnectionException;
import io.scyllaboot.driver.api.error.DriverException;
import io.scyllaboot.driver.api.error.OverloadedException;
import io.scyllaboot.driver.api.error.ReadFailureException;
import io.scyllaboot.driver.api.error.ReadTimeoutException;
import io.scyllaboot.driver.api.error.RequestNotSentException;
import io.scyllaboot.driver.api.error.ServerErrorException;
import io.scyllaboot.driver.api.error.TruncateException;
import io.scyllaboot.driver.api.error.UnavailableException;
import io.scyllaboot.driver.api.error.WriteFailureException;
import io.scyllaboot.driver.api.error.WriteTimeoutException;
import io.scyllaboot.driver.api.policy.RetryDecision;
import io.scyllaboot.driver.api.policy.RetryPolicy;

/**
 * Routes a failed attempt's error to the retry policy's method for its kind. What is never the
 * policy's to decide is decided here: a request no node saw moves on, anything unknown ends it.
 */
final class RetryDispatch {
  private RetryDispatch() {}

  static RetryDecision decide(
      RetryPolicy policy,
      Statement<?> statement,
      Throwable error,
      boolean idempotent,
      int retries) {
    if (error instanceof RequestNotSentException
        || error instanceof BusyConnectionException
        || error instanceof BootstrappingException) {
      return RetryDecision.RETRY_NEXT; // the node never saw it: safe, idempotent or not
    }
    if (error instanceof ReadTimeoutException timeout) {
      return policy.onReadTimeout(statement, timeout, retries);
    }
    if (error instanceof WriteTimeoutException timeout) {
      return policy.onWriteTimeout(statement, timeout, idempotent, retries);
    }
    if (error instanceof UnavailableException unavailable) {
      return policy.onUnavailable(statement, unavailable, retries);
    }
    if (error instanceof ConnectionException
        || error instanceof OverloadedException
        || error instanceof ServerErrorException
        || error instanceof ReadFailureException
        || error instanceof WriteFailureException
        || error instanceof TruncateException) {
      return policy.onRequestError(statement, (DriverException) error, idempotent, retries);
    }
    return RetryDecision.RETHROW;
  }
}
