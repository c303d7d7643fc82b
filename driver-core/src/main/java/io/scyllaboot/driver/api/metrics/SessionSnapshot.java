package io.scyllaboot.driver.api.metrics;

import io.scyllaboot.driver.api.Compression;
import io.scyllaboot.driver.api.PreparedCacheStats;
import io.scyllaboot.driver.api.metadata.NodeState;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The state of a session at one moment, for diagnostics (the starter's {@code /actuator/scylla}
 * endpoint): nodes and their pools, the prepared-statement cache, the protocol, the throttler.
 * Taking one reads volatile snapshots and counters; it takes no lock and sends nothing.
 *
 * @param sessionName the session's name
 * @param protocolVersion the native protocol version in use (4 or 5), 0 while not connected
 * @param compression the compression of the traffic
 * @param nodes every known node
 * @param preparedCache the prepared-statement cache
 * @param throttler the request throttler
 */
public record SessionSnapshot(
    String sessionName,
    int protocolVersion,
    Compression compression,
    List<NodeInfo> nodes,
    PreparedCacheStats preparedCache,
    ThrottlerInfo throttler) {

  /**
   * One node.
   *
   * @param address host:port
   * @param shardCount the node's shards when known (ScyllaDB), else null
   * @param pool the session's connections to it, or null when it has none (e.g. a remote data
   *     center)
   */
  public record NodeInfo(
      String address,
      @Nullable String datacenter,
      @Nullable String rack,
      NodeState state,
      @Nullable Integer shardCount,
      @Nullable PoolInfo pool) {}

  /**
   * The connections to one node.
   *
   * @param openConnections connections open now
   * @param inFlightPerConnection requests in flight on each open connection
   */
  public record PoolInfo(int openConnections, List<Integer> inFlightPerConnection) {}

  /**
   * The request throttler.
   *
   * @param enabled whether concurrency is limited ({@code withThrottling})
   * @param maxConcurrentRequests the limit, 0 when disabled
   * @param active requests holding a permit now
   * @param queued requests waiting for a permit now
   * @param maxQueueSize the queue's bound
   */
  public record ThrottlerInfo(
      boolean enabled, int maxConcurrentRequests, int active, int queued, int maxQueueSize) {}
}
