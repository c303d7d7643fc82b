package io.scyllaboot.driver.api.cql;

import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * How a result was obtained: the node that coordinated it, every attempt made for it, and what the
 * server attached to the response. Built on first call, from what the page already holds.
 *
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
 */
public record ExecutionInfo(
    InetSocketAddress coordinator,
    List<Attempt> attempts,
    List<String> warnings,
    @Nullable UUID tracingId,
    Map<String, ByteBuffer> customPayload,
    int speculativeExecutions,
    boolean remoteDatacenter) {

  /** Answered in the local data center. */
  public ExecutionInfo(
      InetSocketAddress coordinator,
      List<Attempt> attempts,
      List<String> warnings,
      @Nullable UUID tracingId,
      Map<String, ByteBuffer> customPayload,
      int speculativeExecutions) {
    this(coordinator, attempts, warnings, tracingId, customPayload, speculativeExecutions, false);
  }

  /** Without speculative executions. */
  public ExecutionInfo(
      InetSocketAddress coordinator,
      List<Attempt> attempts,
      List<String> warnings,
      @Nullable UUID tracingId,
      Map<String, ByteBuffer> customPayload) {
    this(coordinator, attempts, warnings, tracingId, customPayload, 0, false);
  }

  /**
   * One attempt of a request.
   *
   * @param node the node it was sent to
   * @param error why it failed, or {@code null} for the attempt that succeeded
   */
  public record Attempt(InetSocketAddress node, @Nullable Throwable error) {}
}
