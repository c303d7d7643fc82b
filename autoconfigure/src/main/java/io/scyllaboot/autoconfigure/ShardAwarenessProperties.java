package io.scyllaboot.autoconfigure;

/**
 * {@code scylla.shard-awareness.*}: how the driver uses the shards of ScyllaDB nodes (Apache
 * Cassandra nodes are not sharded and ignore these).
 */
public class ShardAwarenessProperties {
  /** Whether each shard gets its connections and requests go to the shard of their token. */
  private boolean enabled = true;

  /** Whether connections reach a shard through the node's shard-aware port (19042). */
  private boolean shardAwarePort = true;

  /** Lowest local port to connect to the shard-aware port from. */
  private int sourcePortLow = 49152;

  /** Highest local port to connect to the shard-aware port from. */
  private int sourcePortHigh = 65535;

  public boolean isEnabled() {
    return enabled;
  }

  public void setEnabled(boolean enabled) {
    this.enabled = enabled;
  }

  public boolean isShardAwarePort() {
    return shardAwarePort;
  }

  public void setShardAwarePort(boolean shardAwarePort) {
    this.shardAwarePort = shardAwarePort;
  }

  public int getSourcePortLow() {
    return sourcePortLow;
  }

  public void setSourcePortLow(int sourcePortLow) {
    checkPort(sourcePortLow);
    this.sourcePortLow = sourcePortLow;
  }

  public int getSourcePortHigh() {
    return sourcePortHigh;
  }

  public void setSourcePortHigh(int sourcePortHigh) {
    checkPort(sourcePortHigh);
    this.sourcePortHigh = sourcePortHigh;
  }

  private static void checkPort(int port) {
    if (port < 1024 || port > 65535) {
      throw new IllegalArgumentException("must be from 1024 to 65535");
    }
  }
}
