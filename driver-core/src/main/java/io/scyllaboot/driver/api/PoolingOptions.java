package io.scyllaboot.driver.api;

import java.time.Duration;
import java.util.Objects;

/**
 * How a {@link CqlSessionBuilder}'s pools size themselves (per node, per shard), reach shards and
 * reconnect: their defaults and their checks.
 */
final class PoolingOptions {
  int connectionsPerNode = 1;
  int connectionsPerShard = 1;
  boolean shardAware = true;
  boolean shardAwarePort = true;
  int sourcePortLow = 49152;
  int sourcePortHigh = 65535;
  Duration reconnectBaseDelay = Duration.ofSeconds(1);
  Duration reconnectMaxDelay = Duration.ofSeconds(60);
  // Null: half the request timeout (see CqlSessionBuilder#withUnresponsiveNodeTimeout).
  Duration unresponsiveNodeTimeout;

  void connectionsPerNode(int connections) {
    connectionsPerNode = atLeastOne(connections, "connections per node");
  }

  void connectionsPerShard(int connections) {
    connectionsPerShard = atLeastOne(connections, "connections per shard");
  }

  void reconnectionDelays(Duration base, Duration max) {
    ConnectionOptions.requirePositive(base, "reconnection base delay");
    ConnectionOptions.requirePositive(max, "reconnection max delay");
    if (max.compareTo(base) < 0) {
      throw new IllegalArgumentException(
          "reconnection max delay " + max + " is shorter than the base delay " + base);
    }
    reconnectBaseDelay = base;
    reconnectMaxDelay = max;
  }

  void unresponsiveNodeTimeout(Duration timeout) {
    Objects.requireNonNull(timeout, "unresponsive node timeout");
    if (timeout.isNegative()) {
      throw new IllegalArgumentException(
          "unresponsive node timeout must not be negative, was " + timeout);
    }
    unresponsiveNodeTimeout = timeout;
  }

  /** The timeout set, or by default half the request timeout. */
  Duration effectiveUnresponsiveNodeTimeout(Duration requestTimeout) {
    return unresponsiveNodeTimeout != null ? unresponsiveNodeTimeout : requestTimeout.dividedBy(2);
  }

  String describeShardAwarePort() {
    return shardAwarePort ? sourcePortLow + "-" + sourcePortHigh : "off";
  }

  private static int atLeastOne(int value, String what) {
    if (value < 1) {
      throw new IllegalArgumentException(what + " must be at least 1, was " + value);
    }
    return value;
  }
}
