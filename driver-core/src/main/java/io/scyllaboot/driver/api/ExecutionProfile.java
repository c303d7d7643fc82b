package io.scyllaboot.driver.api;

import io.scyllaboot.driver.api.policy.RetryPolicy;
import io.scyllaboot.driver.api.policy.SpeculativeExecutionPolicy;
import java.time.Duration;
import org.jspecify.annotations.Nullable;

/**
 * A named bundle of request options a statement can take by naming it ({@code
 * statement.withProfile("analytics")}), registered with {@link
 * CqlSessionBuilder#withProfile(String, ExecutionProfile)} or the {@code scylla.profiles.<name>.*}
 * properties. For each option the statement's own setting wins, then the profile's, then the
 * session's default; a {@code null} (or 0 page size) leaves the option to the session.
 *
 * @param consistency the consistency level
 * @param serialConsistency the serial consistency of lightweight transactions
 * @param timeout the request timeout
 * @param pageSize rows per page (0: the session's)
 * @param idempotent whether the statements may safely be retried and executed speculatively
 * @param retryPolicy what is retried and where
 * @param speculativeExecution when idempotent requests are also sent to the next node ({@link
 *     SpeculativeExecutionPolicy#NONE} turns it off for the profile)
 * @param localDatacenter the data center whose nodes coordinate the profile's requests instead of
 *     the session's local one (null: the session's): its replicas of the request's token first,
 *     then its other nodes, never another data center's. The session keeps pools to that data
 *     center's nodes too. For failing over to another data center on the application's terms: the
 *     same statement named with a profile of the other data center (and, say, {@code LOCAL_ONE})
 */
public record ExecutionProfile(
    @Nullable ConsistencyLevel consistency,
    @Nullable ConsistencyLevel serialConsistency,
    @Nullable Duration timeout,
    int pageSize,
    @Nullable Boolean idempotent,
    @Nullable RetryPolicy retryPolicy,
    @Nullable SpeculativeExecutionPolicy speculativeExecution,
    @Nullable String localDatacenter) {

  /** Every option left to the session. */
  public static final ExecutionProfile EMPTY =
      new ExecutionProfile(null, null, null, 0, null, null, null, null);

  public ExecutionProfile {
    if (pageSize < 0) {
      throw new IllegalArgumentException("page size must not be negative, was " + pageSize);
    }
    if (timeout != null && (timeout.isNegative() || timeout.isZero())) {
      throw new IllegalArgumentException("timeout must be positive, was " + timeout);
    }
    if (serialConsistency != null && !serialConsistency.isSerial()) {
      throw new IllegalArgumentException(
          "serial consistency must be SERIAL or LOCAL_SERIAL, was " + serialConsistency);
    }
    if (localDatacenter != null && localDatacenter.isBlank()) {
      throw new IllegalArgumentException("a profile's local data center must not be blank");
    }
  }

  /** A profile of the session's data center (the record's shape before {@code localDatacenter}). */
  public ExecutionProfile(
      @Nullable ConsistencyLevel consistency,
      @Nullable ConsistencyLevel serialConsistency,
      @Nullable Duration timeout,
      int pageSize,
      @Nullable Boolean idempotent,
      @Nullable RetryPolicy retryPolicy,
      @Nullable SpeculativeExecutionPolicy speculativeExecution) {
    this(
        consistency,
        serialConsistency,
        timeout,
        pageSize,
        idempotent,
        retryPolicy,
        speculativeExecution,
        null);
  }

  /** A profile that sets nothing yet: start here and add options with the {@code with} methods. */
  public static ExecutionProfile of() {
    return EMPTY;
  }

  public ExecutionProfile withConsistency(@Nullable ConsistencyLevel level) {
    return new ExecutionProfile(
        level,
        serialConsistency,
        timeout,
        pageSize,
        idempotent,
        retryPolicy,
        speculativeExecution,
        localDatacenter);
  }

  public ExecutionProfile withSerialConsistency(@Nullable ConsistencyLevel level) {
    return new ExecutionProfile(
        consistency,
        level,
        timeout,
        pageSize,
        idempotent,
        retryPolicy,
        speculativeExecution,
        localDatacenter);
  }

  public ExecutionProfile withTimeout(@Nullable Duration duration) {
    return new ExecutionProfile(
        consistency,
        serialConsistency,
        duration,
        pageSize,
        idempotent,
        retryPolicy,
        speculativeExecution,
        localDatacenter);
  }

  public ExecutionProfile withPageSize(int rows) {
    return new ExecutionProfile(
        consistency,
        serialConsistency,
        timeout,
        rows,
        idempotent,
        retryPolicy,
        speculativeExecution,
        localDatacenter);
  }

  public ExecutionProfile withIdempotent(@Nullable Boolean value) {
    return new ExecutionProfile(
        consistency,
        serialConsistency,
        timeout,
        pageSize,
        value,
        retryPolicy,
        speculativeExecution,
        localDatacenter);
  }

  public ExecutionProfile withRetryPolicy(@Nullable RetryPolicy policy) {
    return new ExecutionProfile(
        consistency,
        serialConsistency,
        timeout,
        pageSize,
        idempotent,
        policy,
        speculativeExecution,
        localDatacenter);
  }

  public ExecutionProfile withSpeculativeExecution(@Nullable SpeculativeExecutionPolicy policy) {
    return new ExecutionProfile(
        consistency,
        serialConsistency,
        timeout,
        pageSize,
        idempotent,
        retryPolicy,
        policy,
        localDatacenter);
  }

  public ExecutionProfile withLocalDatacenter(@Nullable String datacenter) {
    return new ExecutionProfile(
        consistency,
        serialConsistency,
        timeout,
        pageSize,
        idempotent,
        retryPolicy,
        speculativeExecution,
        datacenter);
  }
}
