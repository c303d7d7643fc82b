package io.scyllaboot.driver.api.cql;

import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * How a result was obtained: the node that coordinated it, every attempt made for it, and what the
 * server attached to the response. Built on first call, from what the page already holds. Equal
 * when every part but the trace fetcher is.
 */
public final class ExecutionInfo {
  private final InetSocketAddress coordinator;
  private final List<Attempt> attempts;
  private final List<String> warnings;
  private final @Nullable UUID tracingId;
  private final Map<String, ByteBuffer> customPayload;
  private final int speculativeExecutions;
  private final boolean remoteDatacenter;
  private final @Nullable Function<UUID, CompletionStage<QueryTrace>> traceFetcher;
  private final @Nullable PagingState pagingState;

  /**
   * @param coordinator the node that answered (the last attempt's node)
   * @param attempts every attempt in order, the last one (the answer) with a {@code null} error
   * @param warnings warnings the server attached to the response (empty when none)
   * @param tracingId the server's tracing session, when tracing was asked for ({@link
   *     Statement#withTracing})
   * @param customPayload the response's custom payload (empty when none); read-only buffers
   * @param speculativeExecutions how many speculative executions were started besides the first one
   *     (0 unless the session has a speculative execution policy and the request was slow)
   * @param remoteDatacenter whether the coordinator is a node of a remote data center: the request
   *     failed over (remote-DC failover, {@code scylla.load-balancing.dc-failover.*})
   * @param traceFetcher reads a trace from {@code system_traces} for {@link #queryTrace()}, or null
   *     when there is no session to read it with
   * @param pagingState where the next page starts, or null when this page is the last
   */
  public ExecutionInfo(
      InetSocketAddress coordinator,
      List<Attempt> attempts,
      List<String> warnings,
      @Nullable UUID tracingId,
      Map<String, ByteBuffer> customPayload,
      int speculativeExecutions,
      boolean remoteDatacenter,
      @Nullable Function<UUID, CompletionStage<QueryTrace>> traceFetcher,
      @Nullable PagingState pagingState) {
    this.pagingState = pagingState;
    this.remoteDatacenter = remoteDatacenter;
    this.coordinator = Objects.requireNonNull(coordinator, "coordinator");
    this.attempts = attempts;
    this.warnings = warnings;
    this.tracingId = tracingId;
    this.customPayload = customPayload;
    this.speculativeExecutions = speculativeExecutions;
    this.traceFetcher = traceFetcher;
  }

  /** The node that answered (the last attempt's node). */
  public InetSocketAddress coordinator() {
    return coordinator;
  }

  /** Every attempt in order, the last one (the answer) with a {@code null} error. */
  public List<Attempt> attempts() {
    return attempts;
  }

  /** Warnings the server attached to the response (empty when none). */
  public List<String> warnings() {
    return warnings;
  }

  /** The server's tracing session, when tracing was asked for ({@link Statement#withTracing}). */
  public @Nullable UUID tracingId() {
    return tracingId;
  }

  /** The response's custom payload (empty when none); read-only buffers. */
  public Map<String, ByteBuffer> customPayload() {
    return customPayload;
  }

  /** How many speculative executions were started besides the first one. */
  public int speculativeExecutions() {
    return speculativeExecutions;
  }

  /**
   * Whether the coordinator is a node of a remote data center: the request failed over (remote-DC
   * failover, {@code scylla.load-balancing.dc-failover.*}).
   */
  public boolean remoteDatacenter() {
    return remoteDatacenter;
  }

  /**
   * Where the next page starts ({@link Statement#withPagingState} resumes there), or null when this
   * page is the last: the result's {@link ResultSet#pagingState()}.
   */
  public @Nullable PagingState pagingState() {
    return pagingState;
  }

  /**
   * {@link #pagingState()} as the server's bytes (a new read-only buffer), or null on the last
   * page: the DataStax driver's {@code getPagingState()}; {@link Statement#withRawPagingState}
   * resumes there.
   */
  public @Nullable ByteBuffer rawPagingState() {
    return pagingState == null ? null : ByteBuffer.wrap(pagingState.toBytes()).asReadOnlyBuffer();
  }

  /**
   * The server's trace of this request, read from {@code system_traces} now (two queries at
   * consistency ONE; the server writes traces asynchronously, so the read is repeated a few times
   * with growing delays until the trace is complete). Fails with {@link IllegalStateException} when
   * the request was not traced, and with a {@code DriverException} when the trace is still
   * incomplete after about two seconds.
   */
  public CompletionStage<QueryTrace> queryTrace() {
    if (tracingId == null) {
      return CompletableFuture.failedFuture(
          new IllegalStateException(
              "the request was not traced: execute the statement withTracing(true)"));
    }
    if (traceFetcher == null) {
      return CompletableFuture.failedFuture(
          new IllegalStateException("this execution info has no session to read traces with"));
    }
    return traceFetcher.apply(tracingId);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof ExecutionInfo that
        && coordinator.equals(that.coordinator)
        && attempts.equals(that.attempts)
        && warnings.equals(that.warnings)
        && Objects.equals(tracingId, that.tracingId)
        && customPayload.equals(that.customPayload)
        && speculativeExecutions == that.speculativeExecutions
        && remoteDatacenter == that.remoteDatacenter
        && Objects.equals(pagingState, that.pagingState);
  }

  @Override
  public int hashCode() {
    return Objects.hash(
        coordinator,
        attempts,
        warnings,
        tracingId,
        customPayload,
        speculativeExecutions,
        remoteDatacenter,
        pagingState);
  }

  @Override
  public String toString() {
    return "ExecutionInfo[coordinator="
        + coordinator
        + ", attempts="
        + attempts
        + ", warnings="
        + warnings
        + ", tracingId="
        + tracingId
        + ", customPayload="
        + customPayload.keySet()
        + ", speculativeExecutions="
        + speculativeExecutions
        + (remoteDatacenter ? ", remoteDatacenter=true" : "")
        + "]";
  }

  /**
   * One attempt of a request.
   *
   * @param node the node it was sent to
   * @param error why it failed, or {@code null} for the attempt that succeeded
   */
  public record Attempt(InetSocketAddress node, @Nullable Throwable error) {}
}
