package io.scyllaboot.autoconfigure;

import java.time.Duration;

/** {@code scylla.pool.*}: connection pools. */
public class PoolProperties {
  /** Connections to each node of the local data center (not sharded: Apache Cassandra). */
  private int connectionsPerNode = 1;

  /** Connections to each shard of each ScyllaDB node of the local data center. */
  private int connectionsPerShard = 1;

  /** Requests in flight per connection (stream ids), 1 to 32767. */
  private int maxRequestsPerConnection = 1024;

  /** Idle time after which a heartbeat checks a connection; 0 disables heartbeats. */
  private Duration heartbeatInterval = Duration.ofSeconds(30);

  /** Connections to one node being opened at once, at most: bounds connection storms. */
  private int maxConcurrentOpens = 8;

  public int getMaxConcurrentOpens() {
    return maxConcurrentOpens;
  }

  public void setMaxConcurrentOpens(int maxConcurrentOpens) {
    ScyllaProperties.requirePositive(maxConcurrentOpens);
    this.maxConcurrentOpens = maxConcurrentOpens;
  }

  public int getConnectionsPerNode() {
    return connectionsPerNode;
  }

  public void setConnectionsPerNode(int connectionsPerNode) {
    ScyllaProperties.requirePositive(connectionsPerNode);
    this.connectionsPerNode = connectionsPerNode;
  }

  public int getConnectionsPerShard() {
    return connectionsPerShard;
  }

  public void setConnectionsPerShard(int connectionsPerShard) {
    ScyllaProperties.requirePositive(connectionsPerShard);
    this.connectionsPerShard = connectionsPerShard;
  }

  public int getMaxRequestsPerConnection() {
    return maxRequestsPerConnection;
  }

  public void setMaxRequestsPerConnection(int maxRequestsPerConnection) {
    if (maxRequestsPerConnection < 1 || maxRequestsPerConnection > 32767) {
      throw new IllegalArgumentException("must be from 1 to 32767");
    }
    this.maxRequestsPerConnection = maxRequestsPerConnection;
  }

  public Duration getHeartbeatInterval() {
    return heartbeatInterval;
  }

  public void setHeartbeatInterval(Duration heartbeatInterval) {
    if (heartbeatInterval == null || heartbeatInterval.isNegative()) {
      throw new IllegalArgumentException("must be a duration of 0 (off) or more");
    }
    this.heartbeatInterval = heartbeatInterval;
  }
}
