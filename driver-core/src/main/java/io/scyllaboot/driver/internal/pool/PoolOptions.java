package io.scyllaboot.driver.internal.pool;

import io.scyllaboot.driver.api.policy.ReconnectionPolicy;
import io.scyllaboot.driver.internal.connection.ShardAwarePorts;
import java.time.Duration;

/**
 * How a pool sizes itself and reconnects.
 *
 * @param connectionsPerNode connections to a node that is not sharded (Apache Cassandra)
 * @param connectionsPerShard connections to each shard of a sharded node (ScyllaDB)
 * @param shardAware whether sharded nodes get connections per shard and requests go to the shard of
 *     their token; off, every node is pooled as if it were not sharded
 * @param shardAwarePort whether connections to a shard go through the node's shard-aware port (when
 *     it has one), from a source port of that shard
 * @param sourcePorts the local ports to connect to the shard-aware port from
 * @param unresponsiveTimeout how long a connection may read nothing while requests wait on it
 *     before its node counts as unresponsive (avoided by new requests, idempotent waiting requests
 *     moved); zero disables
 * @param reconnection the delays between reconnection attempts, guarded here: a delay the policy
 *     fails to give is the default schedule's, and none is shorter than 100 ms
 * @param maxConcurrentOpens at most this many connections to the node are being opened at once
 *     (TCP, TLS and the handshake), so that a node coming back, or a client starting, does not take
 *     a storm of handshakes at once
 */
public record PoolOptions(
    int connectionsPerNode,
    int connectionsPerShard,
    boolean shardAware,
    boolean shardAwarePort,
    ShardAwarePorts sourcePorts,
    ReconnectionPolicy reconnection,
    Duration unresponsiveTimeout,
    int maxConcurrentOpens) {

  /**
   * How long a node whose shard-aware port hands out other shards (e.g. behind NAT) is not asked.
   */
  static final Duration SHARD_AWARE_PORT_BLOCK = Duration.ofMinutes(5);

  /**
   * The same options without the shard-aware port: behind a proxy (a private endpoint, a cloud's
   * SNI proxy), which forwards one port per node and does not keep the client's source port.
   */
  public PoolOptions withoutShardAwarePort() {
    return new PoolOptions(
        connectionsPerNode,
        connectionsPerShard,
        shardAware,
        false,
        sourcePorts,
        reconnection,
        unresponsiveTimeout,
        maxConcurrentOpens);
  }

  public PoolOptions {
    // A policy that throws or gives no delay must not stop a pool reconnecting, nor spin it.
    reconnection = GuardedReconnection.guard(reconnection);
    if (maxConcurrentOpens < 1) {
      throw new IllegalArgumentException(
          "max concurrent connection opens must be at least 1, was " + maxConcurrentOpens);
    }
  }
}
