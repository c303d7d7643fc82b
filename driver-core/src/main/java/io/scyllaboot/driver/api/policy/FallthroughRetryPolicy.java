package io.scyllaboot.driver.api.policy;

import io.scyllaboot.driver.api.cql.Statement;
import io.scyllaboot.driver.api.error.DriverException;
import io.scyllaboot.driver.api.error.ReadTimeoutException;
import io.scyllaboot.driver.api.error.UnavailableException;
import io.scyllaboot.driver.api.error.WriteTimeoutException;

/** Never retries: for applications that retry themselves, or must see every error. */
final class FallthroughRetryPolicy implements RetryPolicy {
  static final FallthroughRetryPolicy INSTANCE = new FallthroughRetryPolicy();

  private FallthroughRetryPolicy() {}

  @Override
  public RetryDecision onReadTimeout(
      Statement<?> statement, ReadTimeoutException error, int retries) {
    return RetryDecision.RETHROW;
  }

  @Override
  public RetryDecision onWriteTimeout(
      Statement<?> statement, WriteTimeoutException error, boolean idempotent, int retries) {
    return RetryDecision.RETHROW;
  }

  @Override
  public RetryDecision onUnavailable(
      Statement<?> statement, UnavailableException error, int retries) {
    return RetryDecision.RETHROW;
  }

  @Override
  public RetryDecision onRequestError(
      Statement<?> statement, DriverException error, boolean idempotent, int retries) {
    return RetryDecision.RETHROW;
  }

  @Override
  public String toString() {
    return "fallthrough";
  }
}
