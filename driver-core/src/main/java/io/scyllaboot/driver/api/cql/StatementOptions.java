package io.scyllaboot.driver.api.cql;

import io.scyllaboot.driver.api.ConsistencyLevel;
import io.scyllaboot.driver.api.metadata.Node;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The per-statement options shared by every kind of statement. A {@code null} (or 0 page size)
 * means "the profile's, else the session's default".
 *
 * @param consistency the consistency level
 * @param serialConsistency the serial consistency of lightweight transactions
 * @param pageSize rows per page
 * @param pagingState where to resume a paged query
 * @param timeout the request timeout
 * @param idempotent whether the statement may safely be retried
 * @param tracing whether the server should trace the request (its id: {@link
 *     ExecutionInfo#tracingId()})
 * @param timestamp the write timestamp in microseconds since the epoch, instead of the session's
 *     client-side timestamp ({@code null}: the session's)
 * @param profile the execution profile whose options fill those left unset here ({@code null}:
 *     none)
 * @param customPayload sent with the request for the server's query handlers (empty: none); the
 *     buffers are read, never consumed
 * @param node the node the request must go to ({@code null}: the load balancing policy's plan)
 */
public record StatementOptions(
    @Nullable ConsistencyLevel consistency,
    @Nullable ConsistencyLevel serialConsistency,
    int pageSize,
    @Nullable PagingState pagingState,
    @Nullable Duration timeout,
    @Nullable Boolean idempotent,
    boolean tracing,
    @Nullable Long timestamp,
    @Nullable String profile,
    Map<String, ByteBuffer> customPayload,
    @Nullable Node node) {

  /** Every option at the session's default. */
  public static final StatementOptions DEFAULTS =
      new StatementOptions(null, null, 0, null, null, null, false, null, null, Map.of(), null);

  public StatementOptions {
    if (pageSize < 0) {
      throw new IllegalArgumentException("page size must not be negative, was " + pageSize);
    }
    if (timeout != null && (timeout.isNegative() || timeout.isZero())) {
      throw new IllegalArgumentException("timeout must be positive, was " + timeout);
    }
    if (timestamp != null && timestamp == Long.MIN_VALUE) {
      throw new IllegalArgumentException("timestamp Long.MIN_VALUE is reserved by the protocol");
    }
    if (serialConsistency != null && !serialConsistency.isSerial()) {
      throw new IllegalArgumentException(
          "serial consistency must be SERIAL or LOCAL_SERIAL, was " + serialConsistency);
    }
    if (profile != null && profile.isBlank()) {
      throw new IllegalArgumentException("profile name must not be blank");
    }
    customPayload = Map.copyOf(Objects.requireNonNull(customPayload, "custom payload"));
  }

  /** Without a profile, custom payload or pinned node. */
  public StatementOptions(
      @Nullable ConsistencyLevel consistency,
      @Nullable ConsistencyLevel serialConsistency,
      int pageSize,
      @Nullable PagingState pagingState,
      @Nullable Duration timeout,
      @Nullable Boolean idempotent,
      boolean tracing,
      @Nullable Long timestamp) {
    this(
        consistency,
        serialConsistency,
        pageSize,
        pagingState,
        timeout,
        idempotent,
        tracing,
        timestamp,
        null,
        Map.of(),
        null);
  }

  public StatementOptions withConsistency(ConsistencyLevel level) {
    return new StatementOptions(
        level,
        serialConsistency,
        pageSize,
        pagingState,
        timeout,
        idempotent,
        tracing,
        timestamp,
        profile,
        customPayload,
        node);
  }

  public StatementOptions withSerialConsistency(ConsistencyLevel level) {
    return new StatementOptions(
        consistency,
        level,
        pageSize,
        pagingState,
        timeout,
        idempotent,
        tracing,
        timestamp,
        profile,
        customPayload,
        node);
  }

  public StatementOptions withPageSize(int rows) {
    return new StatementOptions(
        consistency,
        serialConsistency,
        rows,
        pagingState,
        timeout,
        idempotent,
        tracing,
        timestamp,
        profile,
        customPayload,
        node);
  }

  public StatementOptions withPagingState(PagingState state) {
    return new StatementOptions(
        consistency,
        serialConsistency,
        pageSize,
        state,
        timeout,
        idempotent,
        tracing,
        timestamp,
        profile,
        customPayload,
        node);
  }

  public StatementOptions withTimeout(Duration duration) {
    return new StatementOptions(
        consistency,
        serialConsistency,
        pageSize,
        pagingState,
        duration,
        idempotent,
        tracing,
        timestamp,
        profile,
        customPayload,
        node);
  }

  public StatementOptions withIdempotent(Boolean value) {
    return new StatementOptions(
        consistency,
        serialConsistency,
        pageSize,
        pagingState,
        timeout,
        value,
        tracing,
        timestamp,
        profile,
        customPayload,
        node);
  }

  public StatementOptions withTracing(boolean value) {
    return new StatementOptions(
        consistency,
        serialConsistency,
        pageSize,
        pagingState,
        timeout,
        idempotent,
        value,
        timestamp,
        profile,
        customPayload,
        node);
  }

  public StatementOptions withTimestamp(@Nullable Long micros) {
    return new StatementOptions(
        consistency,
        serialConsistency,
        pageSize,
        pagingState,
        timeout,
        idempotent,
        tracing,
        micros,
        profile,
        customPayload,
        node);
  }

  /** With the options of the named execution profile ({@code null}: none). */
  public StatementOptions withProfile(@Nullable String name) {
    return new StatementOptions(
        consistency,
        serialConsistency,
        pageSize,
        pagingState,
        timeout,
        idempotent,
        tracing,
        timestamp,
        name,
        customPayload,
        node);
  }

  /** With this custom payload instead of the current one. */
  public StatementOptions withCustomPayload(Map<String, ByteBuffer> payload) {
    return new StatementOptions(
        consistency,
        serialConsistency,
        pageSize,
        pagingState,
        timeout,
        idempotent,
        tracing,
        timestamp,
        profile,
        payload,
        node);
  }

  /** With the node the request must go to ({@code null}: the plan's). */
  public StatementOptions withNode(@Nullable Node target) {
    return new StatementOptions(
        consistency,
        serialConsistency,
        pageSize,
        pagingState,
        timeout,
        idempotent,
        tracing,
        timestamp,
        profile,
        customPayload,
        target);
  }
}
