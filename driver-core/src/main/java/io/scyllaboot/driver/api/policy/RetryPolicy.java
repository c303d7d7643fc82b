package io.scyllaboot.driver.api.policy;

import io.scyllaboot.driver.api.cql.Statement;
import io.scyllaboot.driver.api.error.DriverException;
import io.scyllaboot.driver.api.error.ReadTimeoutException;
import io.scyllaboot.driver.api.error.UnavailableException;
import io.scyllaboot.driver.api.error.WriteTimeoutException;

/**
 * Whether a request whose attempt failed is sent again, and where. Asked once per failed attempt,
 * with the number of retries the request has had so far; every retry still fits in the request's
 * one timeout, and a retry keeps the request's bytes (its timestamp and request id).
 *
 * <p>Not asked, because the answer never depends on the statement: a request that was never sent
 * (no stream id free, connection already closing, node bootstrapping) always moves to the next
 * node, since no node saw it; the driver's own timeout and errors in the statement itself (syntax,
 * invalid query, unauthorized) always end the request.
 *
 * <p>The default, {@link #defaults()}, is the table in the fault-tolerance page; {@link
 * #fallthrough()} never retries (the application retries itself). Implementations must be
 * thread-safe and must not block: they run on the driver's I/O threads.
 */
public interface RetryPolicy {

  /**
   * A read timed out on the coordinator: fewer replicas than the consistency needs answered in time
   * ({@link ReadTimeoutException#received()}, {@link ReadTimeoutException#blockFor()}), or enough
   * did but the one asked for the data did not ({@link ReadTimeoutException#dataPresent()} false).
   * A read has no side effect: idempotence does not matter.
   */
  RetryDecision onReadTimeout(Statement<?> statement, ReadTimeoutException error, int retries);

  /**
   * A write timed out on the coordinator: it may have been applied on some replicas. {@link
   * WriteTimeoutException#writeType()} says which kind of write ({@code SIMPLE}, {@code BATCH},
   * {@code BATCH_LOG}, {@code CAS}, {@code COUNTER}...).
   */
  RetryDecision onWriteTimeout(
      Statement<?> statement, WriteTimeoutException error, boolean idempotent, int retries);

  /**
   * The coordinator knew too few replicas alive to reach the consistency, and did not try: nothing
   * was applied.
   */
  RetryDecision onUnavailable(Statement<?> statement, UnavailableException error, int retries);

  /**
   * The attempt failed on its node after it may have reached it: the connection closed or the node
   * stopped answering with the request in flight ({@code ConnectionException}, {@code
   * NodeUnresponsiveException}), the node was overloaded ({@code OverloadedException}), failed
   * internally ({@code ServerErrorException}), or replicas answered with a failure ({@code
   * ReadFailureException}, {@code WriteFailureException}, {@code TruncateException}).
   */
  RetryDecision onRequestError(
      Statement<?> statement, DriverException error, boolean idempotent, int retries);

  /** Today's retry table: see the class comment of the implementation and the manual. */
  static RetryPolicy defaults() {
    return DefaultRetryPolicy.INSTANCE;
  }

  /** Never retries: every error that reaches the policy ends the request. */
  static RetryPolicy fallthrough() {
    return FallthroughRetryPolicy.INSTANCE;
  }
}
